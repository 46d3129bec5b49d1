/// A place to start reading a page in its middle, and what is open there, guessed
/// from the bytes about it alone: for a jump far ahead of the structure scan,
/// which would otherwise have to read every byte before the place first.
///
/// A cut falls right after a block's own end tag while only elements that may stay
/// open across a cut are (`HTMLParser.Cutting`). Markup after such a place tells what
/// is open there by the end tags it has no start tag for: each closes an element
/// opened before the place, innermost first. Elements still open at the window's end
/// are taken to be the page's `html` and `body`, which libxml2 implies on any page. The guess is checked by nothing but
/// the reading that follows it; the index, when it gets there, has the truth.
package enum GuessedStart {
    /// The last place before `target` that reads as a cut, and the elements open there,
    /// looked for in windows of `window` bytes going back from `target` (over a long
    /// table or `pre`, where no cut is, to before it), as far as `reach` bytes.
    /// - Parameter links: the links numbered before it (a guess too).
    package static func cut(
        in source: any PageSource, before target: Int, window: Int = 256 << 10, reach: Int = 8 << 20, cutting: HTMLParser.Cutting, links: Int
    ) -> StructureScanner.Cut? {
        let target = max(0, min(target, source.byteCount))
        var windowEnd = target
        while windowEnd > 0, target - windowEnd < reach {
            let windowStart = max(0, windowEnd - window)
            // The window, and as much after it to read what is open.
            let bytes = source.bytes(windowStart..<(windowEnd + window))
            var places: [Int] = []
            var position = 0
            while let after = nextBlockEnd(in: bytes, from: position, blocks: cutting.blocks), after <= windowEnd - windowStart {
                places.append(after)
                position = after
            }
            for place in places.reversed() {
                guard let open = openElements(in: bytes, from: place, staysOpen: cutting.staysOpen) else { continue }
                let elements = open.map { OpenElement(tag: $0, attributes: []) }
                return StructureScanner.Cut(offset: windowStart + place, openElements: OpenElements(elements), links: links)
            }
            windowEnd = windowStart
        }
        return nil
    }

    /// The index right after the next end tag of a block from `from`.
    package static func nextBlockEnd(in bytes: [UInt8], from: Int, blocks: Set<HTMLTag>) -> Int? {
        var index = from
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            guard open + 2 < bytes.count, bytes[open + 1] == UInt8(ascii: "/"),
                let (name, end) = tagName(in: bytes, at: open + 2), blocks.contains(HTMLTag(name: name)),
                let close = bytes[end...].firstIndex(of: UInt8(ascii: ">"))
            else { continue }
            return close + 1
        }
        return nil
    }

    /// The elements open at `from`, outermost first, as the end tags after it with no
    /// start tag after it tell; `nil` when one of them may not stay open across a cut
    /// (`staysOpen`: `from` is no place to cut), or when that markup is not read whole
    /// (a comment or raw text that does not end in the window).
    static func openElements(in bytes: [UInt8], from: Int, staysOpen: Set<HTMLTag>) -> [HTMLTag]? {
        /// Elements opened after `from` and still open.
        var opened: [HTMLTag] = []
        /// Elements open at `from`, innermost first.
        var before: [HTMLTag] = []
        var index = from
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            if bytes[index...].starts(with: "!--".utf8) {
                guard let end = find(Array("-->".utf8), in: bytes, from: index + 3) else { return nil }
                index = end
                continue
            }
            let isEnd = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            guard let (name, nameEnd) = tagName(in: bytes, at: isEnd ? index + 1 : index),
                let close = bytes[nameEnd...].firstIndex(of: UInt8(ascii: ">"))
            else { continue }
            index = close + 1
            let tag = HTMLTag(name: name)
            if isEnd {
                if let match = opened.lastIndex(of: tag) {
                    opened.removeSubrange(match...)
                } else {
                    // Closes an element opened before `from`, and with it what was
                    // left open since (libxml2 closes those too).
                    if tag == .html { break }
                    guard tag == .body || tag == .unknown || staysOpen.contains(tag) else { return nil }
                    before.append(tag)
                    opened.removeAll()
                }
                continue
            }
            if ["script", "style", "textarea", "title", "xmp"].contains(name) {
                guard let end = find(Array("</\(name)".utf8), in: bytes, from: index) else { return nil }
                index = end
                continue
            }
            let selfClosed = close > nameEnd && bytes[close - 1] == UInt8(ascii: "/")
            if !selfClosed, !ScannedNames.voidNames.contains(name) { opened.append(tag) }
        }
        // What no end tag in the window closes is taken to be the page's html and body
        // (libxml2 implies them on any page).
        let inner = before.reversed().filter { $0 != .html && $0 != .body && $0 != .unknown }
        return [.html, .body] + inner
    }

    /// An element's name (lower case) starting at `index`, and the index right after it.
    private static func tagName(in bytes: [UInt8], at index: Int) -> (String, Int)? {
        guard index < bytes.count, StructureScanner.isLetter(bytes[index]) else { return nil }
        var end = index + 1
        while end < bytes.count, StructureScanner.isNameByte(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        return (String(decoding: bytes[index..<end].map { $0 | (StructureScanner.isLetter($0) ? 0x20 : 0) }, as: UTF8.self), end)
    }

    /// The index right after the first `needle` from `from`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes[from...].firstRange(of: needle).map(\.upperBound)
    }
}
