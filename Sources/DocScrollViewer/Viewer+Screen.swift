import DataTable
import DocScroll
public import RenderCore
import ScrollCore

/// The screen a viewer draws: the view's frame, the layers over it, the cut edges, the
/// scrollbar and the status line.
extension Viewer {
    // MARK: Scrollbar

    /// Where the scrollbar shows the viewport over the stack, on the content rows.
    var scrollIndicator: ScrollIndicator {
        view.scrollIndicator(length: contentRows)
    }

    /// Draws the scrollbar in the last column: the thumb in full blocks (shaded while
    /// an extent in the stack is an estimate), a tick where each component starts, the
    /// track dim.
    func drawScrollbar(into screen: inout FrameBuffer) {
        guard showsScrollbar, width > 1 else { return }
        let indicator = scrollIndicator
        for row in 0..<contentRows {
            let mark: String
            if indicator.thumb.contains(row) {
                mark = indicator.isEstimated ? "▒" : "█"
            } else {
                mark = indicator.ticks.contains(row) ? "┤" : "│"
            }
            screen.draw(mark, style: indicator.thumb.contains(row) ? .plain : Style(.dim), column: width - 1, row: row)
        }
    }

    // MARK: Screen

    /// The content frame at the current offset with the layers over it (search
    /// matches, the focused link) and the status line below (or the help screen).
    public func screen() -> FrameBuffer {
        keepRowCursorShown()
        var screen = FrameBuffer(width: width, height: height)
        if let pictureScreen {
            screen.copyRows(0..<pictureScreen.height, of: pictureScreen, to: 0)
        } else if let textScreen {
            for (row, line) in textScreen.shown(rows: contentRows).enumerated() {
                // (A line cut by a narrow screen says so.)
                screen.draw(StatusLine.cut(line, toColumns: width), column: 0, row: row)
                if case .record = textScreen.kind, let query = lastSearch?.query {
                    for columns in TextSearch.matchColumns(of: query, inRow: row, of: screen) { screen.draw(ScreenMark(row: row, columns: columns)) }
                }
            }
        } else {
            let frame = view.frame()
            screen.copyRows(0..<frame.height, of: frame, to: 0)
            let places = view.shownPlaces
            drawCutEdges(over: places, into: &screen)
            for layer in layers {
                for mark in layer.marks(over: places, of: view) where mark.row < contentRows { screen.draw(mark) }
            }
            drawScrollbar(into: &screen)
        }
        statusLine.draw(into: &screen, row: contentRows)
        return screen
    }

    /// Marks `>` (dim) at the right edge of each row that goes on past it, as less -S
    /// does: a table wider than the screen, a page's row wider than it (frames show
    /// such rows cut, as a dump has them).
    func drawCutEdges(over places: [DocScrollView.Place?], into screen: inout FrameBuffer) {
        let edge = contentColumns - 1
        guard edge > 0 else { return }
        for (row, place) in places.enumerated() where row < contentRows {
            guard let place, view.continuesPastRightEdge(place) else { continue }
            // (Over half of a wide character, the whole of it goes.)
            if screen[edge, row].isContinuation { screen[edge - 1, row] = Cell(" ") }
            screen.draw(">", style: Style(.dim), column: edge, row: row)
        }
    }

    /// What is shown over the frame, in the order drawn.
    var layers: [any ScreenLayer] {
        var layers: [any ScreenLayer] = []
        if let rowCursor { layers.append(RowCursorLayer(place: rowCursor, width: contentColumns)) }
        if let query = lastSearch?.query { layers.append(SearchMatchesLayer(query: query)) }
        if let linkFocus { layers.append(LinkFocusLayer(focus: linkFocus)) }
        return layers
    }

    /// The status line: the prompt, a note or the title, and the position.
    var statusLine: StatusLine {
        let left: String
        if let prompt {
            left = message.map { prompt.shown(columns: width / 3) + "  " + $0 } ?? prompt.shown(columns: width - 2)
        } else if let textScreen {
            left = message.map { " " + $0 } ?? textScreen.status(rows: contentRows)
        } else {
            left = " " + (message ?? topTitle)
        }
        var parts = statusParts(titleShown: prompt == nil && textScreen == nil && message == nil)
        if showsStatistics {
            let statistics = view.statistics
            parts.insert(
                "tiles \(statistics.tiles.tilesLive) \(StatusLine.megabytes(statistics.tiles.tileBytesLive))  heap \(StatusLine.megabytes(statistics.liveHeapBytes))",
                at: 0)
        }
        return StatusLine(left: left, leftIsUrgent: message != nil || prompt != nil, parts: parts)
    }

    /// The title of the component under the top of the viewport (a page's own, a
    /// table's file name).
    var topTitle: String {
        let title = view.topPlace.map { view.title(of: $0.component) } ?? view.title
        return title.isEmpty ? "docscroll" : title
    }
    /// The status line's right side, least needed first: the component under the top
    /// and its row ("items.json 12/1000"), how far the pages are indexed while they
    /// are ("indexing 40%"), the help hint, the stack position ("rows 14-36 of 1046
    /// 3%").
    func statusParts(titleShown: Bool) -> [String] {
        var parts: [String] = []
        if let cursor = rowCursor, let input = view.input(of: cursor.component) {
            // The cursor's record among the table's.
            let name = input.fileName
            let (row, count, _) = numbered(cursor)
            parts.append((titleShown && name == topTitle ? "" : name + " ") + "row \(row)/\(count)")
        } else if let top = view.topPlace, let input = view.input(of: top.component) {
            let (row, count, isEmpty) = numbered(firstShown(of: top))
            // (The file's name once: it is the title of a table or an untitled page.)
            let name = input.fileName
            parts.append((titleShown && name == topTitle ? "" : name + " ") + (isEmpty ? "empty" : "\(row)/\(count)"))
        }
        if let progress = view.indexingProgress { parts.append("indexing \(Int(progress * 100))%") }
        if isFollowing { parts.append("following") }
        let stack = stackPosition()
        return parts + ["h: help", "\(stack.rows)  \(stack.percent)"]
    }
}
