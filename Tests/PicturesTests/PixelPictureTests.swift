import Foundation
import Testing
@testable import Pictures

/// Pictures in real pixels: the bytes libchafa writes for sixel and for the kitty
/// protocol, decoded back here, give the picture (kitty exactly, sixel within its
/// palette's loss), over the cells asked for.
@Suite("Pictures in pixels")
struct PixelPictureTests {
    /// Four quadrants of pure colours, 40 by 40 pixels: 4 by 2 cells of 10 by 20.
    static let quadrants: Pixels = {
        var rgba: [UInt8] = []
        for y in 0..<40 {
            for x in 0..<40 {
                switch (x < 20, y < 20) {
                case (true, true): rgba += [255, 0, 0, 255]
                case (false, true): rgba += [0, 255, 0, 255]
                case (true, false): rgba += [0, 0, 255, 255]
                case (false, false): rgba += [255, 255, 255, 255]
                }
            }
        }
        return Pixels(width: 40, height: 40, rgba: rgba)
    }()

    @Test func kittysPayloadIsThePixels() throws {
        let bytes = PixelPicture.encode(Self.quadrants, columns: 4, rows: 2, cell: .standard, protocol: .kitty)
        let text = String(decoding: bytes, as: UTF8.self)
        // APC G commands: keys, then `;` and a chunk of base64 (each padded on its
        // own), ending in ESC \.
        var keys: [String: String] = [:]
        var pixels = Data()
        for command in text.components(separatedBy: "\u{1B}_G").dropFirst() {
            let body = try #require(command.components(separatedBy: "\u{1B}\\").first)
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            for pair in parts[0].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
            }
            if parts.count == 2 { pixels.append(try #require(Data(base64Encoded: String(parts[1])))) }
        }
        #expect(keys["a"] == "T", "transmitted and shown")
        #expect(keys["c"] == "4" && keys["r"] == "2", "over 4 by 2 cells")
        let width = try #require(keys["s"].flatMap { Int($0) })
        let height = try #require(keys["v"].flatMap { Int($0) })
        let channels = keys["f"] == "24" ? 3 : 4
        #expect(pixels.count == width * height * channels)
        // Each quadrant's middle pixel, wherever the picture was scaled to.
        for (x, y, colour) in [(1, 1, [255, 0, 0]), (3, 1, [0, 255, 0]), (1, 3, [0, 0, 255]), (3, 3, [255, 255, 255])] as [(Int, Int, [UInt8])] {
            let at = ((y * height / 4) * width + x * width / 4) * channels
            #expect(Array(pixels[at..<(at + 3)]) == colour, "quadrant at \(x), \(y)")
        }
    }

    /// Sixels decoded here: `#n;2;r;g;b` sets colour n (in percent), `#n` picks it,
    /// each character from `?` is six pixels down a column, `!n` repeats one, `$`
    /// goes back to the band's start, `-` down a band.
    static func decodeSixels(_ text: String) -> (width: Int, height: Int, pixels: [[Int: [UInt8]]]) {
        guard let start = text.range(of: "q") else { return (0, 0, []) }
        var palette: [Int: [UInt8]] = [:]
        var rows: [[Int: [UInt8]]] = []
        var (x, band, colour) = (0, 0, 0)
        var width = 0
        var characters = Array(text[start.upperBound...].unicodeScalars)
        if let end = characters.firstIndex(of: "\u{1B}") { characters = Array(characters[..<end]) }
        var index = 0
        func number() -> Int {
            var value = 0
            while index < characters.count, let digit = Int(String(characters[index])) {
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "\"":
                // Raster attributes: pan;pad;width;height.
                for _ in 0..<4 {
                    _ = number()
                    if index < characters.count, characters[index] == ";" { index += 1 }
                }
            case "#":
                colour = number()
                if index < characters.count, characters[index] == ";" {
                    index += 1
                    var values: [Int] = []
                    for _ in 0..<4 {
                        values.append(number())
                        if index < characters.count, characters[index] == ";" { index += 1 }
                    }
                    palette[colour] = values.dropFirst().map { UInt8(($0 * 255 + 50) / 100) }
                }
            case "$": x = 0
            case "-":
                x = 0
                band += 1
            case "!":
                let count = number()
                let sixel = characters[index]
                index += 1
                for _ in 0..<count { paint(sixel) }
            default:
                paint(character)
            }
        }
        func paint(_ sixel: Unicode.Scalar) {
            let bits = Int(sixel.value) - 63
            guard bits >= 0, bits < 64 else { return }
            for bit in 0..<6 where bits & (1 << bit) != 0 {
                let y = band * 6 + bit
                while rows.count <= y { rows.append([:]) }
                rows[y][x] = palette[colour] ?? [0, 0, 0]
            }
            x += 1
            width = max(width, x)
        }
        return (width, rows.count, rows)
    }

    @Test func sixelsDecodeBackToThePicture() throws {
        let bytes = PixelPicture.encode(Self.quadrants, columns: 4, rows: 2, cell: .standard, protocol: .sixel)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P") && text.hasSuffix("\u{1B}\\"), "a DCS string")
        let decoded = Self.decodeSixels(text)
        // 4 by 2 cells of 10 by 20 pixels: 40 by 40, cut to whole bands of six (36)
        // so that nothing is drawn below the cells.
        #expect(decoded.width == 40)
        #expect((36...40).contains(decoded.height))
        for (x, y, colour) in [(5, 5, [255, 0, 0]), (35, 5, [0, 255, 0]), (5, 33, [0, 0, 255]), (35, 33, [255, 255, 255])] as [(Int, Int, [UInt8])] {
            let shown = try #require(decoded.pixels[y][x])
            #expect(zip(shown, colour).allSatisfy { abs(Int($0) - Int($1)) <= 8 }, "\(shown) at \(x), \(y)")
        }
    }

    @Test func aPictureIsCroppedToTheRowsShown() {
        let top = Self.quadrants.rows(0..<20)
        #expect(top.width == 40 && top.height == 20)
        #expect(Array(top.rgba.prefix(4)) == [255, 0, 0, 255] && Array(top.rgba.suffix(4)) == [0, 255, 0, 255])
        #expect(Self.quadrants.rows(30..<99).height == 10)
    }
}
