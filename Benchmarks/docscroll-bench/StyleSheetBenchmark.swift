import Foundation

/// What a page's stylesheets cost: a page under a sheet of a million rules (as
/// generated sites and hostile pages have them), its first screen (`--frame 0`) with
/// the sheet and without it (`--no-css`), seconds and peak RSS; and a real manual
/// page's `--dump` with its stylesheets and without them, and of the manual's pages
/// joined under that page's head (its sheets). Fresh processes each.
enum StyleSheetBenchmark {
    /// Rules of the large sheet.
    static let rules = 1_000_000
    /// Elements of the page under it (each needing rules of its own).
    static let sections = 2_000
    /// A real page of a manual with its stylesheets, where Debian's python3.11-doc is
    /// installed.
    static let realPage = "/usr/share/doc/python3.11/html/library/stdtypes.html"
    /// Bytes of the joined manual.
    static let joinedBytes = 20_000_000

    struct Measurement {
        let name: String
        let bytes: Int
        let styled: Spread
        let plain: Spread
        let styledRSS: Int
        let plainRSS: Int
    }

    /// A million rules in five forms, as sheets write them (class, id and
    /// descendant, child, pseudo-class, type and class), minified: about 15 MB.
    static func sheet() -> String {
        var text = ""
        text.reserveCapacity(16 << 20)
        for index in 0..<rules {
            let name = String(index, radix: 36)
            switch index % 5 {
            case 0: text += ".c\(name){x:0}"
            case 1: text += "#i\(name) a{x:0}"
            case 2: text += ".d\(name)>p{display:none}"
            case 3: text += "a.l\(name):hover{x:0}"
            default: text += "li.q\(name){x:0}"
            }
        }
        return text
    }

    /// Sections whose classes name rules of `sheet()`: every other one's paragraph
    /// hidden by its `.dN > p`.
    static func page(sheet: String) -> String {
        var text = "<html><head><title>A million rules</title><link rel=stylesheet href=\"\(sheet)\"></head><body>\n"
        for section in 0..<sections {
            let index = section * 5
            let hidden = section % 2 == 0 ? " d\(String(index + 2, radix: 36))" : ""
            text += "<div class=\"c\(String(index, radix: 36))\(hidden)\"><p>Section \(section), "
                + "<a class=\"l\(String(index + 3, radix: 36))\" href=\"#s\(section)\">a link</a></p></div>\n"
        }
        return text + "</body></html>\n"
    }

    static func run(runs: Int, docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-styles-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sheet = directory.appendingPathComponent("million.css")
        try Data(self.sheet().utf8).write(to: sheet)
        let page = directory.appendingPathComponent("million.html")
        try Data(self.page(sheet: "million.css").utf8).write(to: page)
        let sheetBytes = (try FileManager.default.attributesOfItem(atPath: sheet.path)[.size] as? Int) ?? 0
        let frame = ["--frame", "0", "--width", "100", "--height", "40"]
        var results = [try measure("a page under \(rules / 1_000_000)M rules, first screen", bytes: sheetBytes, runs: runs, directory: directory) { css in
            try TimedRun.run(docscroll, [page.path] + frame + (css ? [] : ["--no-css"]), timeLimit: 60, directory: directory)
        }]
        if FileManager.default.fileExists(atPath: realPage) {
            let bytes = (try FileManager.default.attributesOfItem(atPath: realPage)[.size] as? Int) ?? 0
            results.append(try measure("Python's stdtypes.html, --dump", bytes: bytes, runs: runs, directory: directory) { css in
                try repeated(docscroll, [realPage, "--dump"] + (css ? [] : ["--no-css"]), directory: directory)
            })
            if let joined = try joinedManual(in: directory) {
                results.append(try measure("Python's manual joined (20 MB), --dump", bytes: joined.bytes, runs: runs, directory: directory) { css in
                    try TimedRun.run(docscroll, [joined.path, "--dump"] + (css ? [] : ["--no-css"]), timeLimit: 120, directory: directory)
                })
            }
        }
        for m in results {
            progress("\(m.name): \(m.styled.text(3)) s, \(m.styledRSS >> 20) MB; --no-css \(m.plain.text(3)) s, \(m.plainRSS >> 20) MB")
        }
        return results
    }

    /// The Python manual's pages joined (`joinedBytes`) under the head of `realPage`,
    /// whose sheets the page links as `realPage` does (beside a link to the manual's
    /// `_static`): where the manual is installed.
    private static func joinedManual(in directory: URL) throws -> (path: String, bytes: Int)? {
        guard let data = FileManager.default.contents(atPath: realPage), let bodyStart = data.firstRange(of: Data("<body".utf8)),
            let headEnd = data[bodyStart.upperBound...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let bodies = PageBenchmark.realBodies()
        guard !bodies.isEmpty else { return nil }
        let library = directory.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("_static"), withDestinationURL: URL(fileURLWithPath: realPage).deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("_static"))
        var page = Data(data[..<(headEnd + 1)])
        var index = 0
        while page.count < joinedBytes {
            page.append(Data(bodies[index % bodies.count].utf8))
            index += 1
        }
        page.append(Data("</body></html>\n".utf8))
        let url = library.appendingPathComponent("joined.html")
        try page.write(to: url)
        return (url.path, page.count)
    }

    /// Runs of a real page's dump in one timed run, whose time is divided among them:
    /// a dump takes a few hundredths of a second, GNU time's unit.
    static let repeats = 20

    /// `repeats` runs of `executable` with `arguments` in turn, by a shell, timed as
    /// one: the time of a run, and the peak RSS of the largest.
    private static func repeated(_ executable: String, _ arguments: [String], directory: URL) throws -> (seconds: Double, rss: Int, timedOut: Bool) {
        let loop = "i=0; while [ $i -lt \(repeats) ]; do \"$0\" \"$@\" > /dev/null || exit 1; i=$((i + 1)); done"
        let run = try TimedRun.run("/bin/sh", ["-c", loop, executable] + arguments, timeLimit: 60 * repeats, directory: directory)
        return (run.seconds / Double(repeats), run.rss, run.timedOut)
    }

    /// `runs` runs with the sheets and without, taken in turn (what else the machine
    /// runs falls on both alike).
    private static func measure(
        _ name: String, bytes: Int, runs: Int, directory: URL, _ run: (_ css: Bool) throws -> (seconds: Double, rss: Int, timedOut: Bool)
    ) throws -> Measurement {
        var styled: [(seconds: Double, rss: Int, timedOut: Bool)] = []
        var plain: [(seconds: Double, rss: Int, timedOut: Bool)] = []
        for _ in 0..<runs {
            styled.append(try run(true))
            plain.append(try run(false))
        }
        return Measurement(
            name: name, bytes: bytes, styled: Spread(styled.map(\.seconds)), plain: Spread(plain.map(\.seconds)), styledRSS: styled.map(\.rss).max() ?? 0,
            plainRSS: plain.map(\.rss).max() ?? 0)
    }
}
