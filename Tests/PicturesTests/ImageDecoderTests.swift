import Foundation
import Testing
@testable import Pictures
import TestSupport

/// PNGs decode to their exact pixels through libpng; a broken, cut or oversized one
/// gives its reason, never a crash; formats with no decoder yet say so.
@Suite("Image decoding")
struct ImageDecoderTests {
    @Test func aPngDecodesToItsExactPixels() throws {
        var random = SystemRandomNumberGenerator()
        let (width, height) = (37, 300)
        let rgba = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let pixels = try ImageDecoder.decode(TestPNG.make(width: width, height: height, rgba: rgba))
        #expect(pixels == Pixels(width: width, height: height, rgba: rgba))
    }

    @Test func aBrokenPngGivesItsReason() {
        let good = TestPNG.make(width: 4, height: 4, rgba: Array(repeating: 200, count: 64))
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
        let bomb = Array(TestPNG.make(width: 1, height: 1, rgba: [0, 0, 0, 0]))
        var huge = bomb
        let size = ImageHeaderTests.bigEndian(100_000, 4) + ImageHeaderTests.bigEndian(100_000, 4)
        huge.replaceSubrange(16..<24, with: size)
        huge.replaceSubrange(29..<33, with: ImageHeaderTests.bigEndian(TestPNG.crc32(Array(huge[12..<29])), 4))
        #expect(throws: ImageDecodingError.tooLarge(width: 100_000, height: 100_000)) { try ImageDecoder.decode(huge) }
        let small = TestPNG.make(width: 10, height: 10, rgba: Array(repeating: 1, count: 400))
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
