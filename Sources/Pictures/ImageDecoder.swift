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
    /// More pixels than may be decoded (a decompression bomb, or a mistake).
    case tooLarge(width: Int, height: Int)
    /// The decoder's reason.
    case corrupt(String)

    /// The reason in a few words, for the status line.
    public var reason: String {
        switch self {
        case .unknownFormat: "not an image docscroll reads"
        case .tooLarge(let width, let height): "too large to decode (\(width)x\(height) pixels)"
        case .corrupt(let reason): "broken image (\(reason))"
        }
    }
}

/// Decodes image files with Debian's decoders (libpng's simplified API, TurboJPEG,
/// giflib, libwebp; librsvg for SVG, loaded when the first is drawn), an image's size
/// checked against a pixel limit before any pixel is
/// made. Of a GIF, the first frame (an animation is not played), read without the
/// frames after it; a JPEG is decoded scaled down by its decoder (in eighths, to 1/8)
/// where that is enough for the size it is shown at, and turned as its Exif
/// orientation says.
public enum ImageDecoder {
    /// Whether SVG can be drawn here: librsvg is installed (it is loaded the first
    /// time this or an SVG's drawing asks).
    public static var drawsSVG: Bool { docscroll_svg_available() != 0 }

    /// Pixels an image may have: 50 megapixels (200 MB decoded).
    public static let standardPixelLimit = 50_000_000

    /// The pixels of the image file `bytes`, as shown: at its own size, or at a size
    /// the decoder scales to on the way that is at least `atLeast` (width and height as
    /// shown), where it can.
    /// - Throws: `ImageDecodingError`: not an image read here, over `pixelLimit`
    ///   pixels (as decoded), or broken.
    public static func decode(
        _ bytes: [UInt8], atLeast: (width: Int, height: Int)? = nil, pixelLimit: Int = standardPixelLimit
    ) throws(ImageDecodingError) -> Pixels {
        guard let header = ImageHeader.read(bytes) else { throw .unknownFormat }
        var decoding = Decoding(bytes: bytes, pixelLimit: pixelLimit)
        switch header.format {
        case .png:
            try decoding.size { docscroll_png_size($0, $1, &$2, &$3, $4, $5) }
            return try decoding.pixels { bytes, count, _, _, pixels, pixelBytes, message, messageBytes in
                docscroll_png_decode(bytes, count, pixels, pixelBytes, message, messageBytes)
            }
        case .jpeg:
            // (The size wanted, as stored: turned back when the image is shown turned.)
            let wanted = atLeast.map { header.isTurned ? ($0.height, $0.width) : ($0.width, $0.height) } ?? (0, 0)
            let (least, most) = (UInt32(clamping: max(0, wanted.0)), UInt32(clamping: max(0, wanted.1)))
            try decoding.size { docscroll_jpeg_size($0, $1, least, most, &$2, &$3, $4, $5) }
            return try decoding.pixels { bytes, count, width, height, pixels, _, message, messageBytes in
                docscroll_jpeg_decode(bytes, count, width, height, pixels, message, messageBytes)
            }.oriented(header.orientation)
        case .gif:
            (decoding.width, decoding.height) = (UInt32(header.width), UInt32(header.height))
            return try decoding.pixels { bytes, count, width, height, pixels, _, message, messageBytes in
                docscroll_gif_decode(bytes, count, width, height, UInt64(pixelLimit), pixels, message, messageBytes)
            }
        case .webp:
            try decoding.size { docscroll_webp_size($0, $1, &$2, &$3, $4, $5) }
            return try decoding.pixels { bytes, count, width, height, pixels, _, message, messageBytes in
                docscroll_webp_decode(bytes, count, width, height, pixels, message, messageBytes)
            }
        case .svg:
            // Drawn at the size asked for (an SVG scales without loss), else at the
            // size its header gives.
            let size = atLeast.map { (max(1, $0.width), max(1, $0.height)) } ?? (header.width, header.height)
            (decoding.width, decoding.height) = (UInt32(clamping: size.0), UInt32(clamping: size.1))
            let natural = (Double(header.width), Double(header.height))
            return try decoding.pixels { bytes, count, width, height, pixels, _, message, messageBytes in
                docscroll_svg_render(bytes, count, natural.0, natural.1, width, height, pixels, message, messageBytes)
            }
        }
    }

    /// The pixels of the image file `bytes` to draw at `shown` (width and height in
    /// pixels): decoded at about that size (`decode(_:atLeast:pixelLimit:)`), then
    /// scaled down to it where larger either way, or to it exactly when `exactly`
    /// (`Pixels.toShow(_:exactly:)`). A PNG to be scaled down both ways is
    /// read a row at a time into the pixels shown, holding none at its own size: the
    /// same pixels, without a picture of many megabytes decoded first.
    /// - Throws: as `decode(_:atLeast:pixelLimit:)`.
    public static func decode(
        _ bytes: [UInt8], toShow shown: (width: Int, height: Int), exactly: Bool = false, pixelLimit: Int = standardPixelLimit
    ) throws(ImageDecodingError) -> Pixels {
        let shown = (width: max(1, shown.width), height: max(1, shown.height))
        // An SVG is drawn at the size shown, whatever its own.
        if ImageHeader.read(bytes)?.format == .svg { return try decode(bytes, atLeast: shown, pixelLimit: pixelLimit) }
        if let header = ImageHeader.read(bytes), header.format == .png,
            Pixels.scales(from: (header.width, header.height), toShow: shown, exactly: exactly),
            shown.width <= header.width, shown.height <= header.height
        {
            var decoding = Decoding(bytes: bytes, pixelLimit: pixelLimit)
            try decoding.size { docscroll_png_size($0, $1, &$2, &$3, $4, $5) }
            let (width, height) = (Int(decoding.width), Int(decoding.height))
            guard width > 0, height > 0, width <= pixelLimit / height else { throw .tooLarge(width: width, height: height) }
            (decoding.width, decoding.height) = (UInt32(shown.width), UInt32(shown.height))
            var readInRows = true
            let pixels = try decoding.pixels { bytes, count, width, height, pixels, _, message, messageBytes in
                let result = docscroll_png_decode_scaled(bytes, count, width, height, pixels, message, messageBytes)
                readInRows = result != 1
                return result == 1 ? 0 : result
            }
            if readInRows { return pixels }
        }
        return try decode(bytes, atLeast: shown, pixelLimit: pixelLimit).toShow(shown, exactly: exactly)
    }

    /// One image's decoding: its size as its decoder reads it, then its pixels, each C
    /// call answering 0 or a reason.
    private struct Decoding {
        let bytes: [UInt8]
        let pixelLimit: Int
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)

        init(bytes: [UInt8], pixelLimit: Int) {
            self.bytes = bytes
            self.pixelLimit = pixelLimit
        }

        /// Reads the size the pixels will have with `read` (the file, its length, the
        /// width and height to set, the message and its length).
        mutating func size(
            _ read: (UnsafePointer<UInt8>?, Int, inout UInt32, inout UInt32, UnsafeMutablePointer<CChar>?, Int) -> Int32
        ) throws(ImageDecodingError) {
            var (width, height) = (self.width, self.height)
            let result = bytes.withUnsafeBufferPointer { bytes in
                message.withUnsafeMutableBufferPointer { read(bytes.baseAddress, bytes.count, &width, &height, $0.baseAddress, $0.count) }
            }
            guard result == 0 else { throw .corrupt(ImageDecoder.text(message)) }
            (self.width, self.height) = (width, height)
        }

        /// The pixels `decode` makes (given the file, its length, the size, the pixels
        /// to fill and their length, the message and its length), refused over the
        /// pixel limit before any is made.
        mutating func pixels(
            _ decode: (UnsafePointer<UInt8>?, Int, UInt32, UInt32, UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<CChar>?, Int) -> Int32
        ) throws(ImageDecodingError) -> Pixels {
            let (columns, rows) = (Int(width), Int(height))
            guard columns > 0, rows > 0, columns <= pixelLimit / rows else { throw .tooLarge(width: columns, height: rows) }
            var rgba = [UInt8](repeating: 0, count: columns * rows * 4)
            let (width, height) = (self.width, self.height)
            let result = bytes.withUnsafeBufferPointer { bytes in
                rgba.withUnsafeMutableBufferPointer { pixels in
                    message.withUnsafeMutableBufferPointer {
                        decode(bytes.baseAddress, bytes.count, width, height, pixels.baseAddress, pixels.count, $0.baseAddress, $0.count)
                    }
                }
            }
            guard result == 0 else { throw .corrupt(ImageDecoder.text(message)) }
            return Pixels(width: columns, height: rows, rgba: rgba)
        }
    }

    /// A decoder's message, up to its zero byte.
    fileprivate static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Pixels {
    /// The pixels as an Exif orientation says they are shown: 2 mirrored across, 3 a
    /// half turn, 4 mirrored down, 5 mirrored along the main diagonal, 6 a quarter turn
    /// clockwise, 7 mirrored along the other diagonal, 8 a quarter turn anticlockwise;
    /// 1 (or any other) as they are.
    func oriented(_ orientation: Int) -> Pixels {
        guard (2...8).contains(orientation) else { return self }
        let turned = orientation >= 5
        let (shownWidth, shownHeight) = turned ? (height, width) : (width, height)
        var shown = [UInt8](repeating: 0, count: rgba.count)
        for y in 0..<shownHeight {
            for x in 0..<shownWidth {
                // The stored pixel shown at (x, y).
                let (sx, sy): (Int, Int)
                switch orientation {
                case 2: (sx, sy) = (width - 1 - x, y)
                case 3: (sx, sy) = (width - 1 - x, height - 1 - y)
                case 4: (sx, sy) = (x, height - 1 - y)
                case 5: (sx, sy) = (y, x)
                case 6: (sx, sy) = (y, height - 1 - x)
                case 7: (sx, sy) = (width - 1 - y, height - 1 - x)
                default: (sx, sy) = (width - 1 - y, x)
                }
                let from = (sy * width + sx) * 4, to = (y * shownWidth + x) * 4
                shown[to..<(to + 4)] = rgba[from..<(from + 4)]
            }
        }
        return Pixels(width: shownWidth, height: shownHeight, rgba: shown)
    }
}

extension Pixels {
    /// Whether pixels of `size` are scaled to draw them at `shown`: when `exactly`, or
    /// when larger either way (what is drawn from them would only sample them again).
    static func scales(from size: (width: Int, height: Int), toShow shown: (width: Int, height: Int), exactly: Bool) -> Bool {
        guard size != shown else { return false }
        return exactly || size.width > shown.width || size.height > shown.height
    }

    /// The pixels to draw at `shown`: scaled to it where `scales(from:toShow:exactly:)`
    /// says, else themselves.
    public func toShow(_ shown: (width: Int, height: Int), exactly: Bool = false) -> Pixels {
        Self.scales(from: (width, height), toShow: shown, exactly: exactly) ? scaled(toWidth: shown.width, height: shown.height) : self
    }

    /// The pixels scaled to `width` by `height` (each at least 1): going down, each new
    /// pixel the average of those it covers, weighted by their alpha (a transparent
    /// pixel's colour counts for nothing); going up, the nearest. What an image decoded
    /// at its own size is kept as once it is known how large it is shown.
    public func scaled(toWidth width: Int, height: Int) -> Pixels {
        let (width, height) = (max(1, width), max(1, height))
        guard width != self.width || height != self.height else { return self }
        var scaled = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let top = y * self.height / height
            let bottom = max(top + 1, (y + 1) * self.height / height)
            for x in 0..<width {
                let left = x * self.width / width
                let right = max(left + 1, (x + 1) * self.width / width)
                var (red, green, blue, alpha) = (0, 0, 0, 0)
                for sourceY in top..<bottom {
                    var at = (sourceY * self.width + left) * 4
                    for _ in left..<right {
                        let weight = Int(rgba[at + 3])
                        red += Int(rgba[at]) * weight
                        green += Int(rgba[at + 1]) * weight
                        blue += Int(rgba[at + 2]) * weight
                        alpha += weight
                        at += 4
                    }
                }
                let to = (y * width + x) * 4
                let count = (bottom - top) * (right - left)
                if alpha > 0 {
                    scaled[to] = UInt8((red + alpha / 2) / alpha)
                    scaled[to + 1] = UInt8((green + alpha / 2) / alpha)
                    scaled[to + 2] = UInt8((blue + alpha / 2) / alpha)
                }
                scaled[to + 3] = UInt8((alpha + count / 2) / count)
            }
        }
        return Pixels(width: width, height: height, rgba: scaled)
    }
}
