import HTMLParsing
import ComponentKit
import RenderCore
import ScrollCore

/// A page as a component of the container, whichever way it holds the page: whole
/// (`WholePage`, the expanded mode) or a chunk at a time from a checkpoint index
/// (`WindowedPage`, the windowed mode).
///
/// The container's layout pass tells a page which rows the viewport needs
/// (`performLayout`); the page lays out what they need and answers with how its extent
/// changed, including the rows added or removed above the viewport top (Flutter's
/// `scrollOffsetCorrection`), so that the container keeps the row there where it is.
package protocol PageComponent: StackComponent, ReportsFigures {
    /// The text of the page's `<title>`; empty when it has none (or is not read yet).
    var title: String { get }

    /// Makes the extent exact: every row of the page is known.
    func layOutAll()

    /// Makes where the page ends known: all of it is found, though the rows of parts
    /// not laid out may still be estimates.
    func locateEnd()

    /// Lays the page out again at a new width.
    /// - Parameter row: a row at the old width, such as the one at the viewport top.
    /// - Returns: the row at the new width that shows the same text.
    func layout(width: Int, keeping row: Int) -> Int

    /// The row element `id` starts on, laying out as little as it can.
    func line(forAnchor id: String) -> Int?

    /// Where link `number` (marked `[number]`) goes.
    func linkTarget(_ number: Int) -> String?

    /// The link marks on row `row`: the column each starts at, its width, the number.
    func linkMarks(inRow row: Int) -> [(column: Int, width: Int, number: Int)]

    /// The runs of link text on row `row`: their columns, and the number of the mark
    /// before each on the row (`nil` for the rest of a link begun on a row above).
    func linkTexts(inRow row: Int) -> [(columns: Range<Int>, number: Int?)]

    /// The row link `number`'s mark is on, laying out only as far as it; `nil` when
    /// the page has no such link.
    func row(ofLink number: Int) -> Int?

    /// The row of the heading of the page's References list (its links, numbered),
    /// which ends the page; `nil` for a page without links. The page's end is found
    /// first.
    func referencesRow() -> Int?

    /// Columns of its rows scrolled off to the left: a `pre` line or a table wider
    /// than the screen is read by scrolling sideways.
    var sideways: SidewaysOffset { get set }

    /// Notes rows from `row` on as changed, for the container's next layout pass.
    func noteChange(from row: Int)

    /// Columns row `row` takes (wider than the width for a `pre` line or a wide table).
    func columns(ofRow row: Int) -> Int

    /// How far the page's index has got in its bytes (indexed, scanned, in all) while
    /// it is built on another thread; `nil` once it is complete, and for a page held
    /// whole.
    var indexProgress: (indexed: Int, scanned: Int, total: Int)? { get }

    /// How the page meets rows its index has not reached.
    var indexPace: IndexPace { get set }

    /// Whether rows far past the index are read ahead of it, from places guessed in
    /// its bytes (an interactive view: a jump there does not wait for the index).
    var readsAhead: Bool { get }

    /// What of the index's work waits while a search or a jump has the cores.
    var indexHold: IndexHold { get set }

    /// Waits until the index holds the first `rows` rows, or the whole page, or
    /// `deadline` passes.
    func waitForIndex(throughRow rows: Int, until deadline: ContinuousClock.Instant)

    /// Stops building the index: the page is no longer shown.
    func stopIndexing()

    /// About how many parts of the page are not laid out yet (those the index has not
    /// reached counted by their bytes): what making every row exact would lay out.
    var partsNotLaidOut: Int { get }

    /// Asks the next layout pass to lay out one more part of the page chosen for the
    /// estimate of its length, while the reader is idle.
    /// - Returns: whether one was due (else the estimate is as good as it gets for now).
    func requestSample() -> Bool

    /// How the page's pictures are laid out and drawn; `nil` when they are alt text.
    var pictures: PictureLayout? { get }

    /// The rows of pictures' boxes on row `row`, left to right (a table's row may
    /// hold several); none on a row of text.
    func pictureRows(inRow row: Int) -> [PictureRow]
}

/// A page held whole has no index being built.
extension PageComponent {
    package var indexProgress: (indexed: Int, scanned: Int, total: Int)? { nil }
    package var indexPace: IndexPace {
        get { .checked }
        set {}
    }
    package var indexHold: IndexHold {
        get { .none }
        set {}
    }
    package var readsAhead: Bool { false }
    package var pictures: PictureLayout? { nil }
    package func pictureRows(inRow row: Int) -> [PictureRow] { [] }
}

/// Pictures, the same for every page: what changes how its rows are drawn notes
/// them changed.
extension PageComponent {
    /// Whether the page's pictures show (else their alt text, in the same boxes).
    package var showsPictures: Bool {
        get { pictures?.reader.showsPictures ?? true }
        set {
            guard let reader = pictures?.reader, reader.showsPictures != newValue else { return }
            reader.showsPictures = newValue
            noteChange(from: 0)
        }
    }

    /// Notes the rows changed when pictures arrived from the background since the
    /// last call (their boxes held their alt text till then: nothing moves).
    /// - Returns: whether any did.
    package func notePictureArrivals() -> Bool {
        guard pictures?.reader.takeArrivals() == true else { return false }
        noteChange(from: 0)
        return true
    }
    package func waitForIndex(throughRow rows: Int, until deadline: ContinuousClock.Instant) {}
    package func stopIndexing() {}
    package var partsNotLaidOut: Int { 0 }
    package func requestSample() -> Bool { false }
}

/// Scrolling sideways, the same for every page.
extension PageComponent {
    /// Columns of its rows scrolled off to the left.
    package var horizontalOffset: Int { sideways.columns }

    /// Scrolls the rows sideways to `offset` columns (0 or more): every row is drawn
    /// again.
    /// - Returns: whether the offset changed.
    package func scrollHorizontally(to offset: Int) -> Bool {
        guard sideways.set(offset) else { return false }
        noteChange(from: 0)
        return true
    }
}

/// Columns a page's rows are scrolled off to the left.
package struct SidewaysOffset {
    package private(set) var columns = 0

    package init() {}

    /// Makes it `offset` (0 at the least); gives whether it changed.
    mutating func set(_ offset: Int) -> Bool {
        let clamped = max(0, offset)
        guard clamped != columns else { return false }
        columns = clamped
        return true
    }
}

/// How a page meets the rows its index has not reached.
package enum IndexPace: Sendable {
    /// They are waited for, and only what the index has checked is taken: frames and
    /// dumps, whose bytes never depend on how far the index's scan ran ahead.
    case checked
    /// They are waited for, the index's guesses taken before its parse checks them (a
    /// search in an interactive view, going at the scan's pace; a rare correction
    /// moves it later).
    case guessed
    /// They show blank until the index gets there (an interactive view, which keeps
    /// answering keys meanwhile and draws again then), or, on a page that is all
    /// there, are read ahead of it from places guessed in its bytes.
    case ahead

    /// Whether rows the index has not reached are waited for.
    package var waits: Bool { self != .ahead }
    /// Whether the index's guesses are taken before they are checked.
    package var takesGuesses: Bool { self != .checked }
}

/// What of a page's index waits, so that a search or a jump has the cores.
package enum IndexHold: Sendable {
    /// Nothing: the index is built as fast as it goes.
    case none
    /// The parse, at its next checkpoint, while the scan goes on (a search, or a jump
    /// to the end, that waits for the scan).
    case parse
    /// The scan too (a search that reads ahead of it; let go should the search have
    /// to wait for the index).
    case parseAndScan

    package var holdsParse: Bool { self != .none }
    package var holdsScan: Bool { self == .parseAndScan }
}
