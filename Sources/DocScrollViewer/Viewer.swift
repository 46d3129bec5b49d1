import DataTable
public import DocScroll
public import RenderCore
import ScrollCore

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
    /// The search being typed.
    public private(set) var prompt: SearchPrompt?
    /// The last search, for `n` and `N` and for highlighting.
    public private(set) var lastSearch: (query: String, forward: Bool)?
    private var lastMatch: DocScrollView.Place?
    /// The link Tab moved to.
    public private(set) var linkFocus: DocScrollView.LinkFocus?
    /// The table row with the cursor (`c`): the row keys move it, `v` and Enter show
    /// its record. It stays on screen: the view scrolls to keep it shown, and where the
    /// view moves otherwise, it moves to the nearest row shown (or goes, with its
    /// table).
    public private(set) var rowCursor: DocScrollView.Place?
    /// Where each link followed was followed from, the last at the end: Backspace and
    /// `B` go back (at most `historyLimit` kept).
    private var history: [DocScrollView.Location] = []
    /// Whether links followed before the last `historyLimit` were let go.
    private var historyWasCut = false
    /// Where the view was before the last jump, for `''`.
    private var beforeLastJump: DocScrollView.Location?
    /// Whether `'` (go to) or `m` (set) was typed and a mark's name is awaited.
    private var awaitsMark: MarkUse?
    private enum MarkUse { case goTo, set }
    /// Places marked with `m` and a letter, by the letter.
    private var marks: [Character: DocScrollView.Location] = [:]
    /// A note for the status line, until the next key.
    public private(set) var message: String?
    /// Text shown in place of the content (the help, a record) until a key other than
    /// a scrolling one.
    private var textScreen: TextScreen?
    /// Whether the help screen is shown.
    public var showsHelp: Bool { textScreen?.kind == .help }
    /// The lines of the record shown whole (`v`), while it is: all of them (laid out
    /// here, where the screen has laid out only what it showed).
    public var shownRecord: [String]? {
        guard let textScreen, case .record = textScreen.kind else { return nil }
        var lines = textScreen.lines
        lines.layOutAll()
        return lines.laidOut
    }
    /// A jump to the end or to a percentage waiting for the pages to be indexed to
    /// their end (when frames do not wait for them): keys are answered meanwhile, and
    /// any key but the jump's own gives it up.
    public private(set) var pendingJump: ViewerCommand?
    /// Whether the tables' files are followed as they grow (`F`): the terminal loop
    /// then looks at them often (`DocScrollView.followFiles`) and says when they
    /// changed (`filesChanged`).
    public private(set) var isFollowing = false
    /// Asked during a long search: true stops it (the terminal loop answers whether
    /// Ctrl-C was pressed meanwhile).
    public var interruption: () -> Bool = { false }
    /// Runs work that may take long and touches no view (opening the page a link
    /// leads to), saying what it does: the terminal loop runs it on a thread of its
    /// own while Ctrl-C gives it up and `q` quits. Unset, it runs here.
    public var runsLongWork: (_ what: String, _ work: @escaping @Sendable () -> Void) -> LongWorkEnd = { _, work in
        work()
        return .done
    }

    /// How long work run through `runsLongWork` ended.
    public enum LongWorkEnd: Sendable {
        /// It is done.
        case done
        /// The reader gave it up (Ctrl-C): its result is not used.
        case interrupted
        /// The reader quit meanwhile.
        case quit
    }

    /// Rows the status line takes.
    public static let statusRows = 1
    /// Rows a turn of the mouse wheel scrolls.
    public static let wheelRows = 3
    /// Links followed that Backspace can go back from: the pages each one left are
    /// kept, laid out as they were.
    public static let historyLimit = 50

    /// A viewer of `view` on a screen of `width` by `height` (the status line
    /// included); the view is resized to the rows above the status line.
    public init(view: DocScrollView, width: Int, height: Int, showsStatistics: Bool = false, showsScrollbar: Bool = false) {
        self.view = view
        self.width = max(1, width)
        self.height = max(Self.statusRows + 1, height)
        self.showsStatistics = showsStatistics
        self.showsScrollbar = showsScrollbar
        view.resize(width: contentColumns, height: self.height - Self.statusRows)
    }

    /// Rows of content on screen.
    public var contentRows: Int { height - Self.statusRows }

    /// Whether a scrollbar for the whole stack shows in the last column (`s`): the
    /// content is laid out a column narrower.
    public private(set) var showsScrollbar: Bool

    /// Columns of content on screen: all but the scrollbar's.
    public var contentColumns: Int { showsScrollbar && width > 1 ? width - 1 : width }

    /// The first screen.
    public func start() -> [ViewerAction] {
        redrawn()
    }

    // MARK: Keys

    /// Acts on keys read together (typed ahead, pasted, or sent faster than screens
    /// are drawn), in order: the screen is drawn once, after the last, rather than for
    /// each (a thousand characters pasted into the search prompt drew a thousand
    /// screens). Keys after one that quits are not acted on.
    public func handle(keys: [TerminalKey]) -> [ViewerAction] {
        drawsLater = true
        defer {
            drawsLater = false
            drawPending = false
        }
        var actions: [ViewerAction] = []
        for key in keys {
            for action in handle(key: key) {
                if action == .quit { return [.quit] }
                actions.append(action)
            }
        }
        return drawPending ? actions + [.draw(screen())] : actions
    }

    /// While `handle(keys:)` runs: screens are drawn once, after its last key.
    private var drawsLater = false
    /// Whether a key of the batch asked for a new screen.
    private var drawPending = false

    /// The actions that draw the screen anew: at once, or after the batch of keys
    /// being handled.
    private func redrawn() -> [ViewerAction] {
        guard drawsLater else { return [.draw(screen())] }
        drawPending = true
        return []
    }

    /// Acts on a key: a prefix digit, a prompt edit, or a command.
    public func handle(key: TerminalKey) -> [ViewerAction] {
        if let prompt { return edit(prompt, with: key) }
        if var shown = textScreen {
            message = nil
            // A record is searched as the stack is: / and ?, then n and N.
            if case .record = shown.kind {
                switch key {
                case .character("/"), .character("?"):
                    prompt = SearchPrompt(forward: key == .character("/"))
                    return redrawn()
                case .character("n"), .character("N"):
                    return handle(.repeatSearch(reversed: key == .character("N")))
                default:
                    break
                }
            }
            // Where it does not fit, the keys that move by rows and screens scroll the
            // text; any other key leaves it.
            guard let moved = shown.scroll(for: key, rows: contentRows) else {
                textScreen = nil
                return redrawn()
            }
            textScreen = shown
            return moved ? redrawn() : []
        }
        if let use = awaitsMark {
            awaitsMark = nil
            message = nil
            guard case .character(let name) = key, name.isLetter || (use == .goTo && name == "'") else {
                message = "A mark is a letter (m and a letter sets it, ' and the letter goes there; '' back from a jump)"
                return redrawn()
            }
            if use == .set {
                marks[name] = view.location
                message = "Marked '\(name)"
                return redrawn()
            }
            return handle(name == "'" ? .lastJump : .goToMark(name))
        }
        if case .click(let column, let row) = key {
            // A click or a drag on the scrollbar takes the view there; other clicks do
            // nothing.
            guard showsScrollbar, column == width - 1, row < contentRows else { return [] }
            return handle(.scrollbarAt(row))
        }
        let hadMessage = message != nil
        message = nil
        // Any key gives a waiting jump up; Ctrl-C says so.
        if pendingJump != nil, key == .control("c") {
            pendingJump = nil
            message = "Jump given up"
            return redrawn()
        }
        pendingJump = nil
        if case .character(let character) = key, let digit = character.wholeNumberValue, character.isASCII {
            count = min(100_000_000, (count ?? 0) * 10 + digit)
            return []
        }
        let repeats = count
        count = nil
        guard let command = command(for: key, repeats: repeats) else { return hadMessage ? redrawn() : [] }
        let actions = handle(command)
        return actions.isEmpty && hadMessage ? redrawn() : actions
    }

    /// The command a key asks for (`KeyBinding.table`), given the number typed before
    /// it; opening the search prompt is a redraw.
    private func command(for key: TerminalKey, repeats: Int?) -> ViewerCommand? {
        // (Keys bound for a focused link or the row cursor act so only without a count.)
        var condition = KeyBinding.Condition.always
        if repeats == nil, linkFocus != nil {
            condition = .linkFocused
        } else if repeats == nil, rowCursor != nil {
            condition = .rowCursor
        }
        switch KeyBinding.effect(of: key, when: condition) {
        case .command(let command): return command(repeats)
        case .prompt(let forward):
            prompt = SearchPrompt(forward: forward)
            return .redraw
        case .mark:
            awaitsMark = .goTo
            return nil
        case .setMark:
            awaitsMark = .set
            return nil
        case nil: return nil
        }
    }

    /// Typing in the search prompt (`SearchPrompt`): Enter searches, with nothing
    /// typed for the last search again.
    private func edit(_ prompt: SearchPrompt, with key: TerminalKey) -> [ViewerAction] {
        var prompt = prompt
        message = nil
        switch prompt.edit(with: key) {
        case .submitted(let text):
            self.prompt = nil
            guard let query = text.isEmpty ? lastSearch?.query : text else { return redrawn() }
            return handle(.search(query, forward: prompt.forward))
        case .cancelled:
            self.prompt = nil
        case .changed:
            self.prompt = prompt
        case .ignored:
            return []
        case .full:
            message = "\(SearchPrompt.maximumCharacters) characters at most"
        }
        return redrawn()
    }

    // MARK: Scrollbar

    /// Where the scrollbar shows the viewport over the stack, on the content rows.
    private var scrollIndicator: ScrollIndicator {
        view.scrollIndicator(length: contentRows)
    }

    /// Draws the scrollbar in the last column: the thumb in full blocks (shaded while
    /// an extent in the stack is an estimate), a tick where each component starts, the
    /// track dim.
    private func drawScrollbar(into screen: inout FrameBuffer) {
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

    // MARK: Row cursor

    /// The places on screen that are a table's records, top to bottom (not the rows of
    /// a pinned header).
    private var shownRecordPlaces: [DocScrollView.Place] {
        view.shownPlaces.compactMap { place in
            place.flatMap { view.recordRows(of: $0.component)?.contains($0.row) == true ? $0 : nil }
        }
    }

    /// Moves the row cursor `rows` records down (up when negative) in its table, as far
    /// as its first or last record, scrolling the view as little as keeps it shown.
    private func moveRowCursor(by rows: Int) -> [ViewerAction] {
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
    private func keepRowCursorShown() {
        guard let cursor = rowCursor else { return }
        let shown = shownRecordPlaces.filter { $0.component == cursor.component }
        guard !shown.contains(cursor) else { return }
        rowCursor = shown.min { abs($0.row - cursor.row) < abs($1.row - cursor.row) }
    }

    // MARK: Commands

    /// Acts on a command (keys come to this through `handle(key:)`).
    /// - Returns: what the terminal loop must do: nothing when the screen is unchanged.
    public func handle(_ command: ViewerCommand) -> [ViewerAction] {
        let before = view.scrollOffset
        // A jump that moves the view can be undone with `''`.
        let location = command.isJump ? view.location : nil
        defer {
            if let location, view.scrollOffset != before || !view.shows(location) { beforeLastJump = location }
        }
        switch command {
        case .scrollRows(let rows) where rowCursor != nil: return moveRowCursor(by: rows)
        case .scrollPages(let pages) where rowCursor != nil: return moveRowCursor(by: pages * contentRows)
        case .scrollHalfPages(let halves) where rowCursor != nil: return moveRowCursor(by: halves * max(1, contentRows / 2))
        case .scrollRows(let rows): view.navigate(.lines(rows))
        case .scrollPages(let pages): view.navigate(.pages(pages))
        case .scrollHalfPages(let halves): view.navigate(.halfPages(halves))
        case .top: view.navigate(.stackTop)
        case .bottom, .goToPercent, .linkList:
            if !view.waitsForPages, let progress = view.locatingProgress {
                pendingJump = command
                message = "Going there once the end is known (\(Int(progress * 100))%)"
                return redrawn()
            }
            pendingJump = nil
            switch command {
            case .goToPercent(let percent): view.scroll(toFraction: Double(percent) / 100)
            case .linkList: if !view.scrollToLinkList(near: linkFocus) { message = "No links on this page" }
            default: view.navigate(.stackBottom)
            }
        case .goToRow(let row):
            // Row n of the stack as a dump numbers it: every row above it laid out.
            _ = view.frame(at: max(0, row - 1))
        case .scrollSideways(let steps):
            let moved = view.scrollTopTableColumns(by: steps) || view.scrollTopPageHorizontally(by: steps * max(1, width / 2))
            return moved ? redrawn() : []
        case .search(let query, let forward):
            lastSearch = (query, forward)
            lastMatch = nil
            search(query, forward: forward)
            return redrawn()
        case .repeatSearch(let reversed):
            guard let lastSearch else {
                message = "No previous search"
                return redrawn()
            }
            search(lastSearch.query, forward: lastSearch.forward != reversed)
            return redrawn()
        case .nextLink, .previousLink:
            moveLinkFocus(forward: command == .nextLink)
            return redrawn()
        case .focusLink(let number):
            guard let focus = view.link(numbered: number, near: linkFocus) else {
                message = "No link [\(number)] on this page"
                return redrawn()
            }
            focusLink(focus)
            return redrawn()
        case .followLink:
            return followLink() ? [.quit] : redrawn()
        case .goToMark(let name):
            guard let place = marks[name] else {
                message = "No mark '\(name) (m\(name) sets it)"
                return redrawn()
            }
            view.restore(place)
            linkFocus = nil
            return redrawn()
        case .back, .lastJump:
            guard let target = command == .back ? history.popLast() : beforeLastJump else {
                if command == .back {
                    message = historyWasCut
                        ? "No more to go back to: the last \(Self.historyLimit) links followed are kept"
                        : "No link followed to go back from"
                } else {
                    message = "No jump to go back from"
                }
                return redrawn()
            }
            view.restore(target)
            linkFocus = nil
            return redrawn()
        case .nextComponent, .previousComponent:
            if !view.moveToComponent(forward: command == .nextComponent) { message = "No more components" }
            return redrawn()
        case .nextTab(let count), .previousTab(let count):
            if view.switchTab(by: command == .nextTab(count: count) ? count : -count) {
                // Their rows were the other tab's.
                rowCursor = nil
                linkFocus = nil
            } else {
                message = "No tabs (--tabs shows tables as tabs)"
            }
            return redrawn()
        case .showPosition:
            message = positionDescription()
            return redrawn()
        case .help:
            textScreen = TextScreen(kind: .help, lines: RecordLines(KeyBinding.helpLines), rows: contentRows)
            return redrawn()
        case .toggleScrollbar:
            showsScrollbar.toggle()
            view.resize(width: contentColumns, height: contentRows)
            return redrawn()
        case .scrollbarAt(let cell):
            view.scroll(toIndicatorCell: cell, length: contentRows)
            return redrawn()
        case .toggleRowCursor:
            if rowCursor != nil {
                rowCursor = nil
            } else if let place = shownRecordPlaces.first {
                rowCursor = place
                linkFocus = nil
            } else {
                message = "No table row on screen (c puts a cursor on the highest one)"
            }
            return redrawn()
        case .showRecord:
            if let record = rowCursor.flatMap(view.record(at:)) ?? view.topRecord() {
                textScreen = TextScreen(kind: .record(record.title), lines: record.lines, rows: contentRows)
            } else {
                message = "No table row on screen (v shows the record of the highest one)"
            }
            return redrawn()
        case .toggleFollow:
            if isFollowing {
                isFollowing = false
                message = "Following stopped"
            } else if view.hasFollowableTables {
                isFollowing = true
                view.followFiles()
                view.navigate(.stackBottom)
                message = "Following: rows appended to the tables show at the end (F stops)"
            } else {
                message = "Nothing to follow: F follows tables of JSON Lines, CSV or TSV files"
            }
            return redrawn()
        case .filesChanged:
            if let note = view.takeNote() { message = note }
            // (A file cut short, gone or unreadable may have left nothing to follow.)
            if !view.hasFollowableTables {
                isFollowing = false
                message = (message.map { $0 + "; " } ?? "") + "Following stopped"
            }
            return redrawn()
        case .reload:
            // (Read apart from the view, while Ctrl-C and q are live.)
            let reloading = view.beginReloading()
            switch runsLongWork("Reading the inputs again", { reloading.read() }) {
            case .quit:
                return [.quit]
            case .interrupted:
                message = "Not reloaded (stopped)"
                return redrawn()
            case .done:
                view.finishReloading(reloading)
            }
            // Rows and links are the old content's, and so are the places kept to go
            // back to (they hold the pages as they were).
            rowCursor = nil
            linkFocus = nil
            history.removeAll()
            historyWasCut = false
            marks.removeAll()
            beforeLastJump = nil
            message = view.takeNote() ?? "Reloaded"
            return redrawn()
        case .redraw:
            return redrawn()
        case .pagesProgressed:
            if let note = view.takeNote() { message = note }
            guard let jump = pendingJump else { return redrawn() }
            if let progress = view.locatingProgress {
                message = "Going there once the end is known (\(Int(progress * 100))%)"
                return redrawn()
            }
            message = nil
            let moved = handle(jump)
            return moved.isEmpty ? redrawn() : moved
        case .resize(let newWidth, let newHeight):
            width = max(1, newWidth)
            height = max(Self.statusRows + 1, newHeight)
            view.resize(width: contentColumns, height: contentRows)
            return redrawn()
        case .suspend:
            return [.suspend]
        case .interrupt:
            if isFollowing {
                isFollowing = false
                message = "Following stopped (q quits)"
            } else {
                message = "Nothing to stop (q quits)"
            }
            return redrawn()
        case .quit:
            return [.quit]
        }
        return view.scrollOffset == before ? [] : redrawn()
    }

    /// Finds `query` from the last match if it is on screen, else from the top row,
    /// and brings the match to the top; in a record shown whole, in its lines.
    private func search(_ query: String, forward: Bool) {
        if var shown = textScreen {
            switch shown.find(query, forward: forward, rows: contentRows, isCancelled: interruption) {
            case true?: textScreen = shown
            case false?: message = "Pattern not found: \(query)"
            case nil: message = "Search interrupted"
            }
            return
        }
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
        focusLink(next)
    }

    /// Gives `focus` to a link, scrolling its mark on screen, and says where it goes.
    private func focusLink(_ focus: DocScrollView.LinkFocus) {
        linkFocus = focus
        // The link's focus and the row cursor exclude each other: Enter acts on one.
        rowCursor = nil
        if !isOnScreen(focus.place) { view.reveal(focus.place) }
        message = view.resolvedTarget(of: focus).map { "[\(focus.number)] \($0)" }
    }

    /// Follows the focused link; a page to open is opened through `runsLongWork`.
    /// - Returns: whether the reader quit while it was opened.
    private func followLink() -> Bool {
        guard let focus = linkFocus else { return false }
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
        case .noElement(let fragment):
            message = "No element \(fragment) in the pages"
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
    private func isOnScreen(_ place: DocScrollView.Place) -> Bool {
        guard let offset = view.rootOffset(of: place) else { return false }
        return offset >= Double(view.scrollOffset) && offset < Double(view.scrollOffset + contentRows)
    }

    /// The component and row under the top of the viewport, and the stack position.
    private func positionDescription() -> String {
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
    private func firstShown(of top: DocScrollView.Place) -> DocScrollView.Place {
        shownRecordPlaces.first { $0.component == top.component } ?? top
    }

    /// The row at `place` as the reader counts them, from 1, and how many there are: a
    /// table's records (its header and rule, pinned above them, are not counted: the
    /// row cursor and `v` count so), a page's rows.
    /// Each number is written as it is known: `~` before one that is an estimate (a
    /// page's rows above the place or below it not all laid out, a table still being
    /// indexed).
    private func numbered(_ place: DocScrollView.Place) -> (row: String, count: String, isEmpty: Bool) {
        let estimated = view.isExtentEstimated(of: place.component)
        guard let record = view.recordNumber(at: place) else {
            let count = view.rowCount(of: place.component)
            // (The first row is the first row, whatever is below it.)
            return ((estimated && place.row > 0 ? "~" : "") + "\(place.row + 1)", (estimated ? "~" : "") + "\(count)", count == 0)
        }
        // (A table's records are indexed in order: the row is exact, the count may not be.)
        return ("\(record.record + 1)", (estimated ? "~" : "") + "\(record.count)", record.count == 0)
    }

    /// "rows 14-36 of 1046" and "3%"; `~` while pages below are not laid out yet and
    /// the length is an estimate.
    private func stackPosition() -> (rows: String, percent: String) {
        let total = max(1, view.stackRows)
        let last = min(total, view.scrollOffset + contentRows)
        let estimate = view.isLaidOut ? "" : "~"
        return ("rows \(view.scrollOffset + 1)-\(last) of \(estimate)\(total)", "\(estimate)\(last * 100 / total)%")
    }

    // MARK: Screen

    /// The content frame at the current offset with the layers over it (search
    /// matches, the focused link) and the status line below (or the help screen).
    public func screen() -> FrameBuffer {
        keepRowCursorShown()
        var screen = FrameBuffer(width: width, height: height)
        if let textScreen {
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
    private func drawCutEdges(over places: [DocScrollView.Place?], into screen: inout FrameBuffer) {
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
    private var layers: [any ScreenLayer] {
        var layers: [any ScreenLayer] = []
        if let rowCursor { layers.append(RowCursorLayer(place: rowCursor, width: contentColumns)) }
        if let query = lastSearch?.query { layers.append(SearchMatchesLayer(query: query)) }
        if let linkFocus { layers.append(LinkFocusLayer(focus: linkFocus)) }
        return layers
    }

    /// The status line: the prompt, a note or the title, and the position.
    private var statusLine: StatusLine {
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
    private var topTitle: String {
        let title = view.topPlace.map { view.title(of: $0.component) } ?? view.title
        return title.isEmpty ? "docscroll" : title
    }
    /// The status line's right side, least needed first: the component under the top
    /// and its row ("items.json 12/1000"), how far the pages are indexed while they
    /// are ("indexing 40%"), the help hint, the stack position ("rows 14-36 of 1046
    /// 3%").
    private func statusParts(titleShown: Bool) -> [String] {
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
