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

/// A PNG to be shown smaller is read a row at a time into the pixels shown: the same
/// pixels as decoding it whole and scaling them, of every kind of PNG there is.
@Suite("PNGs read in rows")
struct PNGRowReadingTests {
    /// Sizes to show a picture of `width` by `height` at: each way smaller, and one
    /// way only, and down to a pixel.
    static func sizes(width: Int, height: Int) -> [(width: Int, height: Int)] {
        [(width / 3, height / 2), (width, height / 5), (width / 7, height), (1, 1), (width - 1, height - 1)]
            .map { (max(1, $0.0), max(1, $0.1)) }
    }

    @Test func randomPixelsScaleAsWhenDecodedWhole() throws {
        var random = SystemRandomNumberGenerator()
        let (width, height) = (211, 97)
        let rgba = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let png = TestPNG.make(width: width, height: height, rgba: rgba)
        let whole = Pixels(width: width, height: height, rgba: rgba)
        for shown in Self.sizes(width: width, height: height) {
            let read = try ImageDecoder.decode(png, toShow: shown, exactly: true)
            #expect(read == whole.scaled(toWidth: shown.width, height: shown.height), "\(shown)")
        }
    }

    /// The PNGs of Debian's documentation packages (palettes, grey, alpha, 16 bits,
    /// interlaced: those the row reader leaves to the whole decoder come out the same
    /// too).
    @Test func realPngsScaleAsWhenDecodedWhole() throws {
        let walker = FileManager.default.enumerator(atPath: "/usr/share/doc")
        var compared = 0
        while let path = walker?.nextObject() as? String, compared < 150 {
            guard path.lowercased().hasSuffix(".png"), let data = FileManager.default.contents(atPath: "/usr/share/doc/" + path)
            else { continue }
            let bytes = Array(data)
            guard let whole = try? ImageDecoder.decode(bytes), whole.width >= 8, whole.height >= 8 else { continue }
            for shown in Self.sizes(width: whole.width, height: whole.height) {
                let read = try ImageDecoder.decode(bytes, toShow: shown, exactly: true)
                #expect(read == whole.scaled(toWidth: shown.width, height: shown.height), "\(path) at \(shown)")
            }
            compared += 1
        }
        #expect(compared >= 10, "PNGs compared: \(compared)")
    }

    /// A picture no larger than it is shown is not scaled (unless `exactly`); larger
    /// either way, it is scaled down to the size shown.
    @Test func onlyAPictureLargerIsScaled() throws {
        let png = TestPNG.solid(width: 100, height: 40, rgb: 0x336699)
        #expect(try ImageDecoder.decode(png, toShow: (100, 50)).width == 100)
        #expect(try ImageDecoder.decode(png, toShow: (100, 50), exactly: true).height == 50)
        let scaled = try ImageDecoder.decode(png, toShow: (99, 30))
        #expect((scaled.width, scaled.height) == (99, 30))
        #expect(scaled.rgba == Array(repeating: [0x33, 0x66, 0x99, 255], count: 99 * 30).flatMap { $0 })
    }

    @Test func aBrokenOrHugePngGivesItsReason() {
        let good = TestPNG.make(width: 40, height: 40, rgba: Array(repeating: 200, count: 6_400))
        for broken in [Array(good.prefix(good.count - 20)), Array(good.prefix(60))] {
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(broken, toShow: (5, 5)) }
        }
        #expect(throws: ImageDecodingError.tooLarge(width: 40, height: 40)) {
            try ImageDecoder.decode(good, toShow: (5, 5), pixelLimit: 1_000)
        }
    }
}
