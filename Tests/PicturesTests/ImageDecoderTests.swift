import Foundation
import Testing
@testable import Pictures

/// PNGs decode to their exact pixels through libpng; a broken, cut or oversized one
/// gives its reason, never a crash; formats with no decoder yet say so.
@Suite("Image decoding")
struct ImageDecoderTests {
    /// A PNG of `width` by `height` RGBA pixels (`rgba`, rows top to bottom), its image
    /// data in stored (uncompressed) deflate blocks.
    static func png(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for row in 0..<height { raw += [0] + rgba[(row * width * 4)..<((row + 1) * width * 4)] }
        var zlib: [UInt8] = [0x78, 0x01]
        var blocks = stride(from: 0, to: raw.count, by: 65_535).map { raw[$0..<min(raw.count, $0 + 65_535)] }
        if blocks.isEmpty { blocks = [[]] }
        for (number, block) in blocks.enumerated() {
            let length = UInt16(block.count)
            zlib += [number == blocks.count - 1 ? 1 : 0] + littleEndian(length) + littleEndian(~length) + block
        }
        zlib += ImageHeaderTests.bigEndian(adler32(raw), 4)
        let header = ImageHeaderTests.bigEndian(UInt32(width), 4) + ImageHeaderTests.bigEndian(UInt32(height), 4) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return ImageHeaderTests.bigEndian(UInt32(data.count), 4) + typed + ImageHeaderTests.bigEndian(crc32(typed), 4)
    }

    static func littleEndian(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    @Test func aPngDecodesToItsExactPixels() throws {
        var random = SystemRandomNumberGenerator()
        let (width, height) = (37, 300)
        let rgba = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let pixels = try ImageDecoder.decode(Self.png(width: width, height: height, rgba: rgba))
        #expect(pixels == Pixels(width: width, height: height, rgba: rgba))
    }

    @Test func aBrokenPngGivesItsReason() {
        let good = Self.png(width: 4, height: 4, rgba: Array(repeating: 200, count: 64))
        var badChecksum = good
        badChecksum[29] ^= 0xFF  // (IHDR's CRC)
        for broken in [badChecksum, Array(good.prefix(60)), Array(good.prefix(33))] {
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(broken) }
            do {
                _ = try ImageDecoder.decode(broken)
            } catch {
                guard case .corrupt(let reason) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(!reason.isEmpty)
            }
        }
    }

    /// A header that claims more pixels than the limit is refused before any pixel
    /// is made (a few bytes that would ask for gigabytes).
    @Test func aHugeHeaderIsRefusedBeforeDecoding() {
        let bomb = Array(Self.png(width: 1, height: 1, rgba: [0, 0, 0, 0]))
        var huge = bomb
        let size = ImageHeaderTests.bigEndian(100_000, 4) + ImageHeaderTests.bigEndian(100_000, 4)
        huge.replaceSubrange(16..<24, with: size)
        huge.replaceSubrange(29..<33, with: ImageHeaderTests.bigEndian(Self.crc32(Array(huge[12..<29])), 4))
        #expect(throws: ImageDecodingError.tooLarge(width: 100_000, height: 100_000)) { try ImageDecoder.decode(huge) }
        let small = Self.png(width: 10, height: 10, rgba: Array(repeating: 1, count: 400))
        #expect(throws: ImageDecodingError.tooLarge(width: 10, height: 10)) { try ImageDecoder.decode(small, pixelLimit: 99) }
        #expect(throws: Never.self) { try ImageDecoder.decode(small, pixelLimit: 100) }
    }

    @Test func otherFormatsSayWhy() {
        #expect(throws: ImageDecodingError.unknownFormat) { try ImageDecoder.decode(Array("<svg/>".utf8)) }
        let frameless = Array("GIF89a".utf8) + [3, 0, 3, 0, 0, 0, 0, 0x3B]
        do {
            _ = try ImageDecoder.decode(frameless)
            Issue.record("a GIF without a frame decoded")
        } catch {
            if case .corrupt = error {} else { Issue.record("\(error)") }
        }
    }

    /// The PNGs of Debian's documentation packages decode at their headers' size.
    @Test func realPngsDecode() throws {
        let walker = FileManager.default.enumerator(atPath: "/usr/share/doc")
        var decoded = 0
        while let path = walker?.nextObject() as? String, decoded < 100 {
            guard path.lowercased().hasSuffix(".png"), let data = FileManager.default.contents(atPath: "/usr/share/doc/" + path) else { continue }
            let bytes = Array(data)
            let header = try #require(ImageHeader.read(bytes), "\(path)")
            let pixels = try ImageDecoder.decode(bytes)
            #expect(pixels.width == header.width && pixels.height == header.height, "\(path)")
            decoded += 1
        }
        #expect(decoded >= 10, "PNGs decoded: \(decoded)")
    }
}
