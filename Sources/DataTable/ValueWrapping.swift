import RenderCore

/// Cell text wrapped inside its column (`--wrap`): greedy, at UAX #14 break
/// opportunities, words wider than the column broken between graphemes.
enum ValueWrapping {
    /// A cell shows at most this many lines; the last one ends with `…` when the
    /// text goes on (a megabyte string must not make a row of twenty thousand lines).
    static let maximumLines = 50

    /// The lines of `text` in a column `width` columns wide (at least one line).
    static func lines(of text: String, width: Int) -> [String] {
        let width = max(1, width)
        // Only the lines up to the cap show: a value of megabytes is wrapped as far as
        // its start fills them (8 bytes a cell is more than any line takes but one of
        // combining marks), not whole.
        let enough = (maximumLines + 1) * (width + 1) * 8
        if text.utf8.count > enough {
            var end = text.utf8.index(text.utf8.startIndex, offsetBy: enough)
            while end.samePosition(in: text.unicodeScalars) == nil { end = text.utf8.index(before: end) }
            let start = lines(of: String(text[..<end]), width: width)
            // Cut at the cap already (its last line ends in `…`), or not: what follows
            // the start is cut all the same.
            if start.count == maximumLines, start.last?.hasSuffix("…") == true { return start }
            return start.dropLast() + [TextWidth.prefix(of: start.last ?? "", columns: width - 1) + "…"]
        }
        var text = text
        // Most text is simple (`TextWidth.simpleColumns`): measured and cut as bytes.
        if let lines = text.withUTF8({ simpleLines(of: $0, width: width) }) { return lines }
        return generalLines(of: text, width: width)
    }

    /// `lines` for UTF-8 `text` of simple widths that starts with no space: each line
    /// ended where a greedy wrap ends it (`LineBreaks.lineEnd`, as a page's paragraphs
    /// are wrapped), a line at a time, with no word measured as a string; `nil` for
    /// other text, or where a line's end cannot be found that way (a word wider than
    /// the column).
    static func simpleLines(of text: UnsafeBufferPointer<UInt8>, width: Int) -> [String]? {
        guard let columns = TextWidth.simpleColumns(text), text.first != 0x20 else { return nil }
        guard columns > width else { return [String(decoding: text, as: UTF8.self)] }
        let isASCII = columns == text.count
        var lines: [String] = []
        var start = 0
        while start < text.count, lines.count <= maximumLines {
            guard let (end, _) = LineBreaks.lineEnd(in: text, from: start, width: width, isASCII: isASCII), end > start else { return nil }
            var contentEnd = end
            while contentEnd > start, text[contentEnd - 1] == 0x20 { contentEnd -= 1 }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: text[start..<contentEnd]), as: UTF8.self))
            start = end
        }
        return capped(lines, width: width)
    }

    /// `lines` for any text, a segment (the text between two break opportunities)
    /// at a time, measured as strings.
    static func generalLines(of text: String, width: Int) -> [String] {
        guard TextWidth.columns(of: text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        var lineColumns = 0
        var start = text.utf8.startIndex
        for offset in LineBreaks.opportunities(in: text) {
            let end = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            let word = text[start..<end]
            start = end
            let wordColumns = TextWidth.columns(of: word)
            let trimmed = wordColumns - word.utf8.reversed().prefix { $0 == 0x20 }.count
            if lineColumns + trimmed > width, !line.isEmpty {
                lines.append(line)
                line = ""
                lineColumns = 0
            }
            if trimmed > width {
                for character in word where lines.count <= maximumLines {
                    let columns = TextWidth.columns(of: character)
                    if lineColumns + columns > width, !line.isEmpty {
                        lines.append(line)
                        line = ""
                        lineColumns = 0
                    }
                    line.append(character)
                    lineColumns += columns
                }
            } else {
                line += word
                lineColumns += wordColumns
            }
            if lines.count > maximumLines { break }
        }
        if !line.isEmpty { lines.append(line) }
        for index in lines.indices {
            while lines[index].utf8.last == 0x20 { lines[index].removeLast() }
        }
        return capped(lines, width: width)
    }

    /// `lines` cut to `maximumLines`, the last one ending in `…` when some were cut.
    private static func capped(_ lines: [String], width: Int) -> [String] {
        guard lines.count > maximumLines else { return lines }
        var lines = Array(lines.prefix(maximumLines))
        lines[maximumLines - 1] = TextWidth.prefix(of: lines[maximumLines - 1], columns: width - 1) + "…"
        return lines
    }
}
