@preconcurrency import Glibc

/// Turns a page's bytes into UTF-8 before libxml2 sees them: the encoding comes from
/// an override, a byte order mark, or a `<meta>` charset in the first 1024 bytes (the
/// HTML prescan), else UTF-8. Bytes invalid in that encoding become U+FFFD; nothing is
/// dropped and nothing is printed.
package enum PageEncoding {
    /// Whether iconv can read `name`.
    package static func isSupported(_ name: String) -> Bool {
        let handle = iconv_open("UTF-8", canonicalName(name))
        guard handle != iconv_t(bitPattern: -1) else { return false }
        iconv_close(handle)
        return true
    }

    /// The encoding a page is read in, and the length of its byte order mark, from
    /// its first bytes (the HTML prescan looks at 1024): an override wins, then a byte
    /// order mark, then a `<meta>` charset, then an XML declaration's encoding, else
    /// UTF-8. An encoding iconv cannot read falls back to UTF-8, whose invalid bytes are
    /// repaired as the page is read.
    static func sniff(_ start: ArraySlice<UInt8>, override: String?) -> (encoding: String, byteOrderMark: Int) {
        if start.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if start.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        if start.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        let head = start.prefix(1024)
        let name: String
        if let override {
            name = canonicalName(override)
        } else if let declared = declaredCharset(in: head) ?? xmlDeclaredEncoding(in: head) {
            // A declaration read as ASCII cannot say UTF-16 (WHATWG's prescan: it means
            // UTF-8); `x-user-defined` is read as windows-1252.
            name = switch canonicalName(declared) {
            case let utf16 where utf16.hasPrefix("UTF-16"): "UTF-8"
            case "X-USER-DEFINED": "WINDOWS-1252"
            case let other: other
            }
        } else {
            name = "UTF-8"
        }
        if name == "UTF-8" || !isSupported(name) { return ("UTF-8", 0) }
        return (name, 0)
    }

    /// The `encoding` of an XML declaration at the page's very start
    /// (`<?xml version="1.0" encoding="..."?>`, as XHTML pages begin), or `nil`.
    static func xmlDeclaredEncoding(in bytes: ArraySlice<UInt8>) -> String? {
        let text = Array(bytes)
        guard text.starts(with: Array("<?xml".utf8)), let end = text.firstIndex(of: UInt8(ascii: ">")),
            let name = find(Array("encoding".utf8), in: text[..<end], from: 0)
        else { return nil }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var index = name + 8
        while index < end, isBlank(text[index]) { index += 1 }
        guard index < end, text[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < end, isBlank(text[index]) { index += 1 }
        guard index < end, text[index] == 0x22 || text[index] == 0x27 else { return nil }
        let quote = text[index]
        let valueStart = index + 1
        guard let valueEnd = text[valueStart..<end].firstIndex(of: quote), valueEnd > valueStart else { return nil }
        return String(decoding: text[valueStart..<valueEnd], as: UTF8.self)
    }

    /// Labels as browsers treat them (WHATWG Encoding): Latin-1 and ASCII labels mean
    /// windows-1252, GB2312 means GBK; everything else as iconv names it.
    static func canonicalName(_ label: String) -> String {
        let name = String(label.filter { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }).uppercased()
        switch name {
        case "UTF8", "UTF-8", "UNICODE-1-1-UTF-8": return "UTF-8"
        case "ISO-8859-1", "ISO8859-1", "LATIN1", "US-ASCII", "ASCII", "CP1252", "WINDOWS-1252": return "WINDOWS-1252"
        case "GB2312", "GB_2312-80", "X-GBK", "GBK": return "GBK"
        case "SHIFT-JIS", "SJIS", "X-SJIS", "MS_KANJI", "WINDOWS-31J": return "SHIFT_JIS"
        default: return name
        }
    }

    /// The charset of the first `<meta>` that declares one (`charset=` or
    /// `content="text/html; charset=..."`), or `nil`.
    static func declaredCharset(in bytes: ArraySlice<UInt8>) -> String? {
        let text = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        var position = 0
        while let meta = find(Array("<meta".utf8), in: text, from: position) {
            let tagEnd = find([UInt8(ascii: ">")], in: text, from: meta) ?? text.count
            if let charset = find(Array("charset".utf8), in: text[..<tagEnd], from: meta) {
                var index = charset + 7
                while index < tagEnd, text[index] == 0x20 { index += 1 }
                if index < tagEnd, text[index] == UInt8(ascii: "=") {
                    index += 1
                    while index < tagEnd, [0x20, 0x22, 0x27].contains(text[index]) { index += 1 }
                    let start = index
                    while index < tagEnd, !Array(" \"';/>".utf8).contains(text[index]) { index += 1 }
                    if index > start { return String(decoding: text[start..<index], as: UTF8.self) }
                }
            }
            position = tagEnd
        }
        return nil
    }

    private static func find(_ pattern: [UInt8], in text: some Collection<UInt8>, from start: Int) -> Int? {
        let bytes = Array(text)
        guard pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values
    /// past U+10FFFF).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(isValidUTF8)
    }

    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        while index < count {
            // ASCII eight bytes at a time (most of a page).
            while index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return false }
            for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    /// Converts with iconv, writing U+FFFD for each byte it cannot read.
    static func convert(_ bytes: [UInt8], from encoding: String) -> [UInt8] {
        // An encoding iconv cannot open is read as UTF-8 (and repaired as it is read).
        guard let converter = PageConverter(from: encoding) else { return bytes }
        return converter.convert(bytes, isLast: true)
    }
}
