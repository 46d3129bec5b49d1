import CPictureCodecs

/// An image's pixels: red, green, blue and alpha a byte each (alpha straight, not
/// premultiplied), rows top to bottom.
public struct Pixels: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "four bytes a pixel")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Bytes the pixels take.
    public var byteCount: Int { rgba.count }
}

/// Why an image was not decoded: what its box says in place of its pixels.
public enum ImageDecodingError: Error, Equatable, Sendable {
    /// Not an image of a format known here.
    case unknownFormat
    /// A format known, with no decoder here yet.
    case unsupported(ImageHeader.Format)
    /// More pixels than may be decoded (a decompression bomb, or a mistake).
    case tooLarge(width: Int, height: Int)
    /// The decoder's reason.
    case corrupt(String)

    /// The reason in a few words, for the status line.
    public var reason: String {
        switch self {
        case .unknownFormat: "not an image docscroll reads"
        case .unsupported(let format): "\(format.rawValue.uppercased()) is not decoded yet"
        case .tooLarge(let width, let height): "too large to decode (\(width)x\(height) pixels)"
        case .corrupt(let reason): "broken image (\(reason))"
        }
    }
}

/// Decodes image files with Debian's decoders (libpng's simplified API), an image's
/// size checked against a pixel limit before any pixel is made.
public enum ImageDecoder {
    /// Pixels an image may have: 50 megapixels (200 MB decoded).
    public static let standardPixelLimit = 50_000_000

    /// The pixels of the image file `bytes`, at its own size.
    /// - Throws: `ImageDecodingError`: unknown or not yet decoded format, over
    ///   `pixelLimit` pixels, or broken.
    public static func decode(_ bytes: [UInt8], pixelLimit: Int = standardPixelLimit) throws(ImageDecodingError) -> Pixels {
        guard let header = ImageHeader.read(bytes) else { throw .unknownFormat }
        switch header.format {
        case .png: return try png(bytes, pixelLimit: pixelLimit)
        case .jpeg, .gif, .webp: throw .unsupported(header.format)
        }
    }

    private static func png(_ bytes: [UInt8], pixelLimit: Int) throws(ImageDecodingError) -> Pixels {
        var message = [CChar](repeating: 0, count: 256)
        var width: UInt32 = 0, height: UInt32 = 0
        let read = bytes.withUnsafeBufferPointer { docscroll_png_size($0.baseAddress, $0.count, &width, &height, &message, message.count) }
        guard read == 0 else { throw .corrupt(Self.text(message)) }
        let (columns, rows) = (Int(width), Int(height))
        guard columns > 0, rows > 0, columns <= pixelLimit / rows else { throw .tooLarge(width: columns, height: rows) }
        var rgba = [UInt8](repeating: 0, count: columns * rows * 4)
        let decoded = bytes.withUnsafeBufferPointer { bytes in
            rgba.withUnsafeMutableBufferPointer { pixels in
                docscroll_png_decode(bytes.baseAddress, bytes.count, pixels.baseAddress, pixels.count, &message, message.count)
            }
        }
        guard decoded == 0 else { throw .corrupt(Self.text(message)) }
        return Pixels(width: columns, height: rows, rgba: rgba)
    }

    /// A decoder's message, up to its zero byte.
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
