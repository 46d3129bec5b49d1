/// How parts laid out on their own (the units of a page, the fragments of a dump)
/// join: one blank line between two when either asked for a margin there, so that
/// margins collapse across parts as they do within one; none above the first line
/// and none after a blank line.
struct MarginJoin: Sendable {
    /// Whether the last line so far shows nothing (true before any line).
    private(set) var lastLineBlank = true
    /// Whether a margin is asked for below what is joined so far.
    private(set) var blankPending = false
    /// Whether a margin was asked for above the first line (and left out, since
    /// nothing is above it): for joining all this to what comes before it.
    private(set) var blankBeforeFirstLine = false
    private var hasLines = false

    /// A join at the start of a page.
    init() {}

    /// A join that goes on after lines laid out elsewhere (a chunk resumed inside an
    /// open list), the last of them blank or not.
    init(continuingAfterBlankLine lastLineBlank: Bool) {
        self.lastLineBlank = lastLineBlank
        hasLines = true
    }

    /// Whether a blank line goes before the first line of a part that asked, or not
    /// (`asksAbove`), for a margin above it.
    mutating func blankLineBefore(partAskingAbove asksAbove: Bool) -> Bool {
        let asked = blankPending || asksAbove
        if !hasLines {
            blankBeforeFirstLine = asked
            hasLines = true
        }
        return asked && !lastLineBlank
    }

    /// Notes the end of a part: with lines, its last line and the margin it asks for
    /// below; without, its margin request joins the one pending.
    mutating func partEnded(hadLines: Bool, endsWithBlankLine: Bool, asksBelow: Bool) {
        if hadLines {
            lastLineBlank = endsWithBlankLine
            blankPending = asksBelow
        } else {
            blankPending = blankPending || asksBelow
        }
    }
}
