import Foundation
import Testing
@testable import Pictures

/// An image's size comes from its first bytes, in each format, before any decoding;
/// bytes that are no image, or are cut before the size, give none.
@Suite("Image headers")
struct ImageHeaderTests {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width, 4) + bigEndian(height, 4)
            + [8, 6, 0, 0, 0]
    }

    static func bigEndian(_ value: UInt32, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }

    static func littleEndian(_ value: UInt32, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }

    /// A JPEG's start, an APP0 segment, `before` (more segments), then a baseline
    /// frame header of `width` by `height`.
    static func jpeg(width: UInt32, height: UInt32, before: [UInt8] = []) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let frame: [UInt8] = [0xFF, 0xC0, 0, 17, 8] + bigEndian(height, 2) + bigEndian(width, 2) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return [0xFF, 0xD8] + app0 + before + frame + [0xFF, 0xDA]
    }

    /// An Exif segment whose first directory holds the orientation tag, in either
    /// byte order.
    static func exif(orientation: UInt32, littleEndian isLittle: Bool) -> [UInt8] {
        let number = { (value: UInt32, count: Int) in isLittle ? littleEndian(value, count) : bigEndian(value, count) }
        let tiff: [UInt8] = (isLittle ? [0x49, 0x49] : [0x4D, 0x4D]) + number(42, 2) + number(8, 4)
        let directory = number(1, 2) + number(0x0112, 2) + number(3, 2) + number(1, 4) + number(orientation, 2) + [0, 0] + number(0, 4)
        let body = Array("Exif".utf8) + [0, 0] + tiff + directory
        return [0xFF, 0xE1] + bigEndian(UInt32(body.count + 2), 2) + body
    }

    @Test func pngGivesItsHeaderChunksSize() {
        #expect(ImageHeader.read(Self.png(width: 640, height: 480)) == ImageHeader(format: .png, width: 640, height: 480))
        #expect(ImageHeader.read(Self.png(width: 100_000, height: 3)) == ImageHeader(format: .png, width: 100_000, height: 3))
        #expect(ImageHeader.read(Self.png(width: 0, height: 3)) == nil, "no pixels across")
        #expect(ImageHeader.read(Self.png(width: 640, height: 480).prefix(20)) == nil, "cut before the height")
    }

    @Test func gifGivesItsLogicalScreen() {
        for version in ["GIF87a", "GIF89a"] {
            let bytes = Array(version.utf8) + Self.littleEndian(300, 2) + Self.littleEndian(20, 2) + [0xF7, 0, 0]
            #expect(ImageHeader.read(bytes) == ImageHeader(format: .gif, width: 300, height: 20))
        }
        #expect(ImageHeader.read(Array("GIF90a".utf8) + [1, 0, 1, 0]) == nil)
    }

    @Test func jpegGivesItsFrameHeaderPastOtherSegments() {
        #expect(ImageHeader.read(Self.jpeg(width: 1024, height: 768)) == ImageHeader(format: .jpeg, width: 1024, height: 768))
        // A comment segment and fill bytes before the frame header.
        let comment: [UInt8] = [0xFF, 0xFE, 0, 7] + Array("hello".utf8) + [0xFF, 0xFF]
        #expect(ImageHeader.read(Self.jpeg(width: 33, height: 44, before: comment)) == ImageHeader(format: .jpeg, width: 33, height: 44))
        // A progressive frame header.
        var progressive = Self.jpeg(width: 5, height: 6)
        progressive[progressive.firstIndex(of: 0xC0)!] = 0xC2
        #expect(ImageHeader.read(progressive) == ImageHeader(format: .jpeg, width: 5, height: 6))
        #expect(ImageHeader.read(Self.jpeg(width: 1024, height: 768).prefix(25)) == nil, "cut before the frame header")
        // A scan before any frame header: no size.
        #expect(ImageHeader.read([0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xC0, 0, 17, 8, 0, 1, 0, 1]) == nil)
    }

    /// Orientations 5 to 8 show the image turned a quarter: its width is its height.
    @Test(arguments: [(UInt32(1), false), (3, false), (5, true), (6, true), (8, true)])
    func jpegExifOrientationTurnsTheSize(orientation: UInt32, turned: Bool) {
        for isLittle in [true, false] {
            let bytes = Self.jpeg(width: 400, height: 300, before: Self.exif(orientation: orientation, littleEndian: isLittle))
            let expected = turned
                ? ImageHeader(format: .jpeg, width: 300, height: 400, orientation: Int(orientation))
                : ImageHeader(format: .jpeg, width: 400, height: 300, orientation: Int(orientation))
            #expect(ImageHeader.read(bytes) == expected, "orientation \(orientation), \(isLittle ? "II" : "MM")")
        }
    }

    @Test func webpGivesEachKindOfFirstChunk() {
        func riff(_ chunk: String, _ data: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + Self.littleEndian(UInt32(data.count + 12), 4) + Array("WEBP".utf8) + Array(chunk.utf8)
                + Self.littleEndian(UInt32(data.count), 4) + data
        }
        let lossy = riff("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + Self.littleEndian(550, 2) + Self.littleEndian(368, 2) + [0, 0])
        #expect(ImageHeader.read(lossy) == ImageHeader(format: .webp, width: 550, height: 368))
        let bits = UInt32(386 - 1) | UInt32(395 - 1) << 14
        let lossless = riff("VP8L", [0x2F] + Self.littleEndian(bits, 4) + [0, 0, 0, 0, 0])
        #expect(ImageHeader.read(lossless) == ImageHeader(format: .webp, width: 386, height: 395))
        let extended = riff("VP8X", [0x10, 0, 0, 0] + Self.littleEndian(1999, 3) + Self.littleEndian(99, 3))
        #expect(ImageHeader.read(extended) == ImageHeader(format: .webp, width: 2000, height: 100))
        #expect(ImageHeader.read(riff("VP8 ", [0x30, 0x01, 0x00, 0x00, 0x00, 0x00, 1, 0, 1, 0, 0, 0])) == nil, "no start code")
    }

    @Test func otherBytesAreNoImage() {
        for text in ["", "<svg xmlns='http://www.w3.org/2000/svg'/>", "GIF", "RIFF....WAVEfmt ", "\u{89}PNX"] {
            #expect(ImageHeader.read(Array(text.utf8)) == nil, "\(text)")
        }
    }

    /// On the pictures of Debian's documentation packages, the sizes `file` reads.
    @Test func realPicturesGiveTheSizesFileReads() throws {
        let roots = ["/usr/share/doc"]
        var paths: [String] = []
        for root in roots {
            let walker = FileManager.default.enumerator(atPath: root)
            while let path = walker?.nextObject() as? String, paths.count < 400 {
                let name = path.lowercased()
                if name.hasSuffix(".png") || name.hasSuffix(".gif") || name.hasSuffix(".jpg") || name.hasSuffix(".jpeg") {
                    paths.append(root + "/" + path)
                }
            }
        }
        try #require(paths.count >= 10, "pictures to read (python3.11-doc has hundreds)")
        let file = Process()
        file.executableURL = URL(fileURLWithPath: "/usr/bin/file")
        file.arguments = ["-b", "--"] + paths
        let output = Pipe()
        file.standardOutput = output
        try file.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        file.waitUntilExit()
        try #require(said.count == paths.count)
        var compared = 0
        for (path, line) in zip(paths, said) {
            // "PNG image data, 16 x 16, …", "GIF image data, version 87a, 460 x 497",
            // "JPEG image data, …, precision 8, 493x58, …"
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let size = fields.first(where: { field in
                let sides = field.replacingOccurrences(of: " ", with: "").split(separator: "x")
                return sides.count == 2 && sides.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
            }), !line.contains("orientation") else { continue }
            let sides = size.replacingOccurrences(of: " ", with: "").split(separator: "x").compactMap { Int($0) }
            let bytes = try #require(FileManager.default.contents(atPath: path))
            let header = ImageHeader.read(bytes)
            #expect(header.map { [$0.width, $0.height] } == sides, "\(path): \(line)")
            compared += 1
        }
        #expect(compared >= paths.count / 2, "most pictures compared (\(compared) of \(paths.count))")
    }
}
