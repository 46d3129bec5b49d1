import DataTable
import DocScroll
import DocScrollViewer
import TileRenderer

/// What the command line asked for.
package struct CommandLineOptions: Equatable {
    enum Output: Equatable {
        /// Interactive when standard output is a terminal, else `dump`.
        case automatic
        case dump
        case frame(offset: Int)
        /// Every frame from the top to the bottom, `step` rows apart (`nil`: a
        /// viewport), timed.
        case scrollThrough(step: Int?)
    }

    enum ColorChoice: String, Equatable {
        case auto, always, never
    }

    var pages: [String] = []
    var tables: [String] = []
    var output = Output.automatic
    var width: Int?
    var height: Int?
    var mode = RenderMode.windowed
    var tileRows = TileRenderer.defaultTileRows
    var tileBudget = TileBudget.standard
    var stats = false
    var color = ColorChoice.auto
    /// How pictures are shown; `nil` for `auto` (what the terminal draws).
    var images: ImageMode? = ImageMode.none
    var imageBudget = TileBudget.standard
    /// Whether the viewer asks for mouse reports (the wheel scrolls); off keeps the
    /// terminal's own selection.
    var mouse = true
    /// Whether the viewer starts with a scrollbar (`s` toggles it).
    var scrollbar = false
    var encoding: String?
    /// Whether pages are read with their stylesheets (`--no-css`: not), and a
    /// reader's own sheet (`--css FILE`).
    var readsStyles = true
    var userStyleSheet: String?
    /// The screen's size in CSS pixels for `@media` (`--css-screen`), and whether it
    /// prefers dark colours (`--color-scheme`; `nil`: as the terminal says).
    var styleScreenSize: ScreenSize?
    var prefersDark: Bool?

    struct ScreenSize: Equatable {
        var width: Int
        var height: Int
    }
    /// How tables are read: the path to their records, whether arrays of arrays start
    /// with a header, which columns to show.
    var tablePath: [String]?
    var tableHeader = true
    var tableColumns: [String]?
    /// How tables are written (`--format`); `nil` to go by their names or content.
    var tableFormat: TableFormat?
    /// The column to sort table rows by, and whether descending (`--sort -key`).
    var sortColumn: String?
    var sortsDescending = false
    /// Table columns frozen at the left, and how far the others are scrolled.
    var frozenColumns = 1
    var scrolledColumns = 0
    /// Table cells wrap inside their columns.
    var wrapsTableCells = false
    /// The tables from this one on (in the order given) are tabs (`--tabs`).
    var tabsFrom: Int?
    /// Bytes of standard input kept at most (`--spool-limit`).
    var spoolLimit = InputFile.defaultSpoolLimit
    /// What the viewer does first, as `less +F`, `+G`, `+/pattern` and `+N` say.
    var startCommands: [ViewerCommand] = []
    var showHelp = false
    var showVersion = false
}

/// A command line that cannot be run; the message fits on one line.
package struct UsageError: Error, Equatable {
    let message: String
}

extension CommandLineOptions {
    /// Parses the arguments after the program name. `--name=value` and `--name value`
    /// are both accepted.
    package static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var remaining = arguments[...]
        var onlyFiles = false
        while let argument = remaining.popFirst() {
            if !onlyFiles, argument.hasPrefix("+"), argument.count > 1 {
                options.startCommands.append(try startCommand(String(argument.dropFirst())))
                continue
            }
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                // A file named as records (`items.json`, `log.jsonl`, `a.csv`) is a
                // table, as VisiData takes it; `--page FILE` shows it as a page.
                if argument != "-", TableFormat(pathExtensionOf: argument) != nil {
                    options.tables.append(argument)
                } else {
                    options.pages.append(argument)
                }
                continue
            }
            if argument == "--" {
                onlyFiles = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError(message: "option '\(name)' needs a value") }
                return next
            }
            switch name {
            case "--table", "-t": options.tables.append(try value())
            case "--page": options.pages.append(try value())
            case "--dump": options.output = .dump
            case "--frame": options.output = .frame(offset: try number(try value(), for: name, range: 0...Int(Int32.max)))
            case "--scroll-through": options.output = .scrollThrough(step: nil)
            case "--step":
                let step = try number(try value(), for: name, range: 1...Int(Int32.max))
                guard case .scrollThrough = options.output else { throw UsageError(message: "'--step' goes with --scroll-through") }
                options.output = .scrollThrough(step: step)
            case "--tile-rows": options.tileRows = try number(try value(), for: name, range: 1...10_000)
            case "--tile-budget": options.tileBudget = try budget(try value(), option: name)
            case "--image-budget": options.imageBudget = try budget(try value(), option: name)
            case "--spool-limit":
                let text = try value()
                guard let bytes = byteCount(text), bytes > 0 else {
                    throw UsageError(message: "'--spool-limit' takes bytes, such as 4G, 512M or 100K, not '\(text)'")
                }
                options.spoolLimit = bytes
            case "--width": options.width = try number(try value(), for: name, range: 1...10_000)
            case "--height": options.height = try number(try value(), for: name, range: 1...10_000)
            case "--mode":
                let text = try value()
                guard let mode = RenderMode(rawValue: text) else {
                    throw UsageError(message: "'--mode' takes windowed or expanded, not '\(text)'")
                }
                options.mode = mode
            case "--color", "--colour":
                let text = try value()
                guard let choice = ColorChoice(rawValue: text) else {
                    throw UsageError(message: "'--color' takes auto, always or never, not '\(text)'")
                }
                options.color = choice
            case "--images":
                let text = try value()
                guard text == "auto" || ImageMode(rawValue: text) != nil else {
                    throw UsageError(message: "'--images' takes auto, none, symbols, sixel or kitty, not '\(text)'")
                }
                options.images = ImageMode(rawValue: text)
            case "--encoding":
                let name = try value()
                guard DocScrollView.isSupportedEncoding(name) else {
                    throw UsageError(message: "'--encoding' does not know '\(name)' (try UTF-8, GBK, Big5, Shift_JIS, EUC-KR, windows-1252)")
                }
                options.encoding = name
            case "--table-path":
                let path = try value()
                guard !path.isEmpty else { throw UsageError(message: "'--table-path' takes keys joined by dots, such as data.items") }
                options.tablePath = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            case "--no-header": options.tableHeader = false
            case "--format":
                let text = try value()
                guard let format = TableFormat(rawValue: text) else {
                    throw UsageError(message: "'--format' takes json, jsonl, csv or tsv, not '\(text)'")
                }
                options.tableFormat = format
            case "--columns":
                let names = try value().split(separator: ",").map(String.init)
                guard !names.isEmpty else { throw UsageError(message: "'--columns' takes column names joined by commas") }
                options.tableColumns = names
            case "--sort":
                var key = try value()
                options.sortsDescending = key.hasPrefix("-")
                if options.sortsDescending { key.removeFirst() }
                guard !key.isEmpty else { throw UsageError(message: "'--sort' takes a column name, or -name for descending") }
                options.sortColumn = key
            case "--freeze": options.frozenColumns = try number(try value(), for: name, range: 0...10_000)
            case "--scroll-x": options.scrolledColumns = try number(try value(), for: name, range: 0...Int(Int32.max))
            case "--wrap": options.wrapsTableCells = true
            case "--tabs": options.tabsFrom = options.tabsFrom ?? options.tables.count
            case "--stats": options.stats = true
            case "--no-mouse": options.mouse = false
            case "--no-css": options.readsStyles = false
            case "--css": options.userStyleSheet = try value()
            case "--css-screen":
                let text = try value()
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (1...100_000).contains(width),
                    (1...100_000).contains(height)
                else { throw UsageError(message: "'--css-screen' takes a width and a height in CSS pixels, as 1280x1024, not '\(text)'") }
                options.styleScreenSize = ScreenSize(width: width, height: height)
            case "--color-scheme":
                let text = try value()
                switch text {
                case "light": options.prefersDark = false
                case "dark": options.prefersDark = true
                default: throw UsageError(message: "'--color-scheme' takes light or dark, not '\(text)'")
                }
            case "--scrollbar": options.scrollbar = true
            case "--help", "-h": options.showHelp = true
            case "--version", "-V": options.showVersion = true
            default: throw UsageError(message: "unknown option '\(name)'")
            }
            if inlineValue != nil, ["--dump", "--scroll-through", "--stats", "--no-mouse", "--no-css", "--scrollbar", "--no-header", "--wrap", "--tabs", "--help", "--version"].contains(name) {
                throw UsageError(message: "option '\(name)' takes no value")
            }
        }
        if !options.showHelp, !options.showVersion, options.pages.isEmpty, options.tables.isEmpty {
            throw UsageError(message: "no input: give a page, a table (--table FILE), or - for standard input")
        }
        // A frame is built whole, 16 bytes a cell: its area is bounded, not its sides.
        if options.output != .automatic, options.output != .dump,
           let width = options.width, let height = options.height, width * height > maximumViewportCells {
            throw UsageError(message: "a viewport of \(width)x\(height) is over \(maximumViewportCells) cells, the most a frame is drawn at (--dump writes every row at a width, of any height)")
        }
        // `--tabs` after the last table: every table is a tab.
        if let first = options.tabsFrom, first >= options.tables.count {
            guard !options.tables.isEmpty else { throw UsageError(message: "'--tabs' shows tables as tabs: give tables with --table FILE") }
            options.tabsFrom = 0
        }
        return options
    }

    /// Cells a frame (`--frame`, `--scroll-through`) may have: 4,000,000 (2000 by 2000,
    /// a frame of 64 MB); 10000 by 10000 took 1.6 GB for a few rows of a page.
    static let maximumViewportCells = 4_000_000

    /// What a `+command` argument asks the viewer to do first, as `less` reads them:
    /// `F` follow, `G` the end, `g` the top, `/pattern` and `?pattern` search, `N` row
    /// N, `N%` N percent in. (A file whose name starts with `+` is given after `--`,
    /// or as `./+name`.)
    private static func startCommand(_ text: String) throws(UsageError) -> ViewerCommand {
        switch text {
        case "F": return .toggleFollow
        case "G": return .bottom
        case "g": return .top
        default: break
        }
        if let first = text.first, first == "/" || first == "?", text.count > 1 {
            return .search(String(text.dropFirst()), forward: first == "/")
        }
        if let row = Int(text), row >= 1 { return .goToRow(row) }
        if text.hasSuffix("%"), let percent = Int(text.dropLast()), (0...100).contains(percent) { return .goToPercent(percent) }
        throw UsageError(message: "'+\(text)' is not a start-up command (+F, +G, +g, +/pattern, +?pattern, +N, +N%; a file named so: ./+\(text))")
    }

    /// A tile budget: bytes (`4194304`, `512K`, `16M`, `1G`) or viewports of cells
    /// (`8x`).
    /// A budget of `--tile-budget` or `--image-budget`: bytes, or viewports of cells.
    private static func budget(_ text: String, option: String) throws(UsageError) -> TileBudget {
        if text.hasSuffix("x"), let viewports = Double(text.dropLast()), viewports >= 0, viewports <= 10_000 {
            return .viewports(viewports)
        }
        if let bytes = byteCount(text) { return .bytes(bytes) }
        throw UsageError(message: "'\(option)' takes bytes (such as 4M or 512K) or viewports (such as 8x), not '\(text)'")
    }

    /// A count of bytes: `4194304`, or with a unit, `512K`, `16M`, `1G` (binary units,
    /// up to 2^20 of them); `nil` for anything else.
    private static func byteCount(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = text.last, let unit = units[Character(last.uppercased())], let count = Int(text.dropLast()), count >= 0, count <= 1 << 20 {
            return count * unit
        }
        if let bytes = Int(text), bytes >= 0 { return bytes }
        return nil
    }

    private static func number(_ text: String, for name: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(message: "'\(name)' takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}
