/// PNG files made in tests, pixel for pixel (their image data in stored deflate
/// blocks), with the checksums a decoder verifies.
package enum TestPNG {
    /// A PNG of `width` by `height` RGBA pixels (`rgba`, rows top to bottom).
    package static func make(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for row in 0..<height { raw += [0] + rgba[(row * width * 4)..<((row + 1) * width * 4)] }
        var zlib: [UInt8] = [0x78, 0x01]
        var blocks = stride(from: 0, to: raw.count, by: 65_535).map { raw[$0..<min(raw.count, $0 + 65_535)] }
        if blocks.isEmpty { blocks = [[]] }
        for (number, block) in blocks.enumerated() {
            let length = UInt16(block.count)
            zlib += [number == blocks.count - 1 ? 1 : 0] + littleEndian(length) + littleEndian(~length) + block
        }
        zlib += bigEndian(adler32(raw))
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// A PNG of `width` by `height` pixels all of colour `0xRRGGBB`, opaque.
    package static func solid(width: Int, height: Int, rgb: UInt32) -> [UInt8] {
        let pixel = [UInt8(rgb >> 16 & 0xFF), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF), 255]
        return make(width: width, height: height, rgba: Array([[UInt8]](repeating: pixel, count: width * height).joined()))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
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

    static func littleEndian(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * (3 - $0)) & 0xFF) } }

    /// `bytes` in base64, for a `data:` URL.
    package static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var text = ""
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let group = bytes[start..<min(bytes.count, start + 3)]
            let value = group.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for index in 0..<4 { text.append(index <= group.count ? alphabet[Int(value >> (18 - 6 * UInt32(index)) & 0x3F)] : "=") }
        }
        return text
    }
}
