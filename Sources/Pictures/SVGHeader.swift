/// An SVG's size, read from its root element's start tag as a browser sizes an `<img>`
/// of it: its `width` and `height` in CSS pixels (absolute units converted, 96 to the
/// inch), a missing one from the `viewBox`'s aspect, both missing the `viewBox`'s own
/// size; none for a size in percent or relative to a font with no `viewBox` to fall back
/// on. Only an XML declaration, comments, processing instructions and a doctype may come
/// before the root, which must be `<svg`: an HTML page with an SVG inside is no SVG.
extension ImageHeader {
    static func svg(_ bytes: [UInt8]) -> ImageHeader? {
        var at = 0
        // A UTF-8 byte order mark, then markup before the root.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
        while true {
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "<") else { return nil }
            if starts(bytes, at, "<?") {
                guard let end = find(bytes, "?>", from: at) else { return nil }
                at = end + 2
            } else if starts(bytes, at, "<!--") {
                guard let end = find(bytes, "-->", from: at + 4) else { return nil }
                at = end + 3
            } else if starts(bytes, at, "<!") {
                // A doctype, with its internal subset in brackets, if any.
                let close = find(bytes, ">", from: at)
                if let open = find(bytes, "[", from: at), open < (close ?? .max) {
                    guard let end = find(bytes, "]", from: open) else { return nil }
                    guard let after = find(bytes, ">", from: end) else { return nil }
                    at = after + 1
                } else {
                    guard let close else { return nil }
                    at = close + 1
                }
            } else {
                break
            }
        }
        guard starts(bytes, at, "<svg"), at + 4 < bytes.count, isSpace(bytes[at + 4]) || bytes[at + 4] == UInt8(ascii: ">")
            || bytes[at + 4] == UInt8(ascii: "/")
        else { return nil }
        let attributes = startTagAttributes(bytes, from: at + 4)
        let viewBox = attributes["viewbox"].flatMap(Self.viewBox)
        let width = attributes["width"].flatMap(Self.cssPixels)
        let height = attributes["height"].flatMap(Self.cssPixels)
        let size: (Double, Double)
        switch (width, height, viewBox) {
        case (let width?, let height?, _): size = (width, height)
        case (let width?, nil, let box?): size = (width, width * box.height / box.width)
        case (nil, let height?, let box?): size = (height * box.width / box.height, height)
        case (nil, nil, let box?): size = (box.width, box.height)
        default: return nil
        }
        guard size.0.isFinite, size.1.isFinite, size.0 >= 0.5, size.1 >= 0.5, size.0 < 1e6, size.1 < 1e6 else { return nil }
        return ImageHeader(format: .svg, width: Int(size.0.rounded()), height: Int(size.1.rounded()))
    }

    /// The attributes of the start tag whose name ends before `from`, names lower case
    /// (to its `>`, or the end of the bytes read).
    private static func startTagAttributes(_ bytes: [UInt8], from start: Int) -> [String: String] {
        var attributes: [String: String] = [:]
        var at = start
        while at < bytes.count {
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] != UInt8(ascii: ">"), bytes[at] != UInt8(ascii: "/") else { break }
            let nameStart = at
            while at < bytes.count, !isSpace(bytes[at]), bytes[at] != UInt8(ascii: "="), bytes[at] != UInt8(ascii: ">") { at += 1 }
            let name = String(decoding: bytes[nameStart..<at], as: UTF8.self).lowercased()
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { continue }
            at += 1
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { break }
            let quote = bytes[at]
            let valueStart = at + 1
            guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else { break }
            attributes[name] = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
            at = valueEnd + 1
        }
        return attributes
    }

    /// A length in CSS pixels: a number, with no unit or an absolute one (`px`, `pt`,
    /// `pc`, `in`, `cm`, `mm`, `q`), or `em`/`ex` at a font of 16 pixels; `nil` for
    /// percentages and anything else.
    static func cssPixels(_ text: String) -> Double? {
        let trimmed = text.trimmingWhiteSpace.lowercased()
        let unitStart = trimmed.firstIndex { !("0"..."9").contains($0) && $0 != "." && $0 != "+" && $0 != "-" && $0 != "e" }
            ?? trimmed.endIndex
        // (An `e` starts `em` and `ex`: a number does not end in one.)
        var numberEnd = unitStart
        if numberEnd > trimmed.startIndex, trimmed[trimmed.index(before: numberEnd)] == "e" { numberEnd = trimmed.index(before: numberEnd) }
        guard let number = Double(trimmed[..<numberEnd]), number > 0 else { return nil }
        let scale: Double? = switch trimmed[numberEnd...] {
        case "", "px": 1
        case "pt": 96.0 / 72
        case "pc": 16
        case "in": 96
        case "cm": 96 / 2.54
        case "mm": 96 / 25.4
        case "q": 96 / 101.6
        case "em": 16
        case "ex": 8
        default: nil
        }
        return scale.map { number * $0 }
    }

    /// `viewBox`'s width and height (its third and fourth numbers), both positive.
    private static func viewBox(_ text: String) -> (width: Double, height: Double)? {
        let numbers = text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }.compactMap { Double($0) }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
        return (numbers[2], numbers[3])
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func starts(_ bytes: [UInt8], _ at: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        return text.withUTF8Buffer { bytes[at..<(at + count)].elementsEqual($0) }
    }

    private static func find(_ bytes: [UInt8], _ text: StaticString, from start: Int) -> Int? {
        let count = text.utf8CodeUnitCount
        var at = start
        while at + count <= bytes.count {
            if starts(bytes, at, text) { return at }
            at += 1
        }
        return nil
    }
}

extension String {
    fileprivate var trimmingWhiteSpace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
