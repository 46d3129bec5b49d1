/// What an image file's first bytes say of it: its format and its size in pixels, as
/// shown (a JPEG's Exif orientation turned). Read before any pixel is decoded, so that
/// a page lays an image's box out at once and nothing below it moves when its pixels
/// come (the pixels are decoded later, near the viewport only).
public struct ImageHeader: Equatable, Sendable {
    public enum Format: String, Sendable {
        case png, jpeg, gif, webp
        /// Drawn by librsvg at the size shown, which its header gives in CSS pixels.
        case svg
    }

    public var format: Format
    /// Pixels across and down, as the image is shown.
    public var width: Int
    public var height: Int
    /// How the stored pixels are turned to be shown: a JPEG's Exif orientation, 1 (as
    /// stored) to 8; 5 to 8 turn them a quarter.
    public var orientation: Int

    public init(format: Format, width: Int, height: Int, orientation: Int = 1) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }

    /// Whether the stored pixels are turned a quarter to be shown (their width is the
    /// height shown).
    public var isTurned: Bool { (5...8).contains(orientation) }

    /// Bytes read from the file's start at most: a JPEG's frame header comes after its
    /// metadata segments (an Exif block of tens of kilobytes, at most 64 KB each).
    public static let bytesRead = 1 << 18

    /// The header of the image whose first bytes are `bytes` (`bytesRead` of them, or
    /// the whole file when shorter); `nil` when they are no image of a known format,
    /// or are cut before its size.
    public static func read(_ bytes: some Collection<UInt8>) -> ImageHeader? {
        let bytes = Array(bytes.prefix(bytesRead))
        guard let first = bytes.first else { return nil }
        let header: ImageHeader?
        switch first {
        case 0x89: header = png(bytes)
        case 0xFF: header = jpeg(bytes)
        case UInt8(ascii: "G"): header = gif(bytes)
        case UInt8(ascii: "R"): header = webp(bytes)
        case UInt8(ascii: "<"), 0xEF, 0x20, 0x09, 0x0A, 0x0D: header = svg(bytes)
        default: header = nil
        }
        guard let header, header.width > 0, header.height > 0 else { return nil }
        return header
    }

    // MARK: Formats

    /// The signature, then the first chunk, `IHDR`: width and height, 4 bytes each.
    private static func png(_ bytes: [UInt8]) -> ImageHeader? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, bytes.starts(with: signature), bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return ImageHeader(format: .png, width: bigEndian(bytes, 16, 4), height: bigEndian(bytes, 20, 4))
    }

    /// `GIF87a` or `GIF89a`, then the logical screen's width and height (the canvas
    /// every frame is drawn on), 2 bytes each, little-endian.
    private static func gif(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 10, bytes[0..<6].elementsEqual("GIF87a".utf8) || bytes[0..<6].elementsEqual("GIF89a".utf8) else { return nil }
        return ImageHeader(format: .gif, width: littleEndian(bytes, 6, 2), height: littleEndian(bytes, 8, 2))
    }

    /// `RIFF`, the size, `WEBP`, then the first chunk: `VP8 ` (lossy: 14 bits each
    /// after the frame's start code), `VP8L` (lossless: 14 bits each, less one, after
    /// its signature byte) or `VP8X` (extended: the canvas, 24 bits each, less one).
    private static func webp(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 30, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else { return nil }
        let chunk = bytes[12..<16]
        if chunk.elementsEqual("VP8 ".utf8) {
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return ImageHeader(format: .webp, width: littleEndian(bytes, 26, 2) & 0x3FFF, height: littleEndian(bytes, 28, 2) & 0x3FFF)
        }
        if chunk.elementsEqual("VP8L".utf8) {
            guard bytes[20] == 0x2F else { return nil }
            let bits = littleEndian(bytes, 21, 4)
            return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        }
        if chunk.elementsEqual("VP8X".utf8) {
            return ImageHeader(format: .webp, width: littleEndian(bytes, 24, 3) + 1, height: littleEndian(bytes, 27, 3) + 1)
        }
        return nil
    }

    /// Segments from the start-of-image marker to the first start-of-frame, whose
    /// header holds the height and width (2 bytes each, after the sample precision);
    /// an Exif segment before it may say the image is shown turned a quarter.
    private static func jpeg(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        var orientation = 1
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            // (Fill bytes before a marker, and markers without a length.)
            if marker == 0xFF {
                at += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                at += 2
                continue
            }
            let length = bigEndian(bytes, at + 2, 2)
            guard length >= 2 else { return nil }
            let body = (at + 4)..<min(bytes.count, at + 2 + length)
            switch marker {
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard body.count >= 5 else { return nil }
                let (height, width) = (bigEndian(bytes, body.lowerBound + 1, 2), bigEndian(bytes, body.lowerBound + 3, 2))
                var header = ImageHeader(format: .jpeg, width: width, height: height, orientation: orientation)
                if header.isTurned { (header.width, header.height) = (height, width) }
                return header
            case 0xE1:
                if let exif = exifOrientation(bytes[body]), (1...8).contains(exif) { orientation = exif }
            case 0xD9, 0xDA:
                // The image's end, or its scan, before any frame header.
                return nil
            default:
                break
            }
            at += 2 + length
        }
        return nil
    }

    /// The orientation tag (0x0112) of an Exif segment's first image directory: 5 to 8
    /// turn the image a quarter.
    private static func exifOrientation(_ segment: ArraySlice<UInt8>) -> Int? {
        let bytes = Array(segment)
        guard bytes.count >= 14, bytes[0..<6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let tiff = 6
        let isLittle: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): isLittle = true
        case (0x4D, 0x4D): isLittle = false
        default: return nil
        }
        func number(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            return isLittle ? littleEndian(bytes, offset, count) : bigEndian(bytes, offset, count)
        }
        guard let directory = number(tiff + 4, 4).map({ tiff + $0 }), let entries = number(directory, 2) else { return nil }
        for entry in 0..<min(entries, 512) {
            let at = directory + 2 + entry * 12
            guard let tag = number(at, 2) else { return nil }
            if tag == 0x0112 { return number(at + 8, 2) }
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
