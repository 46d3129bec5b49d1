public import DocScroll
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
    /// Scroll the unfrozen columns of the table under the top of the viewport sideways
    /// by a number of screen columns (negative: back to the left).
    case scrollColumns(Int)
    /// Find text down (forward) or up the stack, wrapping around.
    case search(String, forward: Bool)
    /// Find the last search again, the same way or (`reversed`) the other way.
    case repeatSearch(reversed: Bool)
    /// Move the focus to the next or previous link of the pages.
    case nextLink, previousLink
    /// Follow the focused link (a `#fragment` inside the pages).
    case followLink
    /// Go to the top of the next component, or of this one (or the previous one).
    case nextComponent, previousComponent
    /// Say where the view is, in the status line.
    case showPosition
    /// Show the keys, until the next key.
    case help
    /// Draw the whole screen again.
    case redraw
    /// The pages were read or indexed further (the terminal loop says so while they
    /// are): a jump waiting for the whole page goes when it is there.
    case pagesProgressed
    /// The terminal changed size; both figures include the status line.
    case resize(width: Int, height: Int)
    /// Stop the program for the shell (Ctrl-Z); it draws everything again on return.
    case suspend
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

/// The interactive view as a pure state machine: keys in, actions out. It owns no
/// terminal, so it can be driven by tests as by the real loop.
///
/// Keys are those `less` users expect, with numeric prefixes (`10j`, `50%`, `3G`); `/`
/// and `?` open a search prompt in the status line. The screen is the view's frame
/// (the same as `--frame` at the same offset and height) with search matches and the
/// focused link shown in reverse video, above a status line.
public final class Viewer {
    /// The view the screens show.
    public let view: DocScrollView
    /// Screen width in columns.
    public private(set) var width: Int
    /// Screen height in rows, status line included.
    public private(set) var height: Int
    /// Whether the status line shows live tile and memory figures.
    public let showsStatistics: Bool
    /// The numeric prefix typed so far.
    public private(set) var count: Int?
    /// The search being typed: its direction and text.
    public private(set) var prompt: (forward: Bool, text: String)?
    /// The last search, for `n` and `N` and for highlighting.
    public private(set) var lastSearch: (query: String, forward: Bool)?
    private var lastMatch: DocScrollView.Place?
    /// The link Tab moved to.
    public private(set) var linkFocus: DocScrollView.LinkFocus?
    /// A note for the status line, until the next key.
    public private(set) var message: String?
    /// Whether the help screen is shown (until the next key).
    public private(set) var showsHelp = false
    /// A jump to the end or to a percentage waiting for the pages to be indexed to
    /// their end (when frames do not wait for them): keys are answered meanwhile, and
    /// any key but the jump's own gives it up.
    public private(set) var pendingJump: ViewerCommand?
    /// Asked during a long search: true stops it (the terminal loop answers whether
    /// Ctrl-C was pressed meanwhile).
    public var interruption: () -> Bool = { false }

    /// Rows the status line takes.
    public static let statusRows = 1
    /// Rows a turn of the mouse wheel scrolls.
    public static let wheelRows = 3
    /// Columns the arrow keys scroll a table sideways.
    public static let sidewaysColumns = 8

    /// A viewer of `view` on a screen of `width` by `height` (the status line
    /// included); the view is resized to the rows above the status line.
    public init(view: DocScrollView, width: Int, height: Int, showsStatistics: Bool = false) {
        self.view = view
        self.width = max(1, width)
        self.height = max(Self.statusRows + 1, height)
        self.showsStatistics = showsStatistics
        view.resize(width: self.width, height: self.height - Self.statusRows)
    }

    /// Rows of content on screen.
    public var contentRows: Int { height - Self.statusRows }

    /// The first screen.
    public func start() -> [ViewerAction] {
        [.draw(screen())]
    }

    // MARK: Keys

    /// Acts on a key: a prefix digit, a prompt edit, or a command.
    public func handle(key: TerminalKey) -> [ViewerAction] {
        if showsHelp {
            showsHelp = false
            return [.draw(screen())]
        }
        if let prompt { return edit(prompt, with: key) }
        let hadMessage = message != nil
        message = nil
        pendingJump = nil
        if case .character(let character) = key, let digit = character.wholeNumberValue, character.isASCII {
            count = min(100_000_000, (count ?? 0) * 10 + digit)
            return []
        }
        let repeats = count
        count = nil
        guard let command = command(for: key, repeats: repeats) else { return hadMessage ? [.draw(screen())] : [] }
        let actions = handle(command)
        return actions.isEmpty && hadMessage ? [.draw(screen())] : actions
    }

    /// The command a key asks for (`KeyBinding.table`), given the number typed before
    /// it; opening the search prompt is a redraw.
    private func command(for key: TerminalKey, repeats: Int?) -> ViewerCommand? {
        switch KeyBinding.effect(of: key, linkFocused: linkFocus != nil && repeats == nil) {
        case .command(let command): return command(repeats)
        case .prompt(let forward):
            prompt = (forward, "")
            return .redraw
        case nil: return nil
        }
    }

    /// Typing in the search prompt: text, Backspace, Enter to search, Escape or
    /// Ctrl-C to give up.
    private func edit(_ prompt: (forward: Bool, text: String), with key: TerminalKey) -> [ViewerAction] {
        switch key {
        case .enter:
            self.prompt = nil
            guard let query = prompt.text.isEmpty ? lastSearch?.query : prompt.text else { return [.draw(screen())] }
            return handle(.search(query, forward: prompt.forward))
        case .escape, .control("c"), .control("g"):
            self.prompt = nil
        case .backspace:
            if prompt.text.isEmpty {
                self.prompt = nil
            } else {
                self.prompt?.text.removeLast()
            }
        case .character(let character) where TextWidth.isPrintable(character):
            self.prompt?.text.append(character)
        default:
            return []
        }
        return [.draw(screen())]
    }

    // MARK: Commands

    /// Acts on a command (keys come to this through `handle(key:)`).
    /// - Returns: what the terminal loop must do: nothing when the screen is unchanged.
    public func handle(_ command: ViewerCommand) -> [ViewerAction] {
        let before = view.scrollOffset
        switch command {
        case .scrollRows(let rows): view.navigate(.lines(rows))
        case .scrollPages(let pages): view.navigate(.pages(pages))
        case .scrollHalfPages(let halves): view.navigate(.halfPages(halves))
        case .top: view.navigate(.stackTop)
        case .bottom, .goToPercent:
            if !view.waitsForPages, let progress = view.locatingProgress {
                pendingJump = command
                message = "Going there once the page is scanned (\(Int(progress * 100))%)"
                return [.draw(screen())]
            }
            pendingJump = nil
            if case .goToPercent(let percent) = command { view.scroll(toFraction: Double(percent) / 100) } else { view.navigate(.stackBottom) }
        case .goToRow(let row):
            // Row n of the stack as a dump numbers it: every row above it laid out.
            _ = view.frame(at: max(0, row - 1))
        case .scrollColumns(let columns):
            return view.scrollTopTableHorizontally(by: columns) ? [.draw(screen())] : []
        case .search(let query, let forward):
            lastSearch = (query, forward)
            lastMatch = nil
            search(query, forward: forward)
            return [.draw(screen())]
        case .repeatSearch(let reversed):
            guard let lastSearch else {
                message = "No previous search"
                return [.draw(screen())]
            }
            search(lastSearch.query, forward: lastSearch.forward != reversed)
            return [.draw(screen())]
        case .nextLink, .previousLink:
            moveLinkFocus(forward: command == .nextLink)
            return [.draw(screen())]
        case .followLink:
            followLink()
            return [.draw(screen())]
        case .nextComponent, .previousComponent:
            if !view.moveToComponent(forward: command == .nextComponent) { message = "No more components" }
            return [.draw(screen())]
        case .showPosition:
            message = positionDescription()
            return [.draw(screen())]
        case .help:
            showsHelp = true
            return [.draw(screen())]
        case .redraw:
            return [.draw(screen())]
        case .pagesProgressed:
            guard let jump = pendingJump else { return [.draw(screen())] }
            if let progress = view.locatingProgress {
                message = "Going there once the page is scanned (\(Int(progress * 100))%)"
                return [.draw(screen())]
            }
            message = nil
            let moved = handle(jump)
            return moved.isEmpty ? [.draw(screen())] : moved
        case .resize(let newWidth, let newHeight):
            width = max(1, newWidth)
            height = max(Self.statusRows + 1, newHeight)
            view.resize(width: width, height: contentRows)
            return [.draw(screen())]
        case .suspend:
            return [.suspend]
        case .quit:
            return [.quit]
        }
        return view.scrollOffset == before ? [] : [.draw(screen())]
    }

    /// Finds `query` from the last match if it is on screen, else from the top row,
    /// and brings the match to the top.
    private func search(_ query: String, forward: Bool) {
        let start = lastMatch.flatMap { isOnScreen($0) ? $0 : nil } ?? view.topPlace
        switch view.find(query, from: start, forward: forward, isCancelled: interruption) {
        case .notFound:
            message = "Pattern not found: \(query)"
        case .cancelled:
            message = "Search interrupted"
        case .found(let place, let wrapped):
            lastMatch = place
            view.reveal(place)
            if wrapped { message = forward ? "Search hit the end, continued from the top" : "Search hit the top, continued from the end" }
        }
    }

    private func moveLinkFocus(forward: Bool) {
        // From the focused link while it is on screen, else from the screen's edge.
        let from = linkFocus.flatMap { isOnScreen($0.place) ? $0 : nil }
        guard let next = view.nextLink(after: from, forward: forward) else {
            message = forward ? "No more links below" : "No more links above"
            return
        }
        linkFocus = next
        if !isOnScreen(next.place) { view.reveal(next.place) }
        message = view.target(of: next).map { "[\(next.number)] \($0)" }
    }

    private func followLink() {
        guard let focus = linkFocus, let target = view.target(of: focus) else { return }
        guard target.hasPrefix("#") else {
            message = "Not followed (outside the page): \(target)"
            return
        }
        if view.scroll(toFragment: target) {
            linkFocus = nil
        } else {
            message = "No element \(target) in the pages"
        }
    }

    /// Whether a row is in the viewport.
    private func isOnScreen(_ place: DocScrollView.Place) -> Bool {
        guard let offset = view.rootOffset(of: place) else { return false }
        return offset >= Double(view.scrollOffset) && offset < Double(view.scrollOffset + contentRows)
    }

    /// The component and row under the top of the viewport, and the stack position.
    private func positionDescription() -> String {
        let stack = stackPosition()
        var text = "\(stack.rows), \(stack.percent)"
        if let top = view.topPlace, let input = view.input(of: top.component) {
            text = "\(input.isTable ? "table" : "page") \(Self.fileName(input.name)): row \(top.row + 1) of \(view.rowCount(of: top.component)); " + text
        }
        return text
    }

    /// "rows 14-36 of 1046" and "3%"; `~` while pages below are not laid out yet and
    /// the length is an estimate.
    private func stackPosition() -> (rows: String, percent: String) {
        let total = max(1, view.stackRows)
        let last = min(total, view.scrollOffset + contentRows)
        let estimate = view.isLaidOut ? "" : "~"
        return ("rows \(view.scrollOffset + 1)-\(last) of \(estimate)\(total)", "\(estimate)\(last * 100 / total)%")
    }

    /// The last component of a path.
    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    // MARK: Screen

    /// The content frame at the current offset with the status line below it (or
    /// the help screen).
    public func screen() -> FrameBuffer {
        var screen = FrameBuffer(width: width, height: height)
        if showsHelp {
            for (row, line) in KeyBinding.helpLines.prefix(contentRows).enumerated() { screen.draw(line, column: 0, row: row) }
        } else {
            let frame = view.frame()
            screen.copyRows(0..<frame.height, of: frame, to: 0)
            highlight(in: &screen)
        }
        drawStatus(into: &screen)
        return screen
    }

    /// Search matches and the focused link in reverse video.
    private func highlight(in screen: inout FrameBuffer) {
        if let query = lastSearch?.query {
            for row in 0..<contentRows {
                // The row's text, and for each character the column it starts at.
                var text = ""
                var columns: [Int] = []
                for column in 0..<width where !screen[column, row].isContinuation {
                    for character in screen[column, row].grapheme {
                        text.append(character)
                        columns.append(column)
                    }
                }
                for range in TextSearch.ranges(of: query, in: text) {
                    let first = text.distance(from: text.startIndex, to: range.lowerBound)
                    let end = text.distance(from: text.startIndex, to: range.upperBound)
                    let endColumn = end < columns.count ? columns[end] : width
                    reverse(columns[first]..<endColumn, row: row, in: &screen)
                }
            }
        }
        if let focus = linkFocus, let offset = view.rootOffset(of: focus.place) {
            let row = Int(offset) - view.scrollOffset
            if row >= 0, row < contentRows { reverse(focus.columns, row: row, in: &screen) }
        }
    }

    private func reverse(_ columns: Range<Int>, row: Int, in screen: inout FrameBuffer) {
        for column in columns.clamped(to: 0..<width) {
            var cell = screen[column, row]
            cell.style.attributes.formSymmetricDifference(.reverse)
            screen[column, row] = cell
        }
    }

    private func drawStatus(into screen: inout FrameBuffer) {
        let statusStyle = Style(.reverse)
        let row = contentRows
        for column in 0..<width { screen[column, row] = Cell(" ", style: statusStyle) }
        let left: String
        if let prompt {
            left = (prompt.forward ? "/" : "?") + prompt.text + "█"
        } else if showsHelp {
            left = " Keys: any key to return"
        } else {
            left = " " + (message ?? (view.title.isEmpty ? "docscroll" : view.title))
        }
        var parts = statusParts()
        if showsStatistics {
            let statistics = view.statistics
            parts.insert("tiles \(statistics.tiles.tilesLive) \(Self.megabytes(statistics.tiles.tileBytesLive))  heap \(Self.megabytes(statistics.liveHeapBytes))", at: 0)
        }
        // On a narrow screen, or beside a note or the prompt, the least needed parts
        // go first; the position stays.
        var right = parts.joined(separator: "  ")
        let room = width - max(22, message != nil || prompt != nil ? TextWidth.columns(of: left) + 2 : 0)
        while parts.count > 1, TextWidth.columns(of: right) > room {
            parts.removeFirst()
            right = parts.joined(separator: "  ")
        }
        let rightColumns = TextWidth.columns(of: right)
        screen.draw(left, style: statusStyle, column: 0, row: row, limit: max(0, width - rightColumns - 2))
        screen.draw(right, style: statusStyle, column: max(0, width - rightColumns - 1), row: row)
    }

    /// The status line's right side, least needed first: the component under the top
    /// and its row ("items.json 12/1000"), how far the pages are indexed while they
    /// are ("indexing 40%"), the help hint, the stack position ("rows 14-36 of 1046
    /// 3%").
    private func statusParts() -> [String] {
        var parts: [String] = []
        if let top = view.topPlace, let input = view.input(of: top.component) {
            parts.append("\(Self.fileName(input.name)) \(top.row + 1)/\(view.rowCount(of: top.component))")
        }
        if let progress = view.indexingProgress { parts.append("indexing \(Int(progress * 100))%") }
        let stack = stackPosition()
        return parts + ["h: help", "\(stack.rows)  \(stack.percent)"]
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10)M"
    }
}
