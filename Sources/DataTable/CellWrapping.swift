import RenderCore

/// Cell text wrapped inside its column (`--wrap`): greedy, at UAX #14 break
/// opportunities, words wider than the column broken between graphemes.
enum CellWrapping {
    /// A cell shows at most this many lines; the last one ends with `…` when the
    /// text goes on (a megabyte string must not make a row of twenty thousand lines).
    static let maximumLines = 50

    /// The lines of `text` in a column `width` columns wide (at least one line).
    static func lines(of text: String, width: Int) -> [String] {
        let width = max(1, width)
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
                for character in word {
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
        if lines.count > maximumLines {
            lines.removeLast(lines.count - maximumLines)
            lines[maximumLines - 1] = TextWidth.prefix(of: lines[maximumLines - 1], columns: width - 1) + "…"
        }
        return lines
    }
}
