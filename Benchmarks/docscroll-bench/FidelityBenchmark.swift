import Foundation

/// What text-mode readers show of real pages against what a browser shows: headless
/// Chromium's `innerText` of each page in a frame of 1280x1024 CSS pixels (which
/// honours the page's CSS), words compared in order. Precision is the share of a
/// reader's words that the browser shows too, recall the share of the browser's words
/// that the reader shows (both by the longest common subsequence of the two lists of
/// words). Pages are taken evenly from the manuals of Debian's documentation packages
/// installed, one manual for each generator of HTML.
enum FidelityBenchmark {
    /// A manual: its pages are the `.html` files of `directory` (of its subfolders too
    /// with `recursive`) whose names pass `accepts`.
    struct Manual: Sendable {
        let name: String
        let generator: String
        let directory: String
        var recursive = false
        var accepts: @Sendable (String) -> Bool = { _ in true }

        /// Its pages installed, sorted.
        func pages() -> [String] {
            let files: [String]
            if recursive {
                files = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? []
            } else {
                files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            }
            return files.filter { $0.hasSuffix(".html") && accepts(URL(fileURLWithPath: $0).lastPathComponent) }.sorted()
                .map { directory + "/" + $0 }
        }
    }

    static let manuals = [
        Manual(name: "Python 3.11 library", generator: "Sphinx", directory: "/usr/share/doc/python3.11/html/library"),
        Manual(name: "Rust by Example", generator: "mdbook", directory: "/usr/share/doc/rust-doc/html/rust-by-example", recursive: true) {
            $0 != "print.html"
        },
        Manual(name: "The Rust Programming Language", generator: "mdbook", directory: "/usr/share/doc/rust-doc/html/book") { $0 != "print.html" },
        Manual(name: "The Rust Reference", generator: "mdbook", directory: "/usr/share/doc/rust-doc/html/reference") { $0 != "print.html" },
        Manual(name: "Rust standard library (collections)", generator: "rustdoc", directory: "/usr/share/doc/rust-doc/html/std/collections", recursive: true),
        Manual(name: "JDK 17 API (java.util)", generator: "javadoc", directory: "/usr/share/doc/openjdk-17-doc/api/java.base/java/util"),
        Manual(name: "Debian Reference", generator: "DocBook", directory: "/usr/share/debian-reference") { $0.hasSuffix(".en.html") },
        Manual(name: "Git manual pages", generator: "AsciiDoc", directory: "/usr/share/doc/git-doc") { $0.hasPrefix("git-") },
        Manual(name: "LMDB", generator: "Doxygen", directory: "/usr/share/doc/lmdb-doc/html"),
    ]

    static let chromium = "/usr/bin/chromium"
    /// Columns the readers lay pages out in (wide: fewer words broken at line ends).
    static let width = 160

    struct Reader {
        let name: String
        let executable: String
        let arguments: (String) -> [String]
    }

    static func readers(docscroll: String) -> [Reader] {
        let candidates = [
            Reader(name: "docscroll", executable: docscroll) { [$0, "--dump", "--width", "\(width)"] },
            Reader(name: "docscroll --no-css", executable: docscroll) { [$0, "--dump", "--width", "\(width)", "--no-css"] },
            Reader(name: "w3m", executable: "/usr/bin/w3m") { ["-dump", "-T", "text/html", "-cols", "\(width)", $0] },
            Reader(name: "links", executable: "/usr/bin/links") { ["-dump", "-width", "\(width)", $0] },
        ]
        return candidates.filter { FileManager.default.isExecutableFile(atPath: $0.executable) }
    }

    /// One manual's medians over its pages, for each reader.
    struct Measurement {
        let manual: Manual
        let pages: Int
        /// By reader's name.
        var precision: [String: Double] = [:]
        var recall: [String: Double] = [:]
        /// docscroll's page colours in 256 colours (`--color always`), with the least
        /// contrast one has against what it is drawn on, by `--color-scheme`.
        var colours: [String: (count: Int, leastContrast: Double)] = [:]
    }

    /// `pagesPerManual` pages of each manual installed, read by each reader and by the
    /// browser (whose text is kept in `cache`, by page and browser version: it is the
    /// slow part, and the same from run to run).
    static func run(pagesPerManual: Int, docscroll: String, cache: URL, progress: (String) -> Void) throws -> [Measurement] {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-fidelity-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let browserVersion = firstLine(chromium, ["--version"]) ?? "chromium"
        var results: [Measurement] = []
        for manual in manuals {
            let all = manual.pages()
            guard !all.isEmpty else { continue }
            let count = min(pagesPerManual, all.count)
            let chosen = (0..<count).map { all[$0 * all.count / count] }
            var precisions: [String: [Double]] = [:]
            var recalls: [String: [Double]] = [:]
            var pages = 0
            for page in chosen {
                guard let browserText = try browserText(of: page, version: browserVersion, cache: cache, directory: directory) else {
                    progress("\(page): the browser gave no text")
                    continue
                }
                let vocabulary = Vocabulary()
                let browserWords = vocabulary.numbers(words(browserText))
                guard !browserWords.isEmpty else { continue }
                pages += 1
                for reader in readers(docscroll: docscroll) {
                    let shown = vocabulary.numbers(words(readerText(reader, page)))
                    let common = Double(commonLength(shown, browserWords))
                    precisions[reader.name, default: []].append(shown.isEmpty ? 0 : common / Double(shown.count))
                    recalls[reader.name, default: []].append(common / Double(browserWords.count))
                }
            }
            guard pages > 0 else { continue }
            var measurement = Measurement(manual: manual, pages: pages)
            for (reader, values) in precisions { measurement.precision[reader] = Spread(values).median }
            for (reader, values) in recalls { measurement.recall[reader] = Spread(values).median }
            for scheme in ColourContrast.schemes {
                var drawn: Set<String> = []
                var least = Double.infinity
                for page in chosen {
                    let text = commandOutput("/usr/bin/timeout", ["60", docscroll, page, "--dump", "--width", "\(width)", "--color", "always", "--color-scheme", scheme.name]) ?? ""
                    for colour in ColourContrast.colours(in: text, on: scheme.background) {
                        drawn.insert(colour.name)
                        least = min(least, colour.contrast)
                    }
                }
                measurement.colours[scheme.name] = (drawn.count, least)
            }
            results.append(measurement)
            progress(String(
                format: "%@: %d pages, docscroll precision %.3f recall %.3f", manual.name, pages, measurement.precision["docscroll"] ?? 0,
                measurement.recall["docscroll"] ?? 0))
        }
        return results
    }

    /// What a reader prints of `page`, its list of link targets left out (docscroll's
    /// `References`: not text of the page).
    static func readerText(_ reader: Reader, _ page: String) -> String {
        let text = commandOutput("/usr/bin/timeout", ["60", reader.executable] + reader.arguments(page)) ?? ""
        guard reader.name.hasPrefix("docscroll"), let references = text.range(of: "\nReferences\n", options: .backwards) else { return text }
        return String(text[..<references.lowerBound])
    }

    /// The browser's `innerText` of `page`'s body, as the page lays out in a frame of
    /// 1280x1024 (from `cache` when it has it); `nil` when the browser gives none.
    static func browserText(of page: String, version: String, cache: URL, directory: URL) throws -> String? {
        let attributes = try FileManager.default.attributesOfItem(atPath: page)
        let stamp = "\(version) \(page) \(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        let cached = cache.appendingPathComponent(String(format: "%016llx.txt", fnv1a(stamp)))
        if let text = try? String(contentsOf: cached, encoding: .utf8) { return text }
        let wrapper = directory.appendingPathComponent("frame.html")
        let address = URL(fileURLWithPath: page).absoluteString
        try """
            <html><body><iframe id=f src="\(address)" style="width:1280px;height:1024px;border:0"></iframe><script>
            document.getElementById('f').onload = function () { var p = document.createElement('pre'); p.id = 'out';
              p.textContent = this.contentDocument.body.innerText; document.body.appendChild(p); };
            </script></body></html>
            """.write(to: wrapper, atomically: true, encoding: .utf8)
        let dom = commandOutput("/usr/bin/timeout", [
            "120", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--window-size=1280,1024",
            "--virtual-time-budget=10000", "--dump-dom", wrapper.absoluteString,
        ]) ?? ""
        guard let start = dom.range(of: "<pre id=\"out\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            return nil
        }
        let text = unescape(String(dom[start.upperBound..<end.lowerBound]))
        try text.write(to: cached, atomically: true, encoding: .utf8)
        return text
    }

    /// Text of a serialized DOM with its character references resolved (a `pre`'s text
    /// holds only these five).
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The words of `text`: runs of letters, digits and `_`, with docscroll's link
    /// numbers (`[12]`) left out.
    static func words(_ text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var index = text.startIndex
        func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        while index < text.endIndex {
            let character = text[index]
            if character == "[", start == nil {
                var end = text.index(after: index)
                while end < text.endIndex, text[end].isASCII, text[end].isNumber { end = text.index(after: end) }
                if end < text.endIndex, text[end] == "]", end > text.index(after: index) {
                    index = text.index(after: end)
                    continue
                }
            }
            if isWordCharacter(character) {
                if start == nil { start = index }
            } else if let first = start {
                words.append(text[first..<index])
                start = nil
            }
            index = text.index(after: index)
        }
        if let first = start { words.append(text[first...]) }
        return words
    }

    /// Numbers for words, the same for the same word.
    final class Vocabulary {
        private var known: [Substring: Int32] = [:]

        func numbers(_ words: [Substring]) -> [Int32] {
            words.map { word in
                if let number = known[word] { return number }
                let number = Int32(known.count)
                known[word] = number
                return number
            }
        }
    }

    /// The length of the longest common subsequence of `a` and `b` (Myers' greedy
    /// algorithm: time in the lengths times the differences).
    static func commonLength(_ a: [Int32], _ b: [Int32]) -> Int {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        let n = x.count
        let m = y.count
        guard n > 0, m > 0 else { return prefix + suffix }
        let offset = n + m + 1
        var furthest = [Int](repeating: 0, count: 2 * offset + 1)
        for differences in 0...(n + m) {
            for diagonal in stride(from: -differences, through: differences, by: 2) {
                var column = diagonal == -differences || (diagonal != differences && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1])
                    ? furthest[offset + diagonal + 1] : furthest[offset + diagonal - 1] + 1
                var row = column - diagonal
                while column < n, row < m, x[column] == y[row] {
                    column += 1
                    row += 1
                }
                furthest[offset + diagonal] = column
                if column >= n, row >= m { return prefix + suffix + (n + m - differences) / 2 }
            }
        }
        return prefix + suffix
    }

    /// 64-bit FNV-1a of `text`'s bytes.
    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

/// How readable the colours docscroll draws a page in are where a terminal shows 256
/// colours (what it is sent without `COLORTERM=truecolor`): each text colour of the
/// palette's cube and ramp (a page's own; the 16 named ones are the terminal's) and
/// the contrast (WCAG 2) it has against its background, the page's where one is
/// drawn, else the scheme's (docscroll's own guesses at a dark and a light terminal).
enum ColourContrast {
    static let schemes: [(name: String, background: UInt32)] = [("dark", 0x1C_1C1C), ("light", 0xFA_FAFA)]

    /// The colours of the text of `dump` (SGR sequences), each with its contrast.
    static func colours(in dump: String, on canvas: UInt32) -> [(name: String, contrast: Double)] {
        var found: [(name: String, contrast: Double)] = []
        var rest = dump[...]
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let parameters = rest[..<end].split(separator: ";").map { Int($0) ?? -1 }
            rest = rest[rest.index(after: end)...]
            var foreground: UInt32?
            var background = canvas
            var index = 0
            while index + 2 < parameters.count {
                if parameters[index + 1] == 5, let rgb = rgb(ofPaletteIndex: parameters[index + 2]) {
                    if parameters[index] == 38 { foreground = rgb }
                    if parameters[index] == 48 { background = rgb }
                    index += 3
                } else {
                    index += 1
                }
            }
            if let foreground { found.append((String(format: "%06x on %06x", foreground, background), contrast(foreground, background))) }
        }
        return found
    }

    /// Palette colour `index` as xterm draws it, for 16 to 255.
    static func rgb(ofPaletteIndex index: Int) -> UInt32? {
        guard (16...255).contains(index) else { return nil }
        if index >= 232 {
            let level = UInt32(8 + 10 * (index - 232))
            return level << 16 | level << 8 | level
        }
        let levels: [UInt32] = [0, 95, 135, 175, 215, 255]
        let cube = index - 16
        return levels[cube / 36] << 16 | levels[cube / 6 % 6] << 8 | levels[cube % 6]
    }

    static func contrast(_ a: UInt32, _ b: UInt32) -> Double {
        func luminance(_ rgb: UInt32) -> Double {
            func linear(_ channel: UInt32) -> Double {
                let value = Double(channel) / 255
                return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(rgb >> 16 & 0xFF) + 0.7152 * linear(rgb >> 8 & 0xFF) + 0.0722 * linear(rgb & 0xFF)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
