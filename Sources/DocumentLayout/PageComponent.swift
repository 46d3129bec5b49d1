import HTMLParsing
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
package protocol PageComponent: ScrollComponent, RowSource, ReportsFigures {
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
}
