import DocScroll
import Foundation
@testable import DocScrollCLI
import DocScrollViewer
import RenderCore
import SampleContent
import SystemIO
import TestSupport
import Testing

@Suite("The docscroll command")
struct CommandLineTests {
    var article: String { pagesDirectory.appendingPathComponent("article.html").path }
    var items: String { pagesDirectory.appendingPathComponent("items.json").path }

    @Test func dumpsWhenStandardOutputIsNotATerminal() throws {
        let automatic = try runDocScroll([article, "--table", items, "--width", "70"])
        let dump = try runDocScroll([article, "--table", items, "--width", "70", "--dump"])
        #expect(automatic.status == 0)
        #expect(automatic.standardOutput == dump.standardOutput)
        #expect(dump.standardOutput.contains("One Scroll for Tables and Pages"))
        #expect(!dump.standardOutput.contains("\u{1B}"))
        #expect(!dump.standardOutput.contains("never shown"))
    }

    /// `--frame k` is the stack's rows k..k+11 as shown (`shownLines`) cut at the
    /// width, except that inside the table its two header rows stay pinned at the top,
    /// pushed out by the table's end.
    @Test func frameIsTheStackSliceWithPinnedTableHeaders() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 64, height: 12))
        let lines = shownLines(view)
        let tableEnd = try #require(lines.firstIndex(of: ""))
        #expect(tableEnd == 34, "32 records, a header and a rule")
        for offset in [0, 1, 20, 32, 33, 34, 35, 60, lines.count - 12] {
            let frame = try runDocScroll([article, "--table", items, "--width", "64", "--height", "12", "--frame", "\(offset)", "--mode", offset % 2 == 0 ? "expanded" : "windowed"])
            #expect(frame.status == 0)
            var expected = (offset..<(offset + 12)).map { $0 < lines.count ? clip(lines[$0], to: 64) : "" }
            if offset > 0, offset < tableEnd {
                let headerBottom = min(2, tableEnd - offset)
                for row in 0..<headerBottom { expected[row] = clip(lines[2 - headerBottom + row], to: 64) }
            }
            #expect(frame.standardOutput == expected.joined(separator: "\n") + "\n", "offset \(offset)")
        }
    }

    /// The table options: where the records are, a header or not, which columns.
    @Test func tableOptionsPickRecordsAndColumns() throws {
        let nested = try temporaryFile("nested.json", Array(#"{"meta": {"n": 2}, "data": {"rows": [{"id": 1, "name": "ada", "age": 36}, {"id": 2, "name": "alan"}]}}"#.utf8))
        let picked = try runDocScroll(["--table", nested, "--table-path", "data.rows", "--columns", "name,id", "--width", "40", "--dump"])
        #expect(picked.status == 0)
        #expect(picked.standardOutput.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") } == [
            "name │ id", "─────┼───", "ada │ 1", "alan │ 2",
        ])
        let sorted = try runDocScroll(["--table", nested, "--table-path", "data.rows", "--columns", "id", "--sort", "-id", "--dump"])
        #expect(sorted.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.suffix(2) == ["2", "1"])
        let lines = try temporaryFile("rows.jsonl", Array("{\"a\": 1}\n{\"a\": 2}\n".utf8))
        #expect(try runDocScroll(["--table", lines, "--dump"]).standardOutput.split(separator: "\n").count == 4)
        let grid = try temporaryFile("grid.json", Array(#"[["x", "y"], [1, 2]]"#.utf8))
        #expect(try runDocScroll(["--table", grid, "--dump"]).standardOutput.hasPrefix("x │ y"))
        #expect(try runDocScroll(["--table", grid, "--no-header", "--dump"]).standardOutput.hasPrefix("1 │ 2"))
        let unknown = try runDocScroll(["--table", nested, "--columns", "nope", "--dump"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.hasPrefix("docscroll: error: \(nested): no column 'nope' in the table (its columns: id, name, age)"))
        let badPath = try runDocScroll(["--table", nested, "--table-path", "data.cols", "--dump"])
        #expect(badPath.standardError == "docscroll: error: \(nested): no key 'cols' in the object at 'data'\n")
    }

    @Test func statsArePrintedOnStandardErrorInBothModes() throws {
        for mode in ["windowed", "expanded"] {
            let result = try runDocScroll([article, "--table", items, "--frame", "0", "--stats", "--mode", mode])
            #expect(result.status == 0)
            let object = try JSONSerialization.jsonObject(with: Data(result.standardError.utf8)) as? [String: Any]
            let stats = try #require(object)
            #expect(stats["mode"] as? String == mode)
            for key in ["tilesBuilt", "tilesPrefetched", "tileBytesPeak", "rowsMaterialized", "documentNodes", "layoutLines", "peakRSSBytes"] {
                #expect(stats[key] is Int, "\(key)")
            }
            // (Built with a sanitizer, docscroll's allocator is one glibc's count does not see.)
            if ProcessMemory.isHeapCounted { #expect((stats["liveHeapBytes"] as? Int ?? 0) > 100_000, "the C allocator's count is read") }
            #expect((stats["firstFrameSeconds"] as? Double).map { $0 > 0 && $0 < 60 } == true)
            #expect((stats["tileBudgetBytes"] as? Int) == (mode == "windowed" ? 8 * 80 * 24 * 16 : 0))
        }
    }

    /// `--scroll-through` draws every frame a step apart from the top to the end and
    /// reports their times; `--tile-rows` and `--tile-budget` shape the tiles it holds.
    @Test func scrollThroughReportsEveryFrame() throws {
        let full = try runDocScroll([article, "--table", items, "--height", "10", "--dump"])
        let lines = full.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        for (step, budget) in [(10, "8x"), (1, "0"), (7, "64K")] {
            let result = try runDocScroll([
                article, "--table", items, "--height", "10", "--scroll-through", "--step", "\(step)", "--tile-rows", "4",
                "--tile-budget", budget, "--stats",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let stats = try #require(try JSONSerialization.jsonObject(with: Data(result.standardError.utf8)) as? [String: Any])
            let maxOffset = lines - 10
            // Offsets 0, step, 2 step, ... and the last one.
            #expect(report["frames"] as? Int == (maxOffset + step - 1) / step + 1, "step \(step)")
            #expect(report["step"] as? Int == step)
            let median = try #require(report["frameMedianMs"] as? Double)
            let p99 = try #require(report["frameP99Ms"] as? Double)
            let longest = try #require(report["frameMaxMs"] as? Double)
            #expect(median > 0 && median <= p99 && p99 <= longest)
            #expect(report["tileBytesPeak"] as? Int == stats["tileBytesPeak"] as? Int)
            let tileBytes = 32 + 80 * 4 * 16
            #expect((stats["tileBytesPeak"] as? Int ?? 0) >= tileBytes)
            if budget == "0" {
                // Only the tiles a frame needs: a 10-row viewport spans at most 4 tiles of 4.
                #expect((stats["tilesLive"] as? Int ?? 99) <= 4)
                #expect(stats["tilesPrefetched"] as? Int == 0)
            }
        }
    }

    @Test func noMouseIsAnOptionWithoutAValue() throws {
        let result = try runDocScroll([article, "--no-mouse", "--dump"])
        #expect(result.status == 0)
        #expect(try runDocScroll([article, "--no-mouse=1"]).status == 2)
    }

    /// A compressed page is decompressed as it is read (shown as it comes, never held
    /// whole): the same rows as the page itself, from a file or a pipe; one cut short
    /// writes what came before the cut, then an error, status 1.
    @Test(arguments: ["/bin/gzip", "/usr/bin/xz", "/bin/bzip2"])
    func aCompressedPageIsDecompressedAsItIsRead(program: String) throws {
        let page = Array((0..<20_000).map { "<p>paragraph \($0) of a compressed page</p>\n" }.joined().utf8)
        let file = try temporaryFile("page.html.z", [])
        #expect(try runProgram("/bin/sh", ["-c", "\(program) -c > '\(file)'"], input: Data(page)).status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(bytes.count < page.count / 3)
        let plain = try runDocScroll([try temporaryFile("page.html", page), "--dump"])
        let read = try runDocScroll([file, "--dump"])
        #expect(read.status == 0 && read.standardOutput == plain.standardOutput)
        let piped = try runDocScroll(["-", "--dump"], input: Data(bytes))
        #expect(piped.standardOutput == plain.standardOutput)
        let cut = try runDocScroll([try temporaryFile("cut.html.z", Array(bytes.prefix(bytes.count / 2))), "--dump"])
        #expect(cut.status == 1)
        #expect(cut.standardError.contains("-compressed, but compressed data ends too soon"), "\(cut.standardError)")
        // (bzip2 gives nothing of a block before its end: its only block is cut.)
        if !program.hasSuffix("bzip2") {
            #expect(cut.standardError.hasSuffix("(what came before it was written)\n"), "\(cut.standardError)")
            #expect(cut.standardOutput.hasPrefix("paragraph 0 of a compressed page\n"))
            #expect(cut.standardOutput.count > plain.standardOutput.count / 10)
        }
    }

    /// Standard input that never ends is read up to the spool's limit, not until the
    /// disk is full: the dump ends there, with a warning.
    @Test func endlessStandardInputStopsAtTheSpoolLimit() throws {
        let script = "yes '<p>x</p>' | '\(builtProgramPath("docscroll"))' - --spool-limit 1M --dump --width 20 | wc -l"
        let result = try runProgram("/bin/sh", ["-c", script])
        // A line `<p>x</p>` is a row of text and a blank row: 2 rows for 9 bytes.
        let rows = Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(abs(rows - 2 * (1 << 20) / 9) < 4, "\(rows) rows")
        #expect(result.standardError == "docscroll: warning: stdin: stopped reading at 1048576 bytes, the spool's limit (--spool-limit): the rest is not shown\n")
        let bad = try runDocScroll(["-", "--spool-limit", "lots"])
        #expect(bad.status == 2 && bad.standardError.hasPrefix("docscroll: error: '--spool-limit' takes bytes"))
    }

    @Test func readsAPageFromStandardInput() throws {
        let result = try runDocScroll(["-", "--dump"], input: Data("<h2>From stdin</h2><p>piped</p>".utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput == "From stdin\n──────────\n\npiped\n")
        // Past the memory a pipe is kept in (4 MB), standard input is spooled to a file
        // and streamed: the dump is the same as the file's.
        let page = try temporaryFile("big.html", Array(PageGenerator.page(bytes: 5_000_000, seed: 8).utf8))
        let piped = try runDocScroll(["-", "--dump"], input: try Data(contentsOf: URL(fileURLWithPath: page)))
        let direct = try runDocScroll([page, "--dump"])
        #expect(piped.status == 0)
        #expect(piped.standardOutput == direct.standardOutput)
        #expect(piped.standardOutput.count > 1_000_000)
    }

    @Test func badInputsAreOneLineErrorsWithStatusOne() throws {
        let empty = try temporaryFile("empty.html", [])
        let binary = try temporaryFile("binary.html", [0x7F, 0x45, 0x4C, 0x46, 0, 0, 1, 2])
        let invalid = try temporaryFile("bad.json", Array("[\n  {\"a\": 1},\n  {\"a\" 2}\n]".utf8))
        let noRows = try temporaryFile("norows.json", Array("{\"count\": 3}".utf8))
        let directory = FileManager.default.temporaryDirectory.path
        let cases: [([String], String)] = [
            (["/nonexistent/page.html"], "docscroll: error: /nonexistent/page.html: no such file"),
            ([directory], "docscroll: error: \(directory): is a directory"),
            ([empty], "docscroll: error: \(empty): empty file"),
            ([binary], "docscroll: error: \(binary): binary file (not text)"),
            (["--table", invalid], "docscroll: error: \(invalid): invalid JSON at line 3, column 8 (byte 21): expected ':' after an object key, found '2' in '{\"a\" 2}'"),
            (["--table", noRows], "docscroll: error: \(noRows): the JSON value is an object and holds no array of objects: there are no rows (one record of JSON Lines? --format jsonl reads it as one row)"),
            (["--table", article], "docscroll: error: \(article): invalid JSON at line 1, column 1 (byte 0): unexpected '<', expected a value in '<!DOCTYPE html>'"),
        ]
        for (arguments, message) in cases {
            let result = try runDocScroll(arguments + ["--dump"])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardError == message + "\n")
            #expect(result.standardOutput.isEmpty)
        }
        let stdin = try runDocScroll(["-"], input: Data())
        #expect(stdin.status == 1 && stdin.standardError == "docscroll: error: stdin: empty file\n")
    }

    @Test func unreadableFilesAreErrors() throws {
        // Reading /proc/self/mem from offset 0 fails for everyone, root included.
        let unreadable = try runDocScroll(["/proc/self/mem"])
        #expect(unreadable.status == 1)
        #expect(unreadable.standardError == "docscroll: error: /proc/self/mem: cannot be read: Input/output error\n")

        let file = try temporaryFile("private.html", Array("<p>secret</p>".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file)
        // Root reads any file, so read it as nobody when running as root.
        let asRoot = getuid() == 0
        guard !asRoot || FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { return }
        let result = asRoot
            ? try runProgram("/usr/sbin/runuser", ["-u", "nobody", "--", try copyOfDocScrollForAnyone(), file])
            : try runDocScroll([file])
        #expect(result.status == 1)
        #expect(result.standardError == "docscroll: error: \(file): permission denied\n")

        // A file in a folder that may not be entered is not missing.
        let folder = try temporaryFile("closed", [])
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try Data("<p>x</p>".utf8).write(to: URL(fileURLWithPath: folder + "/page.html"))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder) }
        let inside = asRoot
            ? try runProgram("/usr/sbin/runuser", ["-u", "nobody", "--", try copyOfDocScrollForAnyone(), folder + "/page.html"])
            : try runDocScroll([folder + "/page.html"])
        #expect(inside.status == 1)
        #expect(inside.standardError == "docscroll: error: \(folder)/page.html: permission denied\n")
    }

    /// gzip-compressed pages and tables (Debian ships `.html.gz`) are read as the
    /// files they hold, known by content, not by name; from standard input too.
    @Test func compressedInputIsReadAsItsContent() throws {
        /// `path` compressed by the gzip program into a new file (named as it says).
        func gzip(_ path: String, to name: String) throws -> String {
            let compressed = try temporaryFile(name, [])
            #expect(try runProgram("/bin/sh", ["-c", "gzip -c < \"$0\" > \"$1\"", path, compressed]).status == 0)
            return compressed
        }
        let page = try gzip(article, to: "page.bin")
        let table = try gzip(items, to: "items")
        let plain = try runDocScroll([article, "--table", items, "--dump"])
        let compressed = try runDocScroll([page, "--table", table, "--dump"])
        #expect(compressed.status == 0)
        #expect(compressed.standardOutput == plain.standardOutput)
        let piped = try runDocScroll(["-", "--dump"], input: try Data(contentsOf: URL(fileURLWithPath: page)))
        #expect(piped.standardOutput == (try runDocScroll([article, "--dump"])).standardOutput)
        let cut = try temporaryFile("cut.html.gz", Array(try Data(contentsOf: URL(fileURLWithPath: page)).prefix(100)))
        let broken = try runDocScroll([cut, "--dump"])
        #expect(broken.status == 1)
        #expect(broken.standardError == "docscroll: error: \(cut): gzip-compressed, but compressed data ends too soon\n")
    }

    /// A compressed table past the spool's few megabytes in memory is decompressed
    /// into the spool's file and mapped from there: the same rows as the file it holds.
    /// Its name says its format through the compression's (`.jsonl.gz`).
    @Test func aLargeCompressedTableIsMappedFromItsSpool() throws {
        var lines = ""
        TableGenerator.jsonLines(rows: 45_000, seed: 4) { lines += $0 }
        #expect(lines.utf8.count > 4 << 20, "past the spool's memory")
        let plain = try temporaryFile("rows.jsonl", Array(lines.utf8))
        let compressed = try temporaryFile("rows.jsonl.gz", [])
        #expect(try runProgram("/bin/sh", ["-c", "gzip -c < \"$0\" > \"$1\"", plain, compressed]).status == 0)
        // (Frames at its start, middle and end: every row is indexed for them.)
        for offset in ["0", "22500", "44990"] {
            let expected = try runDocScroll(["--table", plain, "--frame", offset, "--height", "12"])
            let shown = try runDocScroll(["--table", compressed, "--frame", offset, "--height", "12"])
            #expect(shown.status == 0 && shown.standardError.isEmpty)
            #expect(shown.standardOutput == expected.standardOutput && expected.standardOutput.count > 500, "frame \(offset)")
        }
        let capped = try runDocScroll(["--table", compressed, "--spool-limit", "1M", "--dump"])
        #expect(capped.status == 1)
        #expect(capped.standardError == "docscroll: error: \(compressed): more than 1 MiB once decompressed (--spool-limit)\n")
        let one = try temporaryFile("one.jsonl", Array("{\"id\": 1}\n".utf8))
        let oneCompressed = try temporaryFile("one.jsonl.gz", [])
        #expect(try runProgram("/bin/sh", ["-c", "gzip -c < \"$0\" > \"$1\"", one, oneCompressed]).status == 0)
        #expect(try runDocScroll(["--table", oneCompressed, "--dump"]).standardOutput == "id\n──\n 1\n", "one record a line")
    }

    /// CSV and TSV tables, known by name or content or told by `--format`; bad text is
    /// an error that says where.
    @Test func delimitedTextTables() throws {
        let csv = try temporaryFile("items.csv", Array("id,name\n1,\"Smith, J\"\n2,Lee\n".utf8))
        let expected = "id │ name\n───┼─────────\n 1 │ Smith, J\n 2 │ Lee\n"
        #expect(try runDocScroll(["--table", csv, "--dump"]).standardOutput == expected)
        let unnamed = try temporaryFile("items.txt", Array("id\tname\n1\tSmith, J\n2\tLee\n".utf8))
        #expect(try runDocScroll(["--table", unnamed, "--dump"]).standardOutput == expected)
        #expect(try runDocScroll(["--table", unnamed, "--format", "tsv", "--dump"]).standardOutput == expected)
        let broken = try temporaryFile("broken.csv", Array("a,b\n\"open,1\n".utf8))
        let failed = try runDocScroll(["--table", broken, "--dump"])
        #expect(failed.status == 1)
        #expect(failed.standardError == "docscroll: error: \(broken): invalid CSV at line 2, column 1 (byte 4): a quoted field never closes\n")
        // The sample table as CSV shows as its JSON does.
        let sampleCSV = pagesDirectory.appendingPathComponent("items.csv").path
        #expect(try runDocScroll(["--table", sampleCSV, "--dump", "--width", "120"]).standardOutput
            == (try runDocScroll(["--table", items, "--dump", "--width", "120"])).standardOutput)
        let usage = try runDocScroll(["--table", csv, "--format", "xml"])
        #expect(usage.status == 2)
        #expect(usage.standardError.contains("'--format' takes json, jsonl, csv or tsv, not 'xml'"))
    }

    /// The References list of a dump shows where each link leads: links to files
    /// resolved against the page's own path (as lynx lists them), in both modes and
    /// from standard input as written.
    @Test func theReferencesOfADumpAreResolved() throws {
        let html = ##"<p><a href="../reference/compound_stmts.html#if">if</a> <a href="#top">top</a> <a href="https://example.org/">web</a></p>"##
        let page = try temporaryFile("page.html", Array(html.utf8))
        let folder = URL(fileURLWithPath: page).deletingLastPathComponent().deletingLastPathComponent().path
        let expected = ["1. file://\(folder)/reference/compound_stmts.html#if", "2. #top", "3. https://example.org/"]
        for mode in ["windowed", "expanded"] {
            let dump = try runDocScroll([page, "--dump", "--width", "200", "--mode", mode])
            #expect(dump.status == 0)
            #expect(Array(dump.standardOutput.split(separator: "\n").suffix(3).map(String.init)) == expected, "\(mode): \(dump.standardOutput)")
        }
        let piped = try runDocScroll(["-", "--dump"], input: Data(html.utf8))
        #expect(piped.standardOutput.hasSuffix("1. ../reference/compound_stmts.html#if\n2. #top\n3. https://example.org/\n"))
    }

    /// `--color always` styles a dump (for `less -R`): the same text, with SGR
    /// sequences; without it, none.
    @Test func colorAlwaysStylesTheDump() throws {
        let plain = try runDocScroll([article, "--table", items, "--dump"])
        let styled = try runDocScroll([article, "--table", items, "--dump", "--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(styled.status == 0)
        #expect(!plain.standardOutput.contains("\u{1B}"))
        #expect(styled.standardOutput.contains("\u{1B}[0;1m"), "bold headings and header cells")
        #expect(styled.standardOutput.replacing(/\u{1B}\[[0-9;]*m/, with: "") == plain.standardOutput)
        let piped = try runDocScroll([article, "--color", "always"])
        #expect(piped.standardOutput.contains("\u{1B}["), "piped output is a dump")
    }

    /// Pages are files: a web address says so, with what to do instead.
    @Test func aWebAddressGetsAHint() throws {
        let result = try runDocScroll(["https://example.org/page.html", "--dump"])
        #expect(result.status == 1)
        #expect(result.standardError
            == "docscroll: error: https://example.org/page.html: no such file (docscroll reads files, never the network: try curl -s URL | docscroll -)\n")
    }

    /// Text from the input or the command line never reaches standard error as a
    /// control sequence: file names, option values and JSON excerpts are written out.
    @Test func errorMessagesShowControlsWrittenOut() throws {
        let named = try runDocScroll(["/nonexistent/evil\u{1B}]0;title\u{7}.html", "--dump"])
        #expect(named.standardError == #"docscroll: error: /nonexistent/evil\u{1B}]0;title\u{7}.html: no such file"# + "\n")
        let option = try runDocScroll(["--width", "\u{1B}[2J", article])
        #expect(option.status == 2)
        #expect(option.standardError.hasPrefix(#"docscroll: error: '--width' takes a whole number from 1 to 10000, not '\u{1B}[2J'"#))
        let json = try temporaryFile("c1.json", Array("[{\"a\": 1},\n {\"b\": \u{9B}31m \u{2028} x}]".utf8))
        let excerpt = try runDocScroll(["--table", json, "--dump"])
        #expect(excerpt.status == 1)
        #expect(excerpt.standardError.hasPrefix("docscroll: error: \(json): invalid JSON at line 2"))
        for result in [named, option, excerpt] {
            #expect(!result.standardError.unicodeScalars.contains { TextWidth.isControl($0) && $0 != "\n" }, "\(result.standardError.debugDescription)")
        }
    }

    /// A table's file truncated while docscroll reads it never kills it with a signal:
    /// while it is indexed, a clear error; after, the rows gone show "(gone)" and a
    /// warning counts them.
    @Test func aTableFileTruncatedWhileReadGivesAnErrorOrANote() throws {
        let rows = (0..<300_000).map { #"{"id": \#($0), "name": "name \#($0)", "text": "\#(String(repeating: "x", count: 40))"}"# }
        let original = Array(rows.joined(separator: "\n").utf8)
        // Cut after a whole row: truncated before docscroll opens it, the file is a
        // valid table of 1,000 rows.
        let cut = rows.prefix(1_000).joined(separator: "\n").utf8.count + 1
        let docscroll = try copyOfDocScrollForAnyone()
        var outcomes: Set<String> = []
        for delay in [0.0, 0.02, 0.05, 0.1, 0.2, 0.4] {
            let path = try temporaryFile("rows.jsonl", original)
            // Truncated by a shell in the background after the delay.
            let script = "(sleep \(delay); truncate -s \(cut) \"$1\") & \"$0\" --table \"$1\" --dump > /dev/null; status=$?; wait; exit $status"
            let result = try runProgram("/bin/sh", ["-c", script, docscroll, path])
            #expect(result.status == 0 || result.status == 1, "no signal: status \(result.status), \(result.standardError)")
            if result.status == 1 {
                #expect(result.standardError == "docscroll: error: \(path): the file shrank while it was read (was it written to meanwhile?)\n")
                outcomes.insert("error")
            } else if !result.standardError.isEmpty {
                #expect(result.standardError.hasPrefix("docscroll: warning: "))
                #expect(result.standardError.hasSuffix(" table rows were gone from their file: it changed after it was read\n"))
                outcomes.insert("warning")
            }
        }
        #expect(!outcomes.isEmpty, "the truncation came while the file was read at least once")
    }

    /// Output that cannot be written is an error (a reader that went away is not).
    @Test func writeErrorsAreReported() throws {
        let docscroll = try copyOfDocScrollForAnyone()
        for arguments in [[article, "--dump"], [article, "--table", items, "--dump", "--mode", "expanded"], [article, "--frame", "3"], ["--help"]] {
            let full = try runProgram("/bin/sh", ["-c", "exec \"$0\" \"$@\" > /dev/full", docscroll] + arguments)
            #expect(full.status == 1, "\(arguments)")
            #expect(full.standardError == "docscroll: error: standard output: No space left on device\n", "\(arguments)")
        }
        let closed = try runProgram("/bin/sh", ["-c", "exec \"$0\" \"$@\" >&-", docscroll, article, "--dump"])
        #expect(closed.status == 1)
        #expect(closed.standardError == "docscroll: error: standard output: Bad file descriptor\n")
        // A reader that goes away ends the dump quietly.
        let page = try temporaryFile("long.html", Array(PageGenerator.page(bytes: 2_000_000, seed: 3).utf8))
        let piped = try runProgram("/bin/sh", ["-c", "\"$0\" \"$@\" | head -c 100 > /dev/null", docscroll, page, "--dump"])
        #expect(piped.standardError.isEmpty)
    }

    /// Devices and pipes say no size: their first chunk is checked as it comes, and
    /// they are read up to the limit only, never until memory runs out.
    @Test func endlessInputsAreRefusedAtOnce() throws {
        let cases: [([String], Data?, String)] = [
            (["/dev/zero"], nil, "/dev/zero: binary file (not text)"),
            (["--table", "/dev/zero"], nil, "/dev/zero: binary file (not text)"),
            (["/dev/urandom", "--mode", "expanded"], nil, "/dev/urandom: binary file (not text)"),
            (["--table", "/dev/urandom"], nil, "/dev/urandom: binary file (not text)"),
            (["/dev/null"], nil, "/dev/null: empty file"),
            // (Less than a pipe holds: docscroll stops reading at once.)
            (["--table", "-"], Data(count: 60_000), "stdin: binary file (not text)"),
            (["-"], Data(count: 60_000), "stdin: binary file (not text)"),
        ]
        for (arguments, input, message) in cases {
            let result = try runDocScroll(arguments + ["--dump"], input: input)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardError == "docscroll: error: \(message)\n", "\(arguments)")
        }
    }

    /// Hostile pages: deep nesting, a very long line, random bytes, control characters.
    /// Each is shown (exit 0), quickly, with no control byte reaching the output.
    @Test func hostilePagesAreShownNotCrashedOn() throws {
        var random = SeededGenerator(seed: 427)
        let pages: [(String, [UInt8])] = [
            ("nested.html", Array((String(repeating: "<div><span>", count: 30_000) + "deep").utf8)),
            ("line.html", Array(("<p>" + String(repeating: "abcdefghij", count: 100_000) + "</p>").utf8)),
            ("garbage.html", (0..<200_000).map { _ in UInt8.random(in: 1...255, using: &random) }),
            ("controls.html", Array("<p>\u{1B}[2J\u{7}\u{8}\u{9B}31m text</p><pre>\u{1B}]0;x\u{7}</pre>".utf8)),
        ]
        for (name, bytes) in pages {
            let path = try temporaryFile(name, bytes)
            let result = try runDocScroll([path, "--dump", "--width", "60"])
            #expect(result.status == 0, "\(name): \(result.standardError)")
            #expect(!result.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F..<0xA0).contains($0.value) }, "\(name)")
        }
    }

    @Test func filesOverTheLimitAreRefusedBeforeReadingWhenReadWhole() throws {
        // A sparse 2 GiB file: no disk used, and docscroll must not try to read it.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-\(UUID().uuidString)-huge.html").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<p>".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Expanded reads a page whole: it refuses this one.
        let result = try runDocScroll([path, "--dump", "--mode", "expanded"])
        #expect(result.status == 1)
        #expect(result.standardError == "docscroll: error: \(path): file too large (2147483648 bytes; the limit is 1 GiB)\n")
        // Windowed reads it a window at a time, whatever its size: its first window
        // already says it is not text.
        let windowed = try runDocScroll([path, "--dump"])
        #expect(windowed.status == 1)
        #expect(windowed.standardError == "docscroll: error: \(path): binary file (not text)\n")
    }

    /// A table is mapped, not read: any size its index's 32-bit offsets reach, 4 GiB; a
    /// larger one is refused before it is read (a sparse 5 GiB file: no disk used).
    @Test func tablesOverTheMappingLimitAreRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-\(UUID().uuidString)-huge.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("[{\"a\": 1}]".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 5 << 30)
        try handle.close()
        let result = try runDocScroll(["--table", path, "--dump"])
        #expect(result.status == 1)
        #expect(result.standardError == "docscroll: error: \(path): file too large (5368709120 bytes; the limit is 4 GiB)\n")
    }

    @Test func encodingOverride() throws {
        let page = try temporaryFile("gbk.html", Array(#"<meta charset="utf-8"><p>"#.utf8) + [0xD6, 0xD0, 0xCE, 0xC4] + Array("</p>".utf8))
        let declared = try runDocScroll([page, "--dump"])
        #expect(declared.standardOutput == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\n", "read as the UTF-8 it claims to be")
        let overridden = try runDocScroll([page, "--dump", "--encoding", "GBK"])
        #expect(overridden.standardOutput == "中文\n")
        let unknown = try runDocScroll([page, "--encoding", "klingon"])
        #expect(unknown.status == 2 && unknown.standardError.contains("'--encoding' does not know 'klingon'"))
    }

    @Test func badUsageIsAOneLineHintWithStatusTwo() throws {
        for arguments in [[], ["--bogus"], ["--width", "0", article], ["--frame"], ["--frame", "-3", article], ["--mode", "fast", article], ["--color", "blue", article], ["--dump=yes", article], ["--step", "3", article], ["--scroll-through", "--step", "0", article],
            ["--tile-rows", "0", article], ["--tile-budget", "lots", article], ["--tile-budget", "-5", article],
            ["--images", "sixels", article], ["--images", "Auto", article], ["--image-budget", "much", article]] {
            let result = try runDocScroll(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.hasPrefix("docscroll: error: "), "\(arguments)")
            #expect(result.standardError.hasSuffix("(see 'docscroll --help')\n"), "\(arguments)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments)")
        }
    }

    @Test func helpAndVersion() throws {
        let help = try runDocScroll(["--help"])
        #expect(help.status == 0 && help.standardOutput.hasPrefix("Usage: docscroll"))
        let version = try runDocScroll(["--version"])
        #expect(version.status == 0 && version.standardOutput.hasPrefix("docscroll "))
    }

    /// Inputs' files are closed while others are read and opened again when needed
    /// (`InputDescriptor`): a stack of more inputs than the limit on open files (here
    /// 64, soft or hard) is shown whole, pages and tables, windowed and expanded.
    @Test func moreInputsThanTheLimitOnOpenFiles() throws {
        let folder = try TemporaryFolder("many")
        for index in 1...150 { try folder.write("p\(index).html", "<p>page \(index)</p>") }
        for index in 1...100 { try folder.write("t\(index).csv", "id,name\n\(index),table \(index)\n") }
        let tables = (1...100).map { "--table t\($0).csv" }.joined(separator: " ")
        let docscroll = builtProgramPath("docscroll")
        for limit in ["-Sn", "-n"] {
            for mode in ["windowed", "expanded"] {
                let shown = try runProgram("/bin/sh", [
                    "-c", "ulimit \(limit) 64 && cd '\(folder.path)' && '\(docscroll)' \(tables) p*.html --mode \(mode) --dump | grep -c -e page -e table",
                ])
                #expect(shown.standardOutput == "250\n", "ulimit \(limit), \(mode): \(shown.standardError)")
            }
        }
    }

    /// A frame is built whole: one of more than 4,000,000 cells is refused with a
    /// usage error (10000 by 10000 took 1.6 GB); a dump, of any height, is not.
    @Test func framesOfHugeViewportsAreRefused() throws {
        let article = pagesDirectory.appendingPathComponent("article.html").path
        let huge = try runDocScroll([article, "--frame", "0", "--width", "10000", "--height", "10000"])
        #expect(huge.status == 2 && huge.standardError.hasPrefix("docscroll: error: a viewport of 10000x10000 is over 4000000 cells"))
        #expect(try runDocScroll([article, "--frame", "0", "--width", "2000", "--height", "2000"]).status == 0)
        #expect(try runDocScroll([article, "--dump", "--width", "10000", "--height", "10000"]).status == 0)
    }

    /// less's start-up commands are what the viewer does first; anything else after a
    /// `+` is a usage error that says how to name such a file.
    @Test func startUpCommandsAsLessReadsThem() throws {
        #expect(try CommandLineOptions.parse(["+F", "+G", "+g", "+/needle", "+?back", "+120", "+50%", "a.html"]).startCommands == [
            .toggleFollow, .bottom, .top, .search("needle", forward: true), .search("back", forward: false), .goToRow(120), .goToPercent(50),
        ])
        #expect(try CommandLineOptions.parse(["--", "+F"]).pages == ["+F"])
        let bad = try runDocScroll(["+X", "a.html"])
        #expect(bad.status == 2 && bad.standardError.hasPrefix("docscroll: error: '+X' is not a start-up command"))
    }

    /// A file named as records given without `--table` is a table (as `vd items.json`);
    /// `--page` shows it as a page.
    @Test func aFileNamedAsRecordsIsATable() throws {
        let items = pagesDirectory.appendingPathComponent("items.json").path
        let asTable = try runDocScroll([items, "--dump"])
        #expect(asTable.standardOutput == (try runDocScroll(["--table", items, "--dump"])).standardOutput)
        #expect(asTable.standardOutput.hasPrefix("id "))
        let asPage = try runDocScroll(["--page", items, "--dump"])
        #expect(asPage.status == 0 && asPage.standardOutput.hasPrefix("[ { \"id\": 1001"), "\(asPage.standardOutput.prefix(40))")
    }

    /// `--tabs` after the last table makes every table a tab (it did nothing); with no
    /// table at all it is a usage error.
    @Test func tabsAfterTheTablesMakeThemAllTabs() throws {
        let items = pagesDirectory.appendingPathComponent("items.json").path
        let before = try runDocScroll(["--tabs", "--table", items, "--table", items, "--dump"])
        let after = try runDocScroll(["--table", items, "--table", items, "--tabs", "--dump"])
        #expect(after.status == 0)
        #expect(after.standardOutput == before.standardOutput)
        #expect(after.standardOutput != (try runDocScroll(["--table", items, "--table", items, "--dump"])).standardOutput)
        let alone = try runDocScroll([pagesDirectory.appendingPathComponent("article.html").path, "--tabs"])
        #expect(alone.status == 2 && alone.standardError.hasPrefix("docscroll: error: '--tabs' shows tables as tabs"))
    }

    /// Each option's description in the help stands under that option: the words on
    /// the wheel belong to --no-mouse, not to the --scrollbar line after it.
    @Test func helpDescribesEachOptionUnderItsName() throws {
        let help = try runDocScroll(["--help"]).standardOutput
        func entry(_ option: String) -> String {
            let lines = help.split(separator: "\n").map(String.init)
            guard let start = lines.firstIndex(where: { $0.hasPrefix("  " + option + " ") }) else { return "" }
            let rest = lines[(start + 1)...].prefix { $0.hasPrefix("                        ") }
            return ([lines[start]] + rest).joined(separator: " ")
        }
        #expect(entry("--no-mouse").contains("instead of scrolling with the wheel"))
        #expect(!entry("--scrollbar").contains("wheel"))
        #expect(entry("--spool-limit SIZE").contains("default 4G"))
    }

    @Test func colorAlwaysStylesFrames() throws {
        let frame = try runDocScroll([article, "--frame", "0", "--color", "always"])
        #expect(frame.standardOutput.contains("\u{1B}[0;1m"))
        let plain = try runDocScroll([article, "--frame", "0"])
        #expect(!plain.standardOutput.contains("\u{1B}"))
    }

    @Test func hostileBytesNeverReachTheOutputAsControlSequences() throws {
        let page = try temporaryFile("evil.html", Array("<p>a\u{1B}]0;title\u{7}b\u{1B}[2Jc\u{9B}31m</p>".utf8))
        let table = try temporaryFile("evil.json", Array(#"[{"k\u001b[31m": "v\u001b]0;x\u0007"}]"#.utf8))
        for color in ["never", "always"] {
            let result = try runDocScroll([page, "--table", table, "--frame", "0", "--color", color])
            #expect(result.status == 0)
            let text = result.standardOutput
            #expect(!text.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x9B })
            // The only escapes allowed are our own SGR sequences.
            let escapes = text.components(separatedBy: "\u{1B}").dropFirst()
            #expect(escapes.allSatisfy { $0.hasPrefix("[0") && $0.contains("m") }, "\(color)")
        }
    }

    /// A page whose head sends its reader elsewhere at once (a stub left where a page
    /// was) shows where it sends, as a browser does, its links and sheets read from
    /// there: across folders, a few hops; a refresh after a delay, a target not there
    /// or out on the network, and a loop leave a stub shown as it is.
    @Test func aRedirectingPageShowsWhereItSends() throws {
        let folder = try TemporaryFolder("redirects")
        try FileManager.default.createDirectory(atPath: folder.path("new"), withIntermediateDirectories: true)
        func stub(_ target: String, delay: Int = 0) -> String {
            "<html><head><meta http-equiv=\"refresh\" content=\"\(delay);URL=\(target)\"><title>Redirection</title></head>"
                + "<body><p>Redirecting to <a href=\"\(target)\">\(target)</a>...</p></body></html>"
        }
        try folder.write("new/page.html", "<html><head><style>.gone { display: none }</style></head><body><p>The page itself.</p><p class=gone>hidden</p><a href=\"next.html\">next</a></body></html>")
        try folder.write("old.html", stub("older/../moved.html"))
        try folder.write("moved.html", stub("new/page.html"))
        try folder.write("later.html", stub("new/page.html", delay: 5))
        try folder.write("missing.html", stub("nowhere.html"))
        try folder.write("web.html", stub("https://example.org/"))
        try folder.write("loop-a.html", stub("loop-b.html"))
        try folder.write("loop-b.html", stub("loop-a.html"))
        for mode in ["windowed", "expanded"] {
            let dump = try runDocScroll([folder.path("old.html"), "--dump", "--mode", mode])
            #expect(dump.status == 0)
            #expect(dump.standardOutput.hasPrefix("The page itself.\n"), "\(mode): \(dump.standardOutput)")
            #expect(!dump.standardOutput.contains("hidden"), "the target's own sheets")
            #expect(dump.standardOutput.contains("file://\(folder.path("new/next.html"))"), "links resolved from the target")
        }
        let frame = try runDocScroll([folder.path("moved.html"), "--frame", "0", "--width", "40", "--height", "3"]).standardOutput
        #expect(frame.hasPrefix("The page itself."), "\(frame)")
        for name in ["later.html", "missing.html", "web.html", "loop-a.html"] {
            let dump = try runDocScroll([folder.path(name), "--dump"])
            #expect(dump.status == 0)
            #expect(dump.standardOutput.hasPrefix("Redirecting to"), "\(name): \(dump.standardOutput)")
        }
    }
}
