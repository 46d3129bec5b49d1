import DataTable
public import DocScroll
import RenderCore
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
    public internal(set) var width: Int
    /// Screen height in rows, status line included.
    public internal(set) var height: Int
    /// Whether the status line shows live tile and memory figures.
    public let showsStatistics: Bool
    /// The numeric prefix typed so far.
    public internal(set) var count: Int?
    /// The search being typed.
    public internal(set) var prompt: SearchPrompt?
    /// The last search, for `n` and `N` and for highlighting.
    public internal(set) var lastSearch: (query: String, forward: Bool)?
    var lastMatch: DocScrollView.Place?
    /// The link Tab moved to.
    public internal(set) var linkFocus: DocScrollView.LinkFocus?
    /// The table row with the cursor (`c`): the row keys move it, `v` and Enter show
    /// its record. It stays on screen: the view scrolls to keep it shown, and where the
    /// view moves otherwise, it moves to the nearest row shown (or goes, with its
    /// table).
    public internal(set) var rowCursor: DocScrollView.Place?
    /// Where each link followed was followed from, the last at the end: Backspace and
    /// `B` go back (at most `historyLimit` kept).
    var history: [DocScrollView.Location] = []
    /// Whether links followed before the last `historyLimit` were let go.
    var historyWasCut = false
    /// Where the view was before the last jump, for `''`.
    var beforeLastJump: DocScrollView.Location?
    /// Whether `'` (go to) or `m` (set) was typed and a mark's name is awaited.
    var awaitsMark: MarkUse?
    enum MarkUse { case goTo, set }
    /// Places marked with `m` and a letter, by the letter.
    var marks: [Character: DocScrollView.Location] = [:]
    /// A note for the status line, until the next key.
    public internal(set) var message: String?
    /// Text shown in place of the content (the help, a record) until a key other than
    /// a scrolling one.
    var textScreen: TextScreen?
    /// A picture shown alone (Enter on a focused picture), until any key.
    var pictureScreen: FrameBuffer?

    /// Whether the screen shows the view's frame (not the help, a record, or a
    /// picture alone): pictures drawn in pixels go over it only then.
    public var showsFrame: Bool { textScreen == nil && pictureScreen == nil }
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
    /// any key but the jump's own gives it up. Meanwhile the pages' scans, which
    /// locate their ends, have the cores.
    public internal(set) var pendingJump: ViewerCommand? {
        didSet { view.locatesEndsFirst = pendingJump != nil }
    }
    /// Whether the tables' files are followed as they grow (`F`): the terminal loop
    /// then looks at them often (`DocScrollView.followFiles`) and says when they
    /// changed (`filesChanged`).
    public internal(set) var isFollowing = false
    /// Asked during a long search: true stops it (the terminal loop answers whether
    /// Ctrl-C was pressed meanwhile).
    public var interruption: () -> Bool = { false }
    /// Told how far a search has gone (0 to 1; 0 as it begins), as often as
    /// `interruption` is asked: the terminal loop shows a long search's progress.
    public var searchProgress: (Double) -> Void = { _ in }
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
    public internal(set) var showsScrollbar: Bool

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
    var drawsLater = false
    /// Whether a key of the batch asked for a new screen.
    var drawPending = false

    /// How far what `command` jumps to is from being known (`nil`: it is): the end of
    /// the stack for `G` (a table's last records read back count), the whole stack for
    /// a fraction of it or the links list.
    func locatingProgress(before command: ViewerCommand) -> Double? {
        switch command {
        case .bottom: view.endLocatingProgress
        case .goToPercent: view.fractionLocatingProgress
        default: view.locatingProgress
        }
    }

    /// The actions that draw the screen anew: at once, or after the batch of keys
    /// being handled.
    func redrawn() -> [ViewerAction] {
        guard drawsLater else { return [.draw(screen())] }
        drawPending = true
        return []
    }

    /// Acts on a key: a prefix digit, a prompt edit, or a command.
    public func handle(key: TerminalKey) -> [ViewerAction] {
        if let prompt { return edit(prompt, with: key) }
        if pictureScreen != nil {
            pictureScreen = nil
            message = nil
            return redrawn()
        }
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
    func command(for key: TerminalKey, repeats: Int?) -> ViewerCommand? {
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
    func edit(_ prompt: SearchPrompt, with key: TerminalKey) -> [ViewerAction] {
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

    // MARK: Commands

    /// Acts on a command (keys come to this through `handle(key:)`).
    ///
    /// One case a command, each short: the state machine's table of transitions, kept
    /// in one place so that what every command does reads in one go (the work each
    /// case calls is in `Viewer+Places` and `Viewer+Screen`).
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
            if !view.waitsForPages, let progress = locatingProgress(before: command) {
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
            view.scroll(toRow: row - 1)
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
        case .togglePictures:
            guard view.hasPictures else {
                message = "No pictures: --images symbols"
                return redrawn()
            }
            view.showsPictures.toggle()
            message = view.showsPictures ? "Pictures shown" : "Alt text for pictures"
            return redrawn()
        case .showPicture:
            guard let focus = linkFocus, focus.isPicture else {
                message = "No picture focused (Tab focuses pictures as links)"
                return redrawn()
            }
            showPictureAlone(focus)
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
            if let progress = locatingProgress(before: jump) {
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

}
