import DocScroll
import RenderCore
import SystemIO

/// The `docscroll` program: parses the command line, builds the view, prints or runs
/// the interactive viewer, and turns every failure into a one-line message and an
/// exit status (0 done, 1 bad input, 2 bad usage).
public enum DocScrollCommand {
    /// Runs docscroll with `arguments` (without the program name).
    /// - Returns: the exit status.
    public static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        Terminal.takeOverCrashes(environment: environment)
        // Each input keeps a file open while shown: the shell's soft limit is no bound.
        OpenFileLimit.raise()
        let output = StandardOutput.standardOutput()
        let errors = StandardOutput.standardError()
        defer { errors.flush() }
        let status = run(arguments, environment: environment, output: output, errors: errors)
        output.flush()
        // A reader that went away is not an error; output that could not be written is.
        if let failure = output.failure {
            errors.writeError("standard output: \(failure)")
            return max(status, 1)
        }
        return status
    }

    private static func run(_ arguments: [String], environment: [String: String], output: StandardOutput, errors: StandardOutput) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments)
        } catch {
            errors.writeError("\(error.message) (see 'docscroll --help')")
            return 2
        }
        if options.showHelp {
            output.writeLine(HelpText.usage)
            return 0
        }
        if options.showVersion {
            output.writeLine(HelpText.version)
            return 0
        }

        let isTerminal = Terminal.standardOutputIsTerminal
        let terminalSize = isTerminal ? Terminal.size() : nil
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let colorDepth = ColorDepth.of(environment: environment)
        let colors: ColorDepth = switch options.color {
        case .always: colorDepth
        case .never: .none
        case .auto: isTerminal && !noColor ? colorDepth : .none
        }
        // A dump of windowed pages streams them: parsed and laid out a fragment at a
        // time, never held whole. (Expanded builds everything, as it always does.)
        let dumps = options.output == .dump || (options.output == .automatic && !isTerminal)
        var viewOptions = DocScrollView.Options(
            width: options.width ?? terminalSize?.width ?? 80,
            height: options.height ?? terminalSize?.height ?? 24,
            mode: options.mode,
            tileRows: options.tileRows,
            tileBudget: options.tileBudget,
            encoding: options.encoding,
            table: .init(
                path: options.tablePath, firstRowIsHeader: options.tableHeader, columns: options.tableColumns,
                sortColumn: options.sortColumn, sortsDescending: options.sortsDescending, format: options.tableFormat),
            frozenColumns: options.frozenColumns, wrapsTableCells: options.wrapsTableCells, tabsFrom: options.tabsFrom,
            images: options.images ?? .none, imageBudget: options.imageBudget)
        viewOptions.readsStyles = options.readsStyles
        let prefersDark = options.prefersDark ?? StyleScreen.prefersDark(colorFGBG: environment["COLORFGBG"])
        viewOptions.styleScreen = StyleScreen(
            width: options.styleScreenSize?.width ?? viewOptions.styleScreen.width,
            height: options.styleScreenSize?.height ?? viewOptions.styleScreen.height,
            prefersDark: prefersDark ?? false, knowsBackground: prefersDark != nil, drawsColors: colors != .none && (!dumps || options.color == .always))
        if let path = options.userStyleSheet {
            do {
                viewOptions.userStyleSheet = try DocScrollView.userStyleSheet(at: path)
            } catch {
                errors.writeError(error.description)
                return 1
            }
        }
        // (A terminal's own cell size sizes pictures in the viewer; frames and dumps,
        // whose output does not depend on the terminal, keep 10 by 20.)
        if isTerminal, case .automatic = options.output { viewOptions.cellPixelSize = Terminal.cellPixelSize() }

        // Tables are mapped, not read: only the rows shown are read from them. A
        // windowed view reads its pages a window at a time as it shows them.
        let readInputs = { () throws(DocScrollError) -> (tables: [InputFile], pages: [InputFile]) in
            let tables = try options.tables.map { path throws(DocScrollError) in
                path == "-" ? try readInput(path) : try InputFile.table(path, format: options.tableFormat, spoolLimit: options.spoolLimit)
            }
            let pages = try options.pages.map { path throws(DocScrollError) in
                // Expanded reads pages whole; windowed views and dumps read files a
                // window at a time, and standard input as it arrives.
                if path == "-" { return options.mode == .windowed ? try InputFile.standardInputPage(spoolLimit: options.spoolLimit) : try readInput(path) }
                return options.mode == .expanded ? try readInput(path) : try InputFile.page(path, spoolLimit: options.spoolLimit)
            }
            return (tables, pages)
        }

        if options.output == .automatic, isTerminal, let terminal = Terminal() {
            // Shown in a terminal, a table of any size shows at once, indexed in parts;
            // the inputs are read while `q` is live.
            ProcessMemory.giveLargeBlocksBack()
            var viewOptions = viewOptions
            viewOptions.indexesTablesInParts = true
            (viewOptions.images, viewOptions.cellPixelSize) = Self.picturesInTerminal(
                terminal, images: options.images, cell: viewOptions.cellPixelSize, colors: colors, environment: environment)
            let reading = (options.tables + options.pages).map { $0 == "-" ? "stdin" : $0 }.joined(separator: ", ")
            let load = UncheckedSendable {
                Result { () throws(DocScrollError) in
                    let inputs = try readInputs()
                    return UncheckedSendable(try DocScrollView(pages: inputs.pages, tables: inputs.tables, options: viewOptions))
                }
            }
            switch LiveWait.run(terminal: terminal, saying: "Reading \(reading)", interruptQuits: true, { load.value() }) {
            case .quit(let status):
                return status
            case .interrupted:
                // (Ctrl-C quits before the first screen: never here.)
                return 130
            case .done(.failure(let error), _):
                terminal.restore()
                errors.writeError(error.description)
                return 1
            case .done(.success(let view), let typedAhead):
                output.flush()
                guard InteractiveSession.run(
                    view: view.value, terminal: terminal, colors: colors, mouse: options.mouse, showsStatistics: options.stats,
                    showsScrollbar: options.scrollbar, startCommands: options.startCommands, typedAhead: typedAhead) else {
                    errors.writeError("cannot put the terminal in raw mode")
                    return 1
                }
                return 0
            }
        }

        let tables: [InputFile]
        let pages: [InputFile]
        do {
            (tables, pages) = try readInputs()
        } catch {
            errors.writeError(error.description)
            return 1
        }

        // Styles asked for: the rows drawn with them, from a view (not streamed).
        let stylesText = dumps && options.color == .always
        // A dump without styles writes a picture as its alt text, in every mode; with
        // them, `--images symbols` draws it.
        if dumps, !stylesText { viewOptions.images = .none }
        if dumps, options.mode == .windowed, !stylesText {
            ProcessMemory.keepFreedMemory()
            do {
                let statistics = try DocScrollView.dumpStreaming(
                    pages: pages, tables: tables, options: viewOptions, stop: { output.isClosed }, text: { output.write($0) })
                output.flush()
                warnOfLostRows(statistics, errors: errors)
                let failed = warnOfSpoolEnds(pages, errors: errors)
                if options.stats { errors.writeLine(statistics.json) }
                return failed ? 1 : 0
            } catch {
                errors.writeError(error.description)
                return 1
            }
        }

        /// The view the outputs other than a frame are drawn or written from.
        func builtView() -> DocScrollView? {
            do {
                return try DocScrollView(pages: pages, tables: tables, options: viewOptions)
            } catch {
                errors.writeError(error.description)
                return nil
            }
        }

        let statistics: Statistics
        switch options.output {
        case .frame(let offset):
            // Pages streamed down to the frame, tables indexed as far as its rows.
            do {
                let (frame, frameStatistics) = try DocScrollView.singleFrame(
                    at: offset, scrolledColumns: options.scrolledColumns, pages: pages, tables: tables, options: viewOptions)
                for row in 0..<frame.height {
                    output.writeLine(colors != .none ? ANSIFrameWriter.styledRow(frame, row: row, colors: colors).trimmingTrailingBlanks : frame.plainText(row: row))
                }
                statistics = frameStatistics
            } catch {
                errors.writeError(error.description)
                return 1
            }
        case .scrollThrough(let step):
            guard let view = builtView() else { return 1 }
            // Each frame is timed to the bytes a terminal would get; as in the viewer,
            // no frame waits on a picture.
            view.picturesArriveLater = true
            var writer = ANSIFrameWriter(colors: colors)
            let report = view.scrollThrough(step: step ?? viewOptions.height) { _ = writer.update(to: $0) }
            output.writeLine(report.json)
            statistics = view.statistics
        case .dump where stylesText, .automatic where stylesText:
            guard let view = builtView() else { return 1 }
            view.forEachStyledRow { row in output.writeLine(ANSIFrameWriter.styledRow(row, row: 0, colors: colors)) }
            warnOfLostRows(view.statistics, errors: errors)
            statistics = view.statistics
        case .dump, .automatic:
            // (`.automatic` here: not a terminal that can be read, so written as a dump.)
            guard let view = builtView() else { return 1 }
            writeText(of: view, to: output)
            warnOfLostRows(view.statistics, errors: errors)
            if warnOfSpoolEnds(pages, errors: errors) { return 1 }
            statistics = view.statistics
        }
        output.flush()
        // The interactive viewer shows its figures in the status line.
        if options.stats, !(options.output == .automatic && isTerminal) {
            errors.writeLine(statistics.json)
        }
        return 0
    }
}

/// Writes every row of `view` as text (a view built to be shown has no page that can
/// fail to parse as it is written).
private func writeText(of view: DocScrollView, to output: StandardOutput) {
    _ = try? view.writeText(stop: { output.isClosed }) { output.write($0) }
}

/// Says on standard error how many table rows were gone from their file when written
/// (each shown as "(gone)"): a file changed after it was indexed.
private func warnOfLostRows(_ statistics: Statistics, errors: StandardOutput) {
    guard statistics.rowsLost > 0 else { return }
    errors.writeLine("docscroll: warning: \(statistics.rowsLost) table rows were gone from their file: it changed after it was read")
}

/// Says on standard error which pages arriving in a spool (standard input, a page
/// decompressed as it is read) stopped being read at the spool's limit (a warning:
/// what was written is their start), or before their end (an error).
/// - Returns: whether one ended before its end (the exit status is then 1).
private func warnOfSpoolEnds(_ pages: [InputFile], errors: StandardOutput) -> Bool {
    var failed = false
    for page in pages {
        guard let spool = page.pageSource as? SpooledInput else { continue }
        if spool.reachedCapacity {
            errors.writeLine("docscroll: warning: \(page.name): stopped reading at \(spool.capacity) bytes, the spool's limit (--spool-limit): the rest is not shown")
        } else if let failure = spool.failure {
            errors.writeError("\(page.name): \(failure) (what came before it was written)")
            failed = true
        }
    }
    return failed
}

/// The input at `path`, standard input for `-`.
private func readInput(_ path: String) throws(DocScrollError) -> InputFile {
    path == "-" ? try InputFile.readStandardInput() : try InputFile.read(path)
}

extension String {
    /// Drops spaces at the end that follow the last style change (a styled row ends in
    /// a reset, so only plain trailing blanks go).
    fileprivate var trimmingTrailingBlanks: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension StandardOutput {
    /// Writes `docscroll: error: MESSAGE` as a line, the message's control characters
    /// written out as escapes: a file name or an option's value, given on the command
    /// line, is read by the user, never acted on by the terminal.
    fileprivate func writeError(_ message: String) {
        writeLine("docscroll: error: " + TextWidth.escapingControls(message))
    }
}

/// A value handed from the thread that made it to the one that uses it, once made:
/// never used by both at once.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension DocScrollCommand {
    /// Pictures in a terminal: with `--images auto` (`images` nil), what it says it
    /// draws (kitty's protocol first, then sixel), symbols otherwise; symbols inside
    /// tmux and screen (which pass neither on as such), and none without colours. And
    /// a cell's size in pixels, asked (`CSI 16 t`) where the window size does not say
    /// it (`cell` nil) and pictures are drawn.
    static func picturesInTerminal(
        _ terminal: Terminal, images: ImageMode?, cell: (width: Int, height: Int)?, colors: ColorDepth, environment: [String: String]
    ) -> (images: ImageMode, cell: (width: Int, height: Int)?) {
        var images = images
        let term = environment["TERM"] ?? ""
        if images == nil, colors == .none { images = ImageMode.none }
        if images == nil, environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") { images = .symbols }
        if let images, images == ImageMode.none || cell != nil { return (images, cell) }
        // Every terminal answers the device attributes, within milliseconds nearby: the
        // wait matters only over a slow link, where 300 ms is too short.
        let support = terminal.enterInteractiveMode(mouse: false) ? terminal.askGraphics(milliseconds: 1_000) : nil
        let drawn = support.map { $0.kitty ? ImageMode.kitty : $0.sixel ? .sixel : .symbols } ?? .symbols
        return (images ?? drawn, cell ?? support?.cellSize.map { ($0.width, $0.height) })
    }
}
