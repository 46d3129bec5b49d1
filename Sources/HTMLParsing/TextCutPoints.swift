import Glibc

/// Places inside a long paragraph's or `pre`'s text where it may be cut in two, the
/// parts laid out one after the other with the second going on from where the first
/// stopped (`DocumentLayoutEngine.Carry`), giving the lines the whole would. The
/// index's scan cuts a page's bytes there (`StructureScanner`), a streamed parse its
/// text (`HTMLParser.Cutting.textBytes`).
enum TextCutPoints {
    /// In a paragraph's text `text[start..<end]`, the first place from `from` on right
    /// before a word that follows white space after a word of letters and digits:
    /// there a line may start in any layout of the paragraph whatever precedes it (no
    /// bracket or quote before the space holds the next word to it). Words with `&`
    /// are passed over: in markup, an entity may decode to anything.
    static func wordStart(in text: UnsafePointer<UInt8>, start: Int, from: Int, end: Int) -> Int? {
        var index = max(start + 1, from)
        while index < end {
            defer { index += 1 }
            guard isLetterOrDigit(text[index]), isBlank(text[index - 1]) else { continue }
            var wordEnd = index - 1
            while wordEnd > start, isBlank(text[wordEnd - 1]) { wordEnd -= 1 }
            guard wordEnd > start, isLetterOrDigit(text[wordEnd - 1]) else { continue }
            var wordStart = wordEnd - 1
            while wordStart > start, wordEnd - wordStart < 64, !isBlank(text[wordStart - 1]), text[wordStart] != 0x26 { wordStart -= 1 }
            guard wordStart > start, isBlank(text[wordStart - 1]), text[wordStart] != 0x26 else { continue }
            return index
        }
        return nil
    }

    /// In a `pre`'s text `text[start..<end]`, the first place from `from` on right
    /// after a line feed followed by more of the line (a `pre`'s lines are laid out one
    /// by one; an empty first line right after a start tag would be dropped).
    static func lineStart(in text: UnsafePointer<UInt8>, start: Int, from: Int, end: Int) -> Int? {
        var index = max(start + 1, from)
        while index < end {
            let found = memchr(text + index - 1, 0x0A, end - index + 1)
                .map { $0.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: text) }
            guard let lineFeed = found, lineFeed + 1 < end else { return nil }
            if text[lineFeed + 1] != 0x0A, text[lineFeed + 1] != 0x0D { return lineFeed + 1 }
            index = lineFeed + 2
        }
        return nil
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool { StructureScanner.isLetter(byte) || (byte >= 0x30 && byte <= 0x39) }

    private static func isBlank(_ byte: UInt8) -> Bool { StructureScanner.isBlank(byte) }
}
