public import RenderCore

/// What the reader asks of the interactive view, once keys are read.
public enum ViewerCommand: Hashable, Sendable {
    /// Scroll by a number of rows (negative: up).
    case scrollRows(Int)
    /// Scroll by a number of viewports, keeping one row of the last in view (rows
    /// under pinned headers do not count).
    case scrollPages(Int)
    /// Scroll by a number of half viewports.
    case scrollHalfPages(Int)
    /// Go to the top of the stack.
    case top
    /// Go to the end of the stack (every page laid out first).
    case bottom
    /// Go to row n of the stack (1 is the first).
    case goToRow(Int)
    /// Go to a percentage of the stack.
    case goToPercent(Int)
    /// Scroll sideways by a number of steps (negative: back to the left): the table
    /// under the top of the viewport by a column a step, a page under the top by half
    /// a screen a step.
    case scrollSideways(Int)
    /// Find text down (forward) or up the stack, wrapping around.
    case search(String, forward: Bool)
    /// Find the last search again, the same way or (`reversed`) the other way.
    case repeatSearch(reversed: Bool)
    /// Move the focus to the next or previous link of the pages.
    case nextLink, previousLink
    /// Move the focus to link `n` (marked `[n]`) of the page the focus is on, or
    /// else of the page at the top of the viewport (a number then Tab).
    case focusLink(Int)
    /// Go to the list of the links of that page (its References, at its end).
    case linkList
    /// Follow the focused link: to an element of the pages, or to another page on
    /// this machine.
    case followLink
    /// Go back to where the last link followed was followed from (a browser's Back).
    case back
    /// Go back to where the view was before the last jump (a link, a search, the ends,
    /// a row, a percentage, a component), as `''` does in `less`; again, to where it
    /// came from.
    case lastJump
    /// Go to the place marked with this letter (`m` and the letter marked it).
    case goToMark(Character)
    /// Go to the top of the next component, or of this one (or the previous one).
    case nextComponent, previousComponent
    /// Show the next tab of the tabs on screen (`--tabs`), or the previous one; a
    /// count goes that many tabs on.
    case nextTab(count: Int), previousTab(count: Int)
    /// Say where the view is, in the status line.
    case showPosition
    /// Show the keys, until the next key.
    case help
    /// Show the record of the table row with the cursor, or else of the highest on
    /// screen, whole, until a key other than a scrolling one.
    case showRecord
    /// Show the scrollbar in the last column, or hide it.
    case toggleScrollbar
    /// Show the pages' pictures, or their alt text in the same boxes.
    case togglePictures
    /// Show the focused picture alone, as large as the screen allows, until any key
    /// (Enter does for a picture outside links).
    case showPicture
    /// Scroll to where cell `n` of the scrollbar stands (a click or a drag on it).
    case scrollbarAt(Int)
    /// Put a row cursor on the highest table row on screen (the row keys then move it,
    /// scrolling to keep it shown), or take it away.
    case toggleRowCursor
    /// Follow the tables' files as they grow (`F`, as `less +F`): go to the end, and
    /// show the rows appended as they are written; again, stop.
    case toggleFollow
    /// The followed files changed (the terminal loop says so while following).
    case filesChanged
    /// Read every input again (`R`), the text at the top staying at the top.
    case reload
    /// Draw the whole screen again.
    case redraw
    /// The pages were read or indexed further (the terminal loop says so while they
    /// are): a jump waiting for the whole page goes when it is there.
    case pagesProgressed
    /// The terminal changed size; both figures include the status line.
    case resize(width: Int, height: Int)
    /// Stop the program for the shell (Ctrl-Z); it draws everything again on return.
    case suspend
    /// Stop what goes on (Ctrl-C, as in less): following, or a jump waiting for the
    /// end; the viewer stays (a search is stopped by the terminal loop while it runs).
    case interrupt
    /// End the viewer.
    case quit
}

/// What the terminal loop must do after a key or a command.
public enum ViewerAction: Hashable, Sendable {
    /// Show this screen (content rows and the status line).
    case draw(FrameBuffer)
    /// Hand the terminal back and stop until continued, then draw again.
    case suspend
    /// Restore the terminal and end.
    case quit
}

extension ViewerCommand {
    /// Whether the command jumps rather than scrolls (`''` goes back from a jump).
    var isJump: Bool {
        switch self {
        case .top, .bottom, .goToRow, .goToPercent, .search, .repeatSearch, .focusLink, .linkList, .followLink, .back, .lastJump, .goToMark,
            .nextComponent, .previousComponent:
            true
        default:
            false
        }
    }
}
