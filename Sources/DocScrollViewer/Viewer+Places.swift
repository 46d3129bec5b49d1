import DataTable
import DocScroll
import RenderCore
import ScrollCore

/// Where the reader is and goes: the row cursor, searches, the focused link, and the
/// position the status line gives.
extension Viewer {
    // MARK: Row cursor

    /// The places on screen that are a table's records, top to bottom (not the rows of
    /// a pinned header).
    var shownRecordPlaces: [DocScrollView.Place] {
        view.shownPlaces.compactMap { place in
            place.flatMap { view.recordRows(of: $0.component)?.contains($0.row) == true ? $0 : nil }
        }
    }

    /// Moves the row cursor `rows` records down (up when negative) in its table, as far
    /// as its first or last record, scrolling the view as little as keeps it shown.
    func moveRowCursor(by rows: Int) -> [ViewerAction] {
        guard let cursor = rowCursor, let records = view.recordRows(of: cursor.component) else { return [] }
        let target = DocScrollView.Place(component: cursor.component, row: min(max(records.lowerBound, cursor.row + rows), records.upperBound - 1))
        guard target != cursor else { return [] }
        rowCursor = target
        // (A few tries: rows laid out on the way may change the distance.)
        for _ in 0..<3 {
            let shown = shownRecordPlaces.filter { $0.component == target.component }
            if shown.contains(target) { break }
            if let last = shown.last, target.row > last.row {
                view.navigate(.lines(target.row - last.row))
            } else if let first = shown.first, target.row < first.row {
                view.navigate(.lines(target.row - first.row))
            } else {
                view.reveal(target)
            }
        }
        return redrawn()
    }

    /// After the view moved otherwise than by the cursor (checked as each screen is
    /// drawn): the cursor goes to the nearest record of its table on screen, or away
    /// when none shows.
    func keepRowCursorShown() {
        guard let cursor = rowCursor else { return }
        let shown = shownRecordPlaces.filter { $0.component == cursor.component }
        guard !shown.contains(cursor) else { return }
        rowCursor = shown.min { abs($0.row - cursor.row) < abs($1.row - cursor.row) }
    }

    /// Finds `query` from the last match if it is on screen, else from the top row,
    /// and brings the match to the top; in a record shown whole, in its lines.
    func search(_ query: String, forward: Bool) {
        if var shown = textScreen {
            switch shown.find(query, forward: forward, rows: contentRows, isCancelled: interruption) {
            case true?: textScreen = shown
            case false?: message = "Pattern not found: \(query)"
            case nil: message = "Search interrupted"
            }
            return
        }
        let start = lastMatch.flatMap { isOnScreen($0) ? $0 : nil } ?? view.topPlace
        searchProgress(0)
        switch view.find(query, from: start, forward: forward, progress: searchProgress, isCancelled: interruption) {
        case .notFound:
            message = "Pattern not found: \(query)"
        case .cancelled:
            message = "Search interrupted"
        case .found(let place, let wrapped):
            lastMatch = view.reveal(place)
            if wrapped { message = forward ? "Search hit the end, continued from the top" : "Search hit the top, continued from the end" }
        }
    }

    func moveLinkFocus(forward: Bool) {
        // From the focused link while it is on screen, else from the screen's edge.
        let from = linkFocus.flatMap { isOnScreen($0.place) ? $0 : nil }
        guard let next = view.nextLink(after: from, forward: forward) else {
            message = forward ? "No more links below" : "No more links above"
            return
        }
        focusLink(next)
    }

    /// Gives `focus` to a link, scrolling its mark on screen, and says where it goes.
    func focusLink(_ focus: DocScrollView.LinkFocus) {
        linkFocus = focus
        // The link's focus and the row cursor exclude each other: Enter acts on one.
        rowCursor = nil
        if !isOnScreen(focus.place) { view.reveal(focus.place) }
        if focus.isPicture {
            let source = view.pictureSource(of: focus) ?? ""
            if let failure = view.pictureFailure(of: focus) {
                message = "Picture \(source): \(failure)"
            } else if focus.number > 0, let target = view.resolvedTarget(of: focus) {
                message = "[\(focus.number)] \(target) (picture \(source): I shows it whole)"
            } else {
                message = "Picture \(source) (Enter shows it whole)"
            }
            return
        }
        message = view.resolvedTarget(of: focus).map { "[\(focus.number)] \($0)" }
    }

    /// Shows the focused picture alone, as large as the screen allows, until any key.
    func showPictureAlone(_ focus: DocScrollView.LinkFocus) {
        // (Drawn now, at the screen's size: a picture asked for alone is waited for.)
        pictureScreen = view.pictureFrame(of: focus, width: contentColumns, height: contentRows)
        message = pictureScreen == nil ? "The picture cannot be drawn" : view.pictureSource(of: focus).map { "\($0) (any key returns)" }
    }

    /// Follows the focused link; a page to open is opened through `runsLongWork`.
    /// - Returns: whether the reader quit while it was opened.
    func followLink() -> Bool {
        guard let focus = linkFocus else { return false }
        // (A picture inside a link follows it, as a browser's click does.)
        if focus.isPicture, focus.number == 0 {
            showPictureAlone(focus)
            return false
        }
        let from = view.location
        let outcome: DocScrollView.LinkOutcome
        switch view.beginFollowing(focus) {
        case .ended(let ended):
            outcome = ended
        case .opening(let opening):
            switch runsLongWork("Opening \(opening.path)", { opening.open() }) {
            case .quit:
                return true
            case .interrupted:
                message = "Not followed (stopped while \(opening.path) was opened)"
                return false
            case .done:
                outcome = view.finishFollowing(opening)
            }
        }
        switch outcome {
        case .followed:
            linkFocus = nil
            history.append(from)
            if history.count > Self.historyLimit {
                history.removeFirst()
                historyWasCut = true
            }
        case .noElement(let elementID):
            message = "No element \(elementID) in the pages"
        case .notLocal(let target):
            message = "Not followed (docscroll reads files, never the network): \(target)"
        case .unresolved(let target):
            message = "Not followed (a relative link on a page read from no file): \(target)"
        case .cannotOpen(let reason):
            message = "Cannot open \(reason)"
        }
        return false
    }

    /// Whether a row is in the viewport.
    func isOnScreen(_ place: DocScrollView.Place) -> Bool {
        guard let offset = view.rootOffset(of: place) else { return false }
        return offset >= Double(view.scrollOffset) && offset < Double(view.scrollOffset + contentRows)
    }

    /// The component and row under the top of the viewport, and the stack position.
    func positionDescription() -> String {
        let stack = stackPosition()
        var text = "\(stack.rows), \(stack.percent)"
        if let top = view.topPlace, let input = view.input(of: top.component) {
            let (row, count, _) = numbered(firstShown(of: top))
            text = "\(input.isTable ? "table" : "page") \(input.fileName): row \(row) of \(count); " + text
        }
        return text
    }

    /// The place the reader sees first of the component at `top` (the viewport's top
    /// row): for a table, its first record on screen, under its pinned header (the
    /// one `c` puts the cursor on); else `top` itself.
    func firstShown(of top: DocScrollView.Place) -> DocScrollView.Place {
        shownRecordPlaces.first { $0.component == top.component } ?? top
    }

    /// The row at `place` as the reader counts them, from 1, and how many there are: a
    /// table's records (its header and rule, pinned above them, are not counted: the
    /// row cursor and `v` count so), a page's rows.
    /// Each number is written as it is known: `~` before one that is an estimate (a
    /// page's rows above the place or below it not all laid out, a table still being
    /// indexed).
    func numbered(_ place: DocScrollView.Place) -> (row: String, count: String, isEmpty: Bool) {
        let estimated = view.isExtentEstimated(of: place.component)
        guard let record = view.recordNumber(at: place) else {
            let count = view.rowCount(of: place.component)
            // (The first row is the first row, whatever is below it.)
            return ((estimated && place.row > 0 ? "~" : "") + "\(place.row + 1)", (estimated ? "~" : "") + "\(count)", count == 0)
        }
        // (A table's records are indexed in order: a row among them is exact, the count
        // may not be.)
        return ((record.isEstimated ? "~" : "") + "\(record.record + 1)", (estimated ? "~" : "") + "\(record.count)", record.count == 0)
    }

    /// "rows 14-36 of 1046" and "3%"; `~` while pages below are not laid out yet and
    /// the length is an estimate.
    func stackPosition() -> (rows: String, percent: String) {
        let total = max(1, view.stackRows)
        let last = min(total, view.scrollOffset + contentRows)
        let estimate = view.isLaidOut ? "" : "~"
        return ("rows \(view.scrollOffset + 1)-\(last) of \(estimate)\(total)", "\(estimate)\(last * 100 / total)%")
    }
}
