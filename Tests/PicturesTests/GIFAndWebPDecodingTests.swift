import Foundation
import Testing
@testable import Pictures

/// A GIF's first frame decodes onto its canvas (clipped, interlaced or not, its
/// transparent colour clear), whatever frames follow; a still WebP decodes, lossless
/// exactly, lossy within its loss.
@Suite("GIF and WebP decoding")
struct GIFAndWebPDecodingTests {
    static let palette: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]

    /// A frame's image data: LZW of minimum code size 2 (codes of 3 bits), a clear code
    /// before every two pixels so that the codes never widen, in sub-blocks.
    static func lzw(_ indices: [UInt8]) -> [UInt8] {
        var bits: [Bool] = []
        func code(_ value: Int) { for bit in 0..<3 { bits.append(value >> bit & 1 == 1) } }
        for (number, index) in indices.enumerated() {
            if number % 2 == 0 { code(4) }
            code(Int(index))
        }
        code(5)
        var bytes = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (at, bit) in bits.enumerated() where bit { bytes[at / 8] |= 1 << UInt8(at % 8) }
        var data: [UInt8] = [2]
        for start in stride(from: 0, to: bytes.count, by: 255) {
            let block = bytes[start..<min(bytes.count, start + 255)]
            data += [UInt8(block.count)] + block
        }
        return data + [0]
    }

    /// A frame `width` by `height` at `left`, `top`, its rows `rows` (palette indices,
    /// written in interlaced order when `interlaced`), after a graphics control block
    /// when `transparent` is given.
    static func frame(left: Int, top: Int, width: Int, height: Int, rows: [[UInt8]], interlaced: Bool = false, transparent: UInt8? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        if let transparent { bytes += [0x21, 0xF9, 4, 1, 0, 0, transparent, 0] }
        // (Interlaced: every eighth row from 0, every eighth from 4, every fourth from
        // 2, every second from 1.)
        var order: [Int] = []
        for (start, step) in interlaced ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)] { order += Array(stride(from: start, to: height, by: step)) }
        bytes.append(0x2C)
        for value in [left, top, width, height] { bytes += ImageHeaderTests.littleEndian(UInt32(value), 2) }
        bytes.append(interlaced ? 0x40 : 0)
        return bytes + lzw(order.flatMap { rows[$0] })
    }

    static func gif(width: Int, height: Int, frames: [[UInt8]]) -> [UInt8] {
        Array("GIF89a".utf8) + ImageHeaderTests.littleEndian(UInt32(width), 2) + ImageHeaderTests.littleEndian(UInt32(height), 2)
            + [0x81, 0, 0] + palette.flatMap { $0 } + frames.flatMap { $0 } + [0x3B]
    }

    /// The RGBA a row of palette indices shows (`nil`: transparent).
    static func rgba(_ indices: [UInt8?]) -> [UInt8] {
        indices.flatMap { $0.map { palette[Int($0)] + [255] } ?? [0, 0, 0, 0] }
    }

    @Test(arguments: [false, true])
    func aGifsFirstFrameDecodesOntoItsCanvas(interlaced: Bool) throws {
        let rows: [[UInt8]] = (0..<10).map { y in (0..<3).map { x in UInt8((x + y) % 4) } }
        // The frame at (1, 1) runs a column past the canvas's right edge; a second
        // frame, all white, is not shown.
        let first = Self.frame(left: 1, top: 1, width: 3, height: 10, rows: rows, interlaced: interlaced, transparent: 2)
        let second = Self.frame(left: 0, top: 0, width: 3, height: 11, rows: Array(repeating: [3, 3, 3], count: 11))
        let pixels = try ImageDecoder.decode(Self.gif(width: 3, height: 11, frames: [first, second]))
        var expected = Self.rgba([nil, nil, nil])
        for row in rows { expected += Self.rgba([nil] + row.prefix(2).map { $0 == 2 ? nil : $0 }) }
        #expect(pixels == Pixels(width: 3, height: 11, rgba: expected))
    }

    /// An animation of 10,000 frames is its first: the rest is never read.
    @Test func aGifOfTenThousandFramesIsItsFirst() throws {
        let first = Self.frame(left: 0, top: 0, width: 2, height: 2, rows: [[0, 1], [2, 3]])
        let white = Self.frame(left: 0, top: 0, width: 2, height: 2, rows: [[3, 3], [3, 3]])
        let still = try ImageDecoder.decode(Self.gif(width: 2, height: 2, frames: [first]))
        let animated = Self.gif(width: 2, height: 2, frames: [first] + Array(repeating: white, count: 9_999))
        #expect(try ImageDecoder.decode(animated) == still)
        #expect(still == Pixels(width: 2, height: 2, rgba: Self.rgba([0, 1, 2, 3])))
    }

    @Test func aGifFrameOverThePixelLimitOrCutIsRefused() {
        let rows: [[UInt8]] = Array(repeating: [1, 1], count: 2)
        // A frame that says it is 300x300, on a canvas of 2x2.
        var descriptor: [UInt8] = [0x2C]
        for value: UInt32 in [0, 0, 300, 300] { descriptor += ImageHeaderTests.littleEndian(value, 2) }
        descriptor.append(0)
        let huge = Self.gif(width: 2, height: 2, frames: [descriptor + Self.lzw([1, 1, 1, 1])])
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(huge, pixelLimit: 1_000) }
        let good = Self.gif(width: 2, height: 2, frames: [Self.frame(left: 0, top: 0, width: 2, height: 2, rows: rows)])
        #expect(throws: Never.self) { try ImageDecoder.decode(good) }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(Array(good.prefix(good.count - 8))) }
    }

    /// The 64x48 gradient of `JPEGDecodingTests`, made with `cwebp -lossless` and
    /// `cwebp -q 90`.
    static let lossless = Array(Data(base64Encoded: "UklGRkAAAABXRUJQVlA4TDQAAAAvP8ALAAmAIAb8RyuI6H/qC4Ag/KcriOh/6lDTtgHTyR94/4pA0hZv+wcwJgDErRfA+v8G")!)
    static let lossy = Array(Data(base64Encoded: "UklGRiIBAABXRUJQVlA4IBYBAAAQCQCdASpAADAAPjEUiEKiISEgsBqoAEAGCWYAnTLQekecfjl0g3QUWh25G/JmWsq0mA19r92CBHC45LKkXMHtAIv5hR9VbFC7l3sijP//tAAA/v9+QvAEftKfkatH/3Xn60VbOCT5/RvvE+xlo5A1zjLBw6T1ryGhnFNS9HJViC6Fi3H4pH5j0R/xsLFyGmyktsAf0tBmh5v+sr8k1/mvexjlavJ6ueM/+Gm2Xp9xmB+VPNVFGcK/ADlRzVaCbbS0r3x53kGelc+xRjzOjZdG93PYB0arucFRF1AfgoS/W69ANgHoUcI41Cgugzvh2TQJIHMyjHUq1p+Gt51QFW3tH7uFXVPfraya7raXcOpj4KS7RAAAAA==")!)

    @Test func aWebPDecodes() throws {
        let exact = try ImageDecoder.decode(Self.lossless)
        var gradient: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 { gradient += [UInt8(x * 4), UInt8(y * 5), 128, 255] }
        }
        #expect(exact == Pixels(width: 64, height: 48, rgba: gradient))
        let near = try ImageDecoder.decode(Self.lossy)
        #expect(near.width == 64 && near.height == 48)
        #expect(JPEGDecodingTests.meanError(near) < 4, "\(JPEGDecodingTests.meanError(near))")
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(Array(Self.lossy.prefix(200))) }
    }
}
