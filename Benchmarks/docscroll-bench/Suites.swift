import Foundation
import SampleContent

/// How a run of the benchmark is set up.
struct Settings {
    /// A reduced set in about a minute (CI), instead of the full one.
    var quick = false
    /// The suites to run, in order.
    var suites = Suites.names
    /// Runs per data point (each in a fresh process); `nil`: 1 quick, 3 full.
    var runs: Int?
    var output: URL
    var docscroll: String
    /// The machine and versions, written with every table.
    var machine = ""

    var runsPerPoint: Int { runs ?? (quick ? 1 : 3) }
}

/// What a suite measured: figures for the budget check, a section for the summary, its
/// own targets' verdicts.
struct SuiteReport {
    var name: String
    var figures: [String: Double] = [:]
    var markdown = ""
    var targets: [String] = []
}

enum Suites {
    static let names = ["container", "table", "follow", "dump", "memory", "latency", "page", "hostile", "pictures", "styles", "fidelity"]

    static func run(_ name: String, _ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        switch name {
        case "container": container(settings)
        case "table": try table(settings, progress: progress)
        case "follow": try follow(settings, progress: progress)
        case "dump": try dump(settings, progress: progress)
        case "memory": try memory(settings, progress: progress)
        case "latency": try latency(settings, progress: progress)
        case "page": try page(settings, progress: progress)
        case "hostile": try hostile(settings, progress: progress)
        case "pictures": try pictures(settings, progress: progress)
        case "styles": try styles(settings, progress: progress)
        case "fidelity": try fidelity(settings, progress: progress)
        default: fail("no suite '\(name)' (suites: \(names.joined(separator: ", ")))")
        }
    }

    // MARK: The suites

    /// What stylesheets cost (`StyleSheetBenchmark`). Targets: the first screen of a
    /// page under a sheet of a million rules within 0.2 s (the fastest of at least 5
    /// runs: what else the machine runs only adds to a run; its budget, 0.3 s, guards
    /// against a return of the 1.4 s a sheet read whole took), its peak RSS within 64
    /// MB of the page's without the sheet (a budget too); a real manual page's
    /// `--dump` with its sheets at most 1.2x the time without them, and the same of the
    /// manual's pages joined.
    static func styles(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        let results = try StyleSheetBenchmark.run(runs: max(5, settings.runsPerPoint), docscroll: settings.docscroll, progress: progress)
        var report = SuiteReport(name: "styles")
        report.markdown = "The first screen (`--frame 0`, 100x40) of a page of \(StyleSheetBenchmark.sections) sections under a sheet of "
            + "\(StyleSheetBenchmark.rules) rules, and the `--dump` of a real manual page and of the manual's pages joined under its head, "
            + "each with its stylesheets and with `--no-css`, "
            + "runs taken in turn (median, fastest-slowest):\n\n"
            + "| input | sheet or page | with CSS | peak RSS | --no-css | peak RSS |\n| --- | ---: | ---: | ---: | ---: | ---: |\n"
        var csv = "input,bytes,styledSecondsMedian,styledSecondsMin,plainSecondsMedian,plainSecondsMin,styledRSSBytes,plainRSSBytes\n"
        for m in results {
            report.markdown += "| \(m.name) | \(SVGPlot.bytes(Double(m.bytes))) | \(m.styled.text(3)) s | \(SVGPlot.bytes(Double(m.styledRSS))) | "
                + "\(m.plain.text(3)) s | \(SVGPlot.bytes(Double(m.plainRSS))) |\n"
            csv += "\(m.name),\(m.bytes),\(m.styled.median),\(m.styled.min),\(m.plain.median),\(m.plain.min),\(m.styledRSS),\(m.plainRSS)\n"
        }
        if let large = results.first {
            let overPlain = Double(large.styledRSS - large.plainRSS) / Double(1 << 20)
            report.figures["styles.millionRulesFirstScreenSeconds"] = large.styled.min
            report.figures["styles.millionRulesFirstScreenSecondsMedian"] = large.styled.median
            report.figures["styles.millionRulesRSSOverPlainMB"] = overPlain
            report.targets.append(
                String(
                    format: "first screen under a million rules within 0.2 s: %@ (fastest %.3f s, median %.3f s)", large.styled.min <= 0.2 ? "PASS" : "FAIL",
                    large.styled.min, large.styled.median))
            report.targets.append(String(format: "its peak RSS within 64 MB of the page's without CSS: %@ (+%.0f MB)", overPlain <= 64 ? "PASS" : "FAIL", overPlain))
        }
        if results.count > 1 {
            let real = results[1]
            let ratio = real.styled.median / max(real.plain.median, 0.001)
            report.figures["styles.realPageStyledOverPlainDump"] = ratio
            report.targets.append(
                String(format: "a real manual page's --dump with its sheets at most 1.2x without them: %@ (%.2fx)", ratio <= 1.2 ? "PASS" : "FAIL", ratio))
        }
        if results.count > 2 {
            let joined = results[2]
            let ratio = joined.styled.median / max(joined.plain.median, 0.001)
            report.figures["styles.joinedManualStyledOverPlainDump"] = ratio
            report.targets.append(
                String(format: "the manual's pages joined, --dump with their sheets at most 1.2x without them: %@ (%.2fx)", ratio <= 1.2 ? "PASS" : "FAIL", ratio))
        }
        write(csv, "styles.csv", settings)
        return report
    }

    /// Real pages read by docscroll (with and without their CSS), w3m and links against
    /// a browser's text (`FidelityBenchmark`): median precision and recall per manual.
    /// Targets: precision at least 0.985 on Sphinx and on mdbook's books, 0.90 on Rust
    /// by Example, and on every manual no lower than without CSS; recall no lower than
    /// without CSS (0.99 at least where that has it).
    static func fidelity(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        var report = SuiteReport(name: "fidelity")
        guard FileManager.default.isExecutableFile(atPath: FidelityBenchmark.chromium) else {
            report.markdown = "Not run: the browser's text comes from headless Chromium (Debian's `chromium`), which is not installed.\n"
            return report
        }
        let results = try FidelityBenchmark.run(
            pagesPerManual: settings.quick ? 3 : 12, docscroll: settings.docscroll, cache: URL(fileURLWithPath: ".build/browser-text"),
            progress: progress)
        let readers = FidelityBenchmark.readers(docscroll: settings.docscroll).map(\.name)
        report.markdown = "Pages of the manuals installed, taken evenly, read at \(FidelityBenchmark.width) columns, against headless Chromium's "
            + "`innerText` of the page in a frame of 1280x1024 (its CSS honoured); words compared in order. Precision: the share of "
            + "a reader's words the browser shows too; recall: the share of the browser's words the reader shows; medians over the pages.\n\n"
            + "| manual | generator | pages | " + readers.map { "\($0) precision" }.joined(separator: " | ") + " | "
            + readers.map { "\($0) recall" }.joined(separator: " | ") + " |\n| --- | --- | ---: |" + String(repeating: " ---: |", count: 2 * readers.count) + "\n"
        var csv = "manual,generator,pages,reader,precision,recall\n"
        for m in results {
            report.markdown += "| \(m.manual.name) | \(m.manual.generator) | \(m.pages) | "
                + (readers.map { String(format: "%.3f", m.precision[$0] ?? 0) } + readers.map { String(format: "%.3f", m.recall[$0] ?? 0) })
                .joined(separator: " | ") + " |\n"
            let key = "fidelity." + m.manual.generator.lowercased() + "." + m.manual.name.filter { $0.isLetter || $0.isNumber }
            for reader in readers {
                csv += "\(m.manual.name),\(m.manual.generator),\(m.pages),\(reader),\(m.precision[reader] ?? 0),\(m.recall[reader] ?? 0)\n"
            }
            guard let precision = m.precision["docscroll"], let recall = m.recall["docscroll"], let plainPrecision = m.precision["docscroll --no-css"],
                let plainRecall = m.recall["docscroll --no-css"]
            else { continue }
            report.figures[key + ".precision"] = precision
            report.figures[key + ".recall"] = recall
            let floor: Double? = switch m.manual.generator {
            case "Sphinx": 0.985
            case "mdbook": m.manual.name == "Rust by Example" ? 0.90 : 0.985
            default: nil
            }
            if let floor {
                report.targets.append((precision >= floor ? "PASS" : "FAIL") + String(format: ": %@, precision %.4f, at least %.3f", m.manual.name, precision, floor))
            }
            report.targets.append((precision >= plainPrecision ? "PASS" : "FAIL") + String(
                format: ": %@, precision %.3f, no lower than without CSS (%.3f)", m.manual.name, precision, plainPrecision))
            let recallFloor = plainRecall >= 0.99 ? 0.99 : plainRecall
            report.targets.append((recall >= recallFloor ? "PASS" : "FAIL") + String(
                format: ": %@, recall %.3f, at least %.3f (without CSS: %.3f)", m.manual.name, recall, recallFloor, plainRecall))
        }
        if results.isEmpty { report.markdown += "\nNo manual installed (see `FidelityBenchmark.manuals`).\n" }
        write(csv, "fidelity.csv", settings)
        // The colours of the same pages, as a terminal of 256 colours shows them.
        report.markdown += "\nThe same pages' colours, `--color always` as a terminal of 256 colours is sent them: the page colours drawn "
            + "(the palette's cube and ramp; the 16 named colours are the terminal's) and the least contrast (WCAG 2) one has against "
            + "what it is drawn on, by `--color-scheme`:\n\n| manual | colours, dark | least contrast, dark | colours, light | least contrast, light |\n"
            + "| --- | ---: | ---: | ---: | ---: |\n"
        var colourCSV = "manual,scheme,colours,leastContrast\n"
        for m in results {
            let row = ColourContrast.schemes.map { scheme -> String in
                guard let colours = m.colours[scheme.name] else { return " | " }
                colourCSV += "\(m.manual.name),\(scheme.name),\(colours.count),\(colours.count > 0 ? colours.leastContrast : 0)\n"
                let least = colours.count > 0 ? String(format: "%.2f", colours.leastContrast) : "-"
                if colours.count > 0 {
                    report.figures["fidelity.colours.\(scheme.name).\(m.manual.name.filter { $0.isLetter || $0.isNumber })"] = colours.leastContrast
                    report.targets.append((colours.leastContrast >= 4.5 ? "PASS" : "FAIL") + String(
                        format: ": %@, colours on %@ at least 4.5 against what they are drawn on (%.2f)", m.manual.name, scheme.name, colours.leastContrast))
                }
                return "\(colours.count) | \(least)"
            }
            report.markdown += "| \(m.manual.name) | " + row.joined(separator: " | ") + " |\n"
        }
        write(colourCSV, "colours.csv", settings)
        return report
    }

    /// Pictures of the documentation installed decoded and drawn in cells, by libchafa
    /// and by hand (`PictureBenchmark`): time and likeness. The library is kept only as
    /// long as it draws closer to the picture than half blocks by hand.
    static func pictures(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        let r = try PictureBenchmark.run(count: settings.quick ? 20 : 300, progress: progress)
        var report = SuiteReport(name: "pictures")
        let perPicture = { (seconds: Double) in seconds * 1000 / Double(r.pictures) }
        report.markdown = String(
            format: "%d pictures of the documentation installed (PNG, JPEG, GIF), %@ decoded, each drawn in at most %dx%d cells "
                + "(%d in all); milliseconds a picture, and the mean difference per channel (0-255) between the cells drawn back "
                + "at 8x8 pixels a cell and the picture scaled to that grid.\n\n| step | ms a picture | difference |\n| --- | ---: | ---: |\n"
                + "| decode | %.3f | |\n| libchafa (spaces, blocks, halves, quadrants) | %.3f | %.1f |\n"
                + "| libchafa, the picture scaled to 8x8 a cell first (as docscroll draws) | %.3f | %.1f |\n| half blocks by hand | %.3f | %.1f |\n",
            r.pictures, SVGPlot.bytes(Double(r.decodedBytes)), PictureBenchmark.columns, PictureBenchmark.rows, r.cells,
            perPicture(r.decodeSeconds), perPicture(r.chafaSeconds), r.chafaError, perPicture(r.chafaSampledSeconds), r.chafaSampledError,
            perPicture(r.byHandSeconds), r.byHandError)
        report.figures["pictures.decodeMs"] = perPicture(r.decodeSeconds)
        report.figures["pictures.chafaMs"] = perPicture(r.chafaSeconds)
        report.figures["pictures.byHandMs"] = perPicture(r.byHandSeconds)
        report.figures["pictures.chafaDifference"] = r.chafaError
        report.figures["pictures.chafaScaledFirstMs"] = perPicture(r.chafaSampledSeconds)
        report.figures["pictures.chafaScaledFirstDifference"] = r.chafaSampledError
        report.figures["pictures.byHandDifference"] = r.byHandError
        report.targets = [(r.chafaError <= r.byHandError ? "PASS" : "FAIL") + String(
            format: ": libchafa draws closer to the pictures than half blocks by hand (%.1f against %.1f)", r.chafaError, r.byHandError)]
        picturePages(settings, into: &report, try PicturePageBenchmark.run(
            counts: settings.quick ? [10, 40] : [100, 2_000], docscroll: settings.docscroll, progress: progress))
        pictureTerminals(into: &report, try PictureTerminalBenchmark.run(
            counts: settings.quick ? [40] : [100, 2_000], screens: settings.quick ? 10 : 60, docscroll: settings.docscroll,
            progress: progress))
        return report
    }

    /// The pages of pictures read in a pseudo-terminal (`PictureTerminalBenchmark`),
    /// docscroll beside w3m, added to the pictures suite's report; the target: docscroll
    /// in sixel within 64 MB, its pictures' pixels and encodings counted in.
    private static func pictureTerminals(into report: inout SuiteReport, _ results: [PictureTerminalBenchmark.Measurement]) {
        let screens = results.map(\.screens).max() ?? 0
        report.markdown += "\n\nThe same pages read in a pseudo-terminal of 200x60 cells of 10x20 pixels (its size in pixels given), "
            + "Space pressed \(screens) times (fewer where the page ended first), each screen timed to its last byte before \(PictureTerminalBenchmark.quietMilliseconds) ms "
            + "of quiet (its pictures drawn); the first picture drawn after launch; peak RSS of the program and of every process "
            + "it started (w3m decodes each picture in an `img2sixel` process of its own).\n\n"
            + "| pictures | reader | first picture | screens | median screen | max screen | sixels written | peak RSS, children in |\n"
            + "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for m in results {
            report.markdown += String(
                format: "| %d | %@ | %@ | %d | %.0f ms | %.0f ms | %d | %@ |\n", m.pictures, m.tool,
                m.firstPictureSeconds.map { String(format: "%.0f ms", $0 * 1000) } ?? "none", m.screens, m.screenMedianMilliseconds,
                m.screenMaxMilliseconds, m.sixels, SVGPlot.bytes(Double(m.peakTreeRSSBytes)))
            let key = "pictures.terminal\(m.pictures).\(m.tool.replacingOccurrences(of: " ", with: "-"))"
            if let first = m.firstPictureSeconds { report.figures[key + ".firstPictureMs"] = first * 1000 }
            report.figures[key + ".screenMedianMs"] = m.screenMedianMilliseconds
            report.figures[key + ".peakTreeRSSBytes"] = Double(m.peakTreeRSSBytes)
            if m.tool == "docscroll sixel" {
                report.targets.append((m.peakTreeRSSBytes <= 64 << 20 ? "PASS" : "FAIL") + String(
                    format: ": %d pictures read in sixel in a terminal, peak RSS %@ within 64 MB", m.pictures,
                    SVGPlot.bytes(Double(m.peakTreeRSSBytes))))
            }
        }
        if !results.contains(where: { $0.tool.hasPrefix("w3m") }) {
            report.markdown += "\nw3m was not run: it needs w3m and img2sixel (Debian's w3m and libsixel-bin).\n"
        }
        report.markdown += "\nchawan, which draws pictures in sixel and kitty, is not packaged in Debian: not run.\n"
    }

    /// The pages of pictures (`PicturePageBenchmark`), windowed against expanded, added
    /// to the pictures suite's report: a table, the figures, and the targets (windowed:
    /// peak RSS within 64 MB whatever the number of pictures, no frame over 50 ms, the
    /// first screen within 50 ms and a first frame with its pictures within 150 ms).
    private static func picturePages(_ settings: Settings, into report: inout SuiteReport, _ results: [PicturePageBenchmark.Measurement]) {
        report.markdown += "\nPages of pictures (`--images symbols`, 200x60, fresh processes): the first screen (text and boxes; "
            + "its own time, in the scroll-through), a process that draws the first frame with its pictures (`--frame 0`, wall "
            + "time), and a scroll through every screen (windowed, frames do not wait for pictures, which arrive from their own "
            + "thread between frames, as in the viewer), the pictures decoded and the bytes held for them at peak.\n\n"
            + "| pictures | mode | first screen | with pictures (wall) | frames | median frame | max frame | decoded | picture bytes peak | peak RSS |\n"
            + "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for m in results {
            report.markdown += String(
                format: "| %d | %@ | %.1f ms | %.2f s | %d | %.2f ms | %.2f ms | %d | %@ | %@ |\n", m.pictures, m.mode,
                m.firstScreenSeconds * 1000, m.picturesDrawnWallSeconds, m.frames, m.frameMedianMilliseconds, m.frameMaxMilliseconds,
                m.picturesDecoded, SVGPlot.bytes(Double(m.pictureBytesPeak)), SVGPlot.bytes(Double(m.peakRSSBytes)))
            let key = "pictures.page\(m.pictures).\(m.mode)"
            report.figures[key + ".peakRSS"] = Double(m.peakRSSBytes)
            report.figures[key + ".pictureBytesPeak"] = Double(m.pictureBytesPeak)
            report.figures[key + ".firstScreenMs"] = m.firstScreenSeconds * 1000
            report.figures[key + ".picturesDrawnWallSeconds"] = m.picturesDrawnWallSeconds
            report.figures[key + ".frameMaxMs"] = m.frameMaxMilliseconds
            if let end = m.endMilliseconds { report.figures[key + ".endKeyMs"] = end }
            if let pictures = m.endPicturesMilliseconds { report.figures[key + ".endPicturesMs"] = pictures }
        }
        for count in Set(results.map(\.pictures)).sorted() {
            guard let windowed = results.first(where: { $0.pictures == count && $0.mode == "windowed" }),
                let expanded = results.first(where: { $0.pictures == count && $0.mode == "expanded" })
            else { continue }
            let ratio = Double(expanded.peakRSSBytes) / Double(max(1, windowed.peakRSSBytes))
            report.markdown += String(format: "\n%d pictures: expanded holds %.1fx the peak RSS of windowed.", count, ratio)
            report.figures["pictures.page\(count).rssRatio"] = ratio
            report.targets.append((windowed.peakRSSBytes <= 64 << 20 ? "PASS" : "FAIL") + String(
                format: ": %d pictures windowed, peak RSS %@ within 64 MB", count, SVGPlot.bytes(Double(windowed.peakRSSBytes))))
            report.targets.append((windowed.frameMaxMilliseconds <= 50 ? "PASS" : "FAIL") + String(
                format: ": %d pictures windowed, no frame over 50 ms (max %.1f ms)", count, windowed.frameMaxMilliseconds))
            report.targets.append((windowed.firstScreenSeconds <= 0.05 ? "PASS" : "FAIL") + String(
                format: ": %d pictures windowed, first screen within 50 ms (%.1f ms)", count, windowed.firstScreenSeconds * 1000))
            report.targets.append((windowed.picturesDrawnWallSeconds <= 0.15 ? "PASS" : "FAIL") + String(
                format: ": %d pictures windowed, first frame with its pictures within 150 ms of launch (%.2f s)", count,
                windowed.picturesDrawnWallSeconds))
            let end = windowed.endMilliseconds.map { String(format: "%.1f ms", $0) } ?? "not within 30 s"
            let endPictures = windowed.endPicturesMilliseconds.map { String(format: "%.1f ms", $0) } ?? "not within 30 s"
            report.targets.append(((windowed.endMilliseconds ?? .infinity) <= 100 ? "PASS" : "FAIL")
                + ": \(count) pictures windowed, G in the viewer within 100 ms (\(end))")
            report.targets.append(((windowed.endPicturesMilliseconds ?? .infinity) <= 150 ? "PASS" : "FAIL")
                + ": \(count) pictures windowed, the end's pictures drawn within 150 ms more (\(endPictures))")
            report.markdown += String(
                format: "\n%d pictures, in the viewer: G %@ to the end of the page, then %@ to its pictures.", count, end, endPictures)
        }
        // Peak RSS and the bytes held for pictures at peak, against the number of
        // pictures, each mode.
        var series: [SVGPlot.Series] = []
        for (mode, color) in [("windowed", "#1f77b4"), ("expanded", "#d62728")] {
            let points = results.filter { $0.mode == mode }
            series.append(SVGPlot.Series(name: "\(mode), peak RSS", color: color, points: points.map { (Double($0.pictures), Double($0.peakRSSBytes)) }))
            series.append(SVGPlot.Series(
                name: "\(mode), picture bytes at peak", color: color, dashed: true,
                points: points.map { (Double($0.pictures), Double(max(1, $0.pictureBytesPeak))) }))
        }
        var plot = SVGPlot(title: "Pages of pictures, scrolled through (200x60)", xLabel: "pictures", yLabel: "bytes", series: series)
        plot.xTick = { String(Int($0)) }
        write(plot.svg(), "pictures-memory.svg", settings)
        report.markdown += "\n\n![pictures memory](pictures-memory.svg)\n"
    }

    /// Hostile and odd inputs (`HostileBenchmark`): each a clear error or sane output,
    /// within 2 s and twice its size in memory; and hostile acts in the viewer
    /// (`HostileSessions`), each ended by `q` within 2 s. The same cases quick and
    /// full. The budgets hold every case to a clean ending and to the time and memory
    /// bounds.
    static func hostile(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        let (baseline, inputs) = try HostileBenchmark.run(docscroll: settings.docscroll, progress: progress)
        let results = inputs + (try HostileSessions.run(docscroll: settings.docscroll, progress: progress))
        var report = SuiteReport(name: "hostile")
        report.markdown = "Baseline peak RSS (a tiny page): \(SVGPlot.bytes(Double(baseline))).\n\n"
            + "| input | size | status | seconds | peak RSS | verdict |\n| --- | ---: | ---: | ---: | ---: | --- |\n"
        for r in results {
            report.markdown += String(
                format: "| %@ | %@ | %d | %.2f | %@ | %@ |\n", r.name, SVGPlot.bytes(Double(r.inputBytes)), r.status, r.seconds,
                SVGPlot.bytes(Double(r.peakRSSBytes)), r.problem ?? "ok")
        }
        report.figures["hostile.uncleanEndings"] = Double(results.filter { !$0.endedCleanly }.count)
        report.figures["hostile.worstSeconds"] = results.map(\.seconds).max()
        report.figures["hostile.worstRSSOverLimit"] = results.map(\.rssOverLimit).max()
        report.targets = results.map { r in (r.problem == nil ? "PASS" : "FAIL") + ": \(r.name)" + (r.problem.map { " (\($0))" } ?? "") }
        return report
    }

    /// (6) The container core's layout and scroll-step cost against the number of
    /// components: growth must stay logarithmic.
    static func container(_ settings: Settings) -> SuiteReport {
        let results = ContainerBenchmark.run(componentCounts: [10, 1_000, 100_000])
        var report = SuiteReport(name: "container")
        var csv = "components,buildMilliseconds,layoutNanoseconds,scrollStepNanoseconds,extentChangeNanoseconds\n"
        report.markdown = "| components | build | layout pass | scroll step | extent change |\n| ---: | ---: | ---: | ---: | ---: |\n"
        for r in results {
            csv += String(format: "%d,%.2f,%.0f,%.0f,%.0f\n", r.components, r.buildMilliseconds, r.layoutNanoseconds, r.scrollStepNanoseconds, r.extentChangeNanoseconds)
            report.markdown += String(
                format: "| %d | %.2f ms | %.0f ns | %.0f ns | %.0f ns |\n", r.components, r.buildMilliseconds, r.layoutNanoseconds,
                r.scrollStepNanoseconds, r.extentChangeNanoseconds)
            report.figures["container.scrollStepNanoseconds.\(r.components)"] = r.scrollStepNanoseconds
        }
        if let small = results.first, let large = results.last {
            // log2(100,000) / log2(10) is 5; twice that allows for cache effects.
            let bound = 2 * log2(Double(large.components)) / log2(Double(small.components))
            let step = large.scrollStepNanoseconds / small.scrollStepNanoseconds
            let layout = large.layoutNanoseconds / small.layoutNanoseconds
            report.figures["container.scrollStepGrowth"] = step
            report.figures["container.layoutGrowth"] = layout
            report.targets.append(String(
                format: "%@ growth: scroll step x%.1f, layout x%.1f from %d to %d components (bound x%.1f, log n)",
                step <= bound && layout <= bound ? "PASS" : "FAIL", step, layout, small.components, large.components, bound))
        }
        write(csv, "container.csv", settings)
        return report
    }

    /// (5) The first frame of large tables, windowed and expanded, against `jq length`.
    static func table(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        let rows = settings.quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000]
        let results = try TableBenchmark.run(rowCounts: rows, runs: settings.runsPerPoint, docscroll: settings.docscroll, progress: progress)
        var report = SuiteReport(name: "table")
        var csv = "tool,rows,fileBytes,secondsMedian,secondsMin,secondsMax,peakRSSBytes\n"
        report.markdown = "| rows | file | tool | first frame (s) | peak RSS | RSS / file |\n| ---: | ---: | --- | ---: | ---: | ---: |\n"
        for r in results {
            csv += "\(r.tool),\(r.rows),\(r.fileBytes),\(r.spread.median),\(r.spread.min),\(r.spread.max),\(r.peakRSSBytes)\n"
            report.markdown += String(
                format: "| %d | %@ | %@ | %@ | %@ | %.2fx |\n", r.rows, SVGPlot.bytes(Double(r.fileBytes)), r.tool, r.spread.text(3),
                SVGPlot.bytes(Double(r.peakRSSBytes)), r.memoryRatio)
            if r.tool == "windowed" {
                report.figures["table.windowedFirstFrameSeconds.\(r.rows)"] = r.seconds
                report.figures["table.windowedRSSOverFile.\(r.rows)"] = r.memoryRatio
            }
            if r.tool == "windowed CSV" {
                report.figures["table.csvFirstFrameSeconds.\(r.rows)"] = r.seconds
                report.figures["table.csvRSSOverFile.\(r.rows)"] = r.memoryRatio
            }
        }
        report.targets = settings.quick ? [] : TableBenchmark.check(results).report
        let wrapRows = 10_000
        let wrapping = try TableBenchmark.wrapping(rows: wrapRows, runs: settings.runsPerPoint, docscroll: settings.docscroll)
        report.markdown += String(
            format: "\n`--dump` of %d rows of 1 KB of text: %.2f s, with `--wrap` %.2f s (%.1fx); one 4 MB value with `--wrap`: %.2f s.\n\n",
            wrapRows, wrapping.plain, wrapping.wrapped, wrapping.wrapped / max(0.01, wrapping.plain), wrapping.oneLongValue)
        report.figures["table.wrappedOverPlainDump"] = wrapping.wrapped / max(0.01, wrapping.plain)
        report.figures["table.wrappedLongValueSeconds"] = wrapping.oneLongValue
        progress(String(format: "wrapping: %.2f s plain, %.2f s wrapped, %.2f s one 4 MB value", wrapping.plain, wrapping.wrapped, wrapping.oneLongValue))
        let dumpRows = rows.max() ?? 1_000
        let dump = try TableBenchmark.dump(rows: dumpRows, runs: settings.runsPerPoint, docscroll: settings.docscroll)
        report.markdown += String(
            format: "`--dump` of %d rows (%@, every row measured, then written): %@ s, peak RSS %@ (%.2fx the file)%@.\n\n",
            dumpRows, SVGPlot.bytes(Double(dump.file)), dump.docscroll.0.text(2), SVGPlot.bytes(Double(dump.docscroll.1)),
            Double(dump.docscroll.1) / Double(dump.file),
            dump.jq.map { String(format: "; `jq -c '.[]'` on the same file %@ s, peak RSS %@", $0.0.text(2), SVGPlot.bytes(Double($0.1))) } ?? "")
        report.figures["table.dumpSeconds.\(dumpRows)"] = dump.docscroll.0.median
        report.figures["table.dumpRSSOverFile.\(dumpRows)"] = Double(dump.docscroll.1) / Double(dump.file)
        progress(String(format: "dump, %d rows: %.2f s, %d MiB", dumpRows, dump.docscroll.0.median, dump.docscroll.1 >> 20))
        let search = try TableSearchBenchmark.run(rows: rows.max() ?? 1_000, runs: settings.runsPerPoint)
        report.markdown += String(
            format: "Search through %d rows (%@, from the top, as the viewer searches): a miss %.3f s, a hit near the end %.3f s%@.\n\n",
            search.rows, SVGPlot.bytes(Double(search.fileBytes)), search.miss, search.hitAtEnd,
            search.grep.map { String(format: "; `grep -c` on the same file %.3f s", $0) } ?? "")
        report.figures["table.searchMissSeconds.\(search.rows)"] = search.miss
        report.figures["table.searchHitNearTheEndSeconds.\(search.rows)"] = search.hitAtEnd
        if !settings.quick { report.targets += TableSearchBenchmark.check(search) }
        if !settings.quick {
            let parts = try TableInPartsBenchmark.run(rows: 10_000_000, runs: settings.runsPerPoint, bench: CommandLine.arguments[0], progress: progress)
            report.markdown += String(
                format: "Shown as the viewer shows it, %d rows of JSON Lines (%@) indexed in parts: the first frame %.3f s after opening the file, every row indexed %.2f s later, peak RSS %@ (%.3fx the file).\n\n",
                parts.rows, SVGPlot.bytes(Double(parts.fileBytes)), parts.firstFrame, parts.indexed, SVGPlot.bytes(Double(parts.peakRSSBytes)),
                parts.memoryRatio)
            report.figures["table.inPartsFirstFrameSeconds.\(parts.rows)"] = parts.firstFrame
            report.figures["table.inPartsRSSOverFile.\(parts.rows)"] = parts.memoryRatio
            report.targets += TableInPartsBenchmark.check(parts)
            progress(String(format: "in parts, %d rows: first frame %.3f s, indexed %.2f s later, %.3fx the file", parts.rows, parts.firstFrame, parts.indexed, parts.memoryRatio))
        }
        progress(String(format: "search, %d rows: a miss %.3f s, a hit near the end %.3f s, grep -c %.3f s", search.rows, search.miss, search.hitAtEnd, search.grep ?? .nan))
        write(csv, "table.csv", settings)
        var plot = SVGPlot(
            title: "Time to the first frame of a JSON table (100x40)", xLabel: "rows", yLabel: "seconds",
            series: [("windowed", "#1f77b4"), ("windowed CSV", "#2ca02c"), ("expanded", "#d62728"), ("jq length", "#7f7f7f")].map { tool, color in
                SVGPlot.Series(name: tool, color: color, points: results.filter { $0.tool == tool }.map { (Double($0.rows), $0.seconds) })
            }.filter { !$0.points.isEmpty })
        plot.xTick = { String(Int($0)) }
        plot.yTick = { String(format: $0 >= 1 ? "%.0f s" : "%.2g s", $0) }
        write(plot.svg(), "table.svg", settings)
        report.markdown += "\n![table](table.svg)\n"
        return report
    }

    /// Following a JSON Lines file written at 10,000 rows a second (`FollowBenchmark`):
    /// rows drawn a second, a write to its frame, what following adds to a frame.
    static func follow(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        let m = try FollowBenchmark.run(seconds: settings.quick ? 1 : 5, progress: progress)
        var report = SuiteReport(name: "follow")
        report.markdown = String(
            format: "Following a JSON Lines file of %d rows (200x60, at its end) while another thread appends %d rows a second, 100 every 10 ms, for %.1f s, "
                + "the loop waking on the file's changes (inotify) as the viewer's does: %d of %d rows drawn (%.0f a second), in %d frames; "
                + "a write to the frame showing it %.3f s (median), %.3f s at most; the follow call %.3f ms a frame (median; p99 %.3f ms), the frame after it %.3f ms (median).\n",
            m.startRows, m.rowsPerSecondWritten, m.seconds, m.rowsShown - m.startRows, m.rowsAppended, m.rowsDrawnPerSecond, m.frames,
            m.latencyMedian, m.latencyMax, m.followMedian, m.followP99, m.frameMedian)
        report.figures["follow.rowsMissed"] = Double(m.rowsAppended - (m.rowsShown - m.startRows))
        report.figures["follow.addedMillisecondsPerFrame"] = m.followMedian
        report.figures["follow.latencyMaxSeconds"] = m.latencyMax
        report.targets = FollowBenchmark.check(m)
        write("rowsPerSecondWritten,seconds,startRows,rowsAppended,rowsShown,frames,followMedianMs,followP99Ms,frameMedianMs,latencyMedianS,latencyMaxS\n"
            + "\(m.rowsPerSecondWritten),\(m.seconds),\(m.startRows),\(m.rowsAppended),\(m.rowsShown),\(m.frames),\(m.followMedian),\(m.followP99),\(m.frameMedian),\(m.latencyMedian),\(m.latencyMax)\n",
            "follow.csv", settings)
        return report
    }

    /// (4) `--dump` throughput and peak RSS against the text-mode browsers installed.
    static func dump(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        let sizes = settings.quick ? [1_000_000] : [1_000_000, 10_000_000, 100_000_000]
        let results = try DumpBenchmark.run(
            sizes: sizes, runs: settings.runsPerPoint, timeLimit: settings.quick ? 30 : 120, docscroll: settings.docscroll, progress: progress)
        var report = SuiteReport(name: "dump")
        var csv = "tool,pageBytes,secondsMedian,secondsMin,secondsMax,megabytesPerSecond,peakRSSBytes,timedOut\n"
        report.markdown = "| page | tool | seconds | MB/s | peak RSS | RSS / page |\n| ---: | --- | ---: | ---: | ---: | ---: |\n"
        for r in results {
            csv += "\(r.tool),\(r.pageBytes),\(r.spread.median),\(r.spread.min),\(r.spread.max),\(String(format: "%.1f", r.throughput)),\(r.peakRSSBytes),\(r.timedOut)\n"
            report.markdown += String(
                format: "| %@ | %@ | %@%@ | %.1f | %@ | %.2fx |\n", SVGPlot.bytes(Double(r.pageBytes)), r.tool, r.timedOut ? "over " : "",
                r.spread.text(2), r.throughput, SVGPlot.bytes(Double(r.peakRSSBytes)), Double(r.peakRSSBytes) / Double(r.pageBytes))
        }
        for size in sizes {
            let megabytes = size / 1_000_000
            guard let ours = results.first(where: { $0.tool == "docscroll" && $0.pageBytes == size }) else { continue }
            report.figures["dump.docscrollMegabytesPerSecond.\(megabytes)"] = ours.throughput
            report.figures["dump.docscrollRSSOverPage.\(megabytes)"] = Double(ours.peakRSSBytes) / Double(size)
            let peers = results.filter { $0.pageBytes == size && !$0.tool.hasPrefix("docscroll") && !$0.timedOut }
            if let fastest = peers.min(by: { $0.seconds < $1.seconds }) {
                report.figures["dump.fastestPeerOverDocscrollSpeed.\(megabytes)"] = fastest.seconds / ours.seconds
            }
        }
        // Real pages, where Debian's documentation packages are installed.
        let real = settings.quick ? [] : try DumpBenchmark.runRealPages(runs: settings.runsPerPoint, docscroll: settings.docscroll, progress: progress)
        report.targets = settings.quick ? [] : DumpBenchmark.check(results + real).report
        if !real.isEmpty {
            report.markdown += "\nReal pages:\n\n| page | size | tool | seconds | peak RSS |\n| --- | ---: | --- | ---: | ---: |\n"
        }
        for r in real {
            csv += "\(r.tool) (\(r.realPage ?? "")),\(r.pageBytes),\(r.spread.median),\(r.spread.min),\(r.spread.max),\(String(format: "%.1f", r.throughput)),\(r.peakRSSBytes),\(r.timedOut)\n"
            report.markdown += String(
                format: "| %@ | %@ | %@ | %@ | %@ |\n", r.realPage ?? "", SVGPlot.bytes(Double(r.pageBytes)), r.tool, r.spread.text(3),
                SVGPlot.bytes(Double(r.peakRSSBytes)))
        }
        if !settings.quick { try dumpStages(into: &report, sizes: sizes, progress: progress) }
        write(csv, "dump.csv", settings)
        let colors = ["docscroll": "#1f77b4", "docscroll-expanded": "#17becf", "w3m": "#2ca02c", "links": "#d62728", "lynx": "#9467bd",
                      "elinks": "#8c564b", "html2text": "#7f7f7f"]
        var plot = SVGPlot(
            title: "--dump of generated pages (width 80)", xLabel: "page size", yLabel: "seconds",
            series: colors.sorted { $0.key < $1.key }.compactMap { tool, color in
                let points = results.filter { $0.tool == tool && !$0.timedOut }.map { (Double($0.pageBytes), $0.seconds) }
                return points.isEmpty ? nil : SVGPlot.Series(name: tool, color: color, dashed: !tool.hasPrefix("docscroll"), points: points)
            })
        plot.yTick = { String(format: $0 >= 1 ? "%.0f s" : "%.2g s", $0) }
        write(plot.svg(), "dump.svg", settings)
        report.markdown += "\n![dump](dump.svg)\n"
        return report
    }

    /// Each stage of a dump on one core (`DumpStages`), on the generated page of the
    /// largest size and on the real page of 100 MB (where the Python manual is
    /// installed): seconds and MB/s, in the report and as figures.
    static func dumpStages(into report: inout SuiteReport, sizes: [Int], progress: (String) -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-stages-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let size = sizes.max() ?? 100_000_000
        var pages: [(name: String, key: String, url: URL)] = []
        let generated = directory.appendingPathComponent("generated.html")
        try Data(PageGenerator.page(bytes: size, seed: 7).utf8).write(to: generated)
        pages.append(("generated, \(SVGPlot.bytes(Double(size)))", "generated", generated))
        let bodies = PageBenchmark.realBodies()
        if !bodies.isEmpty {
            let real = directory.appendingPathComponent("real.html")
            try PageBenchmark.writePage(bytes: size, bodies: bodies, to: real)
            pages.append(("\(DumpBenchmark.joinedRealPage), \(SVGPlot.bytes(Double(size)))", "real", real))
        }
        report.markdown += "\nEach stage of a dump at width \(DumpStages.width), one after another on one core, in process, the fastest of \(DumpStages.repeats) runs of each "
            + "(`PageStream.stageTimes`; libxml2 alone: no SAX callback, on the page as a parse reads it; parse and model: with each fragment's links "
            + "counted, as a dump's parse counts them), seconds and MB/s of page:\n\n"
            + "| page | libxml2 alone | parse and model | layout | lines to text | writing |\n| --- | ---: | ---: | ---: | ---: | ---: |\n"
        for page in pages {
            let measurement = try DumpStages.run(page: page.name, path: page.url.path)
            try? FileManager.default.removeItem(at: page.url)
            let megabytes = Double(measurement.pageBytes) / 1e6
            report.markdown += "| \(page.name) | " + measurement.stages.map { String(format: "%.2f s (%.0f)", $0.seconds, megabytes / $0.seconds) }
                .joined(separator: " | ") + " |\n"
            for (name, seconds) in measurement.stages {
                report.figures["dump.stageMegabytesPerSecond.\(page.key).\(name.replacingOccurrences(of: " ", with: "-"))"] = megabytes / seconds
            }
            if page.key == "real", let layout = measurement.stages.first(where: { $0.name == "layout" }) {
                let throughput = megabytes / layout.seconds
                report.targets.append(String(
                    format: "%@ layout, the real page: %.0f MB/s on one core (target at least %.0f)",
                    throughput >= DumpStages.layoutTarget ? "PASS" : "FAIL", throughput, DumpStages.layoutTarget))
            }
            progress("stages, " + DumpStages.describe(measurement))
        }
    }

    /// (1)-(3) Windowed against expanded: peak RSS, peak tile bytes, rows, time to the
    /// first frame and per-frame time of a scroll through, against the page's size.
    static func memory(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        let sizes = settings.quick ? [100_000, 1_000_000] : [100_000, 1_000_000, 10_000_000, 100_000_000]
        let tableRows = settings.quick ? 10_000 : 100_000
        let results = try MemoryBenchmark.run(sizes: sizes, tableRows: tableRows, runs: settings.runsPerPoint, docscroll: settings.docscroll, progress: progress)
        let verdict = MemoryBenchmark.check(results)
        try MemoryBenchmark.write(results, tableRows: tableRows, verdict: verdict.report, machine: "Machine: \(settings.machine).", to: settings.output)
        // The targets are set for pages up to 100 MB: a quick run has only the budgets.
        var report = SuiteReport(name: "memory", targets: settings.quick ? [] : verdict.report)
        report.markdown = "See [memory.md](memory.md).\n\n![memory](memory.svg)\n\n![frame time](frame-time.svg)\n"
        let windowed = results.filter { $0.mode == "windowed" }
        let tiles = windowed.map { Double($0.tileBytesPeak) }
        report.figures["memory.windowedTileBytesPeak"] = tiles.max()
        report.figures["memory.windowedTileBytesSpread"] = (tiles.max() ?? 0) / max(1, tiles.min() ?? 1)
        report.figures["memory.windowedFrameMedianMs"] = windowed.map(\.frameMedianMilliseconds).max()
        if let largest = sizes.last,
           let w = windowed.first(where: { $0.pageBytes == largest }),
           let e = results.first(where: { $0.mode == "expanded" && $0.pageBytes == largest }) {
            report.figures["memory.expandedOverWindowedTileBytes.\(largest / 1_000)KB"] = Double(e.tileBytesPeak) / Double(max(1, w.tileBytesPeak))
            report.figures["memory.expandedOverWindowedRSS.\(largest / 1_000)KB"] = Double(e.peakRSSBytes) / Double(max(1, w.peakRSSBytes))
            report.figures["memory.windowedFirstFrameSeconds.\(largest / 1_000)KB"] = w.firstFrameSeconds
        }
        return report
    }

    /// Time to the first screen and from a key to the redrawn screen, on a
    /// pseudo-terminal, against w3m and less.
    static func latency(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        let results = try LatencyBenchmark.run(large: !settings.quick, docscroll: settings.docscroll, progress: progress)
        try LatencyBenchmark.write(results, machine: "Machine: \(settings.machine).", to: settings.output)
        var report = SuiteReport(name: "latency")
        report.markdown = "See [latency.md](latency.md) and, key by key from 1 MB to 2 GB, [keys.md](keys.md).\n"
        for r in results where r.tool == "docscroll" {
            let input = r.input == "sample" ? "sample" : "large"
            report.figures["latency.docscrollFirstScreenSeconds.\(input)"] = r.firstScreenSeconds
            report.figures["latency.docscrollKeyMedianMs.\(input)"] = r.keyMedianMilliseconds
        }
        let keys = try KeyLatencyBenchmark.run(quick: settings.quick, runs: settings.runsPerPoint, docscroll: settings.docscroll, progress: progress)
        try KeyLatencyBenchmark.write(keys.keys, deepFrames: keys.deepFrames, machine: "Machine: \(settings.machine).", to: settings.output)
        for m in keys.keys where m.tool == "docscroll" {
            // (A key that timed out counts as the limit: over any budget.)
            let name = String(describing: m.key)
            let input = m.input.replacingOccurrences(of: " ", with: "")
            report.figures["keys.\(name)Ms.\(input)"] = m.median ?? KeyLatencyBenchmark.limit.seconds * 1000
        }
        for frame in keys.deepFrames {
            let input = frame.input.replacingOccurrences(of: " ", with: "")
            report.figures["keys.deepFrameSeconds.\(input)"] = frame.seconds.median
            report.figures["keys.deepFramePeakRSSMB.\(input)"] = Double(frame.peakRSS >> 20)
        }
        return report
    }

    /// The page windowed all the way down: first screen, `G` and a scroll through real
    /// pages of growing size, beside expanded and the text browsers.
    static func page(_ settings: Settings, progress: (String) -> Void) throws -> SuiteReport {
        let sizes = settings.quick ? [1_000_000] : [1_000_000, 100_000_000, 1_000_000_000, 2_000_000_000]
        let (results, source) = try PageBenchmark.run(sizes: sizes, runs: settings.runsPerPoint, docscroll: settings.docscroll, progress: progress)
        var report = SuiteReport(name: "page")
        var csv = "tool,pageBytes,firstScreenSeconds,firstScreenRSSBytes,endSeconds,scrollPeakRSSBytes,frameMedianMs,frameMaxMs,timedOut\n"
        report.markdown = """
            Pages: \(source). A pseudo-terminal of \(PageBenchmark.width)x\(PageBenchmark.height). First screen: docscroll's when its
            last row is drawn; the browsers' when their output is followed by a second of quiet (they draw differently; an upper
            bound). RSS then: the process's peak RSS at that moment. G: `G` pressed once the first screen is there, from launch to the
            page's last line on the screen. Scroll through: `--scroll-through`, a screen at a time.

            | page | tool | first screen | RSS then | G | scroll-through peak RSS | frame median | slowest frame |
            | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |

            """
        func cell(_ value: Double?, _ format: String) -> String { value.map { String(format: format, $0) } ?? "" }
        for m in results {
            csv += "\(m.tool),\(m.pageBytes),\(m.firstScreenSeconds.map { String($0) } ?? ""),\(m.firstScreenRSSBytes.map { String($0) } ?? ""),\(m.endSeconds.map { String($0) } ?? ""),"
            csv += "\(m.scrollPeakRSSBytes.map { String($0) } ?? ""),\(m.frameMedianMilliseconds.map { String($0) } ?? ""),\(m.frameMaxMilliseconds.map { String($0) } ?? ""),\(m.timedOut)\n"
            report.markdown += "| \(SVGPlot.bytes(Double(m.pageBytes))) | \(m.tool) | \(m.timedOut ? "over the limit" : cell(m.firstScreenSeconds.map { $0 * 1000 }, "%.0f ms")) | "
            report.markdown += "\(m.firstScreenRSSBytes.map { SVGPlot.bytes(Double($0)) } ?? "") | "
            report.markdown += "\(cell(m.endSeconds, "%.2f s")) | \(m.scrollPeakRSSBytes.map { SVGPlot.bytes(Double($0)) } ?? "") | "
            report.markdown += "\(cell(m.frameMedianMilliseconds, "%.3f ms")) | \(cell(m.frameMaxMilliseconds, "%.1f ms")) |\n"
            if m.tool == "docscroll" {
                let megabytes = m.pageBytes / 1_000_000
                report.figures["page.firstScreenSeconds.\(megabytes)"] = m.firstScreenSeconds
                report.figures["page.scrollPeakRSSBytes.\(megabytes)"] = m.scrollPeakRSSBytes.map(Double.init)
                report.figures["page.frameMedianMs.\(megabytes)"] = m.frameMedianMilliseconds
            }
        }
        report.targets = settings.quick ? [] : PageBenchmark.check(results)
        if !settings.quick {
            let odd = try PageBenchmark.runOddPages(docscroll: settings.docscroll, progress: progress)
            report.targets += PageBenchmark.checkOddPages(odd)
            report.markdown += "\nPages where a parse finds few places to cut (filler of words, a line every 80 bytes):\n\n"
                + "| page | first screen | RSS then | scroll-through peak RSS |\n| --- | ---: | ---: | ---: |\n"
            for m in odd {
                report.markdown += "| \(m.page.rawValue) | \(cell(m.firstScreenSeconds.map { $0 * 1000 }, "%.0f ms")) | "
                    + "\(m.firstScreenRSSBytes.map { SVGPlot.bytes(Double($0)) } ?? "") | \(m.scrollPeakRSSBytes.map { SVGPlot.bytes(Double($0)) } ?? "") |\n"
                csv += "docscroll (\(m.page.rawValue)),,\(m.firstScreenSeconds.map { String($0) } ?? ""),\(m.firstScreenRSSBytes.map { String($0) } ?? ""),,"
                    + "\(m.scrollPeakRSSBytes.map { String($0) } ?? ""),,,\(m.firstScreenSeconds == nil)\n"
            }
        }
        write(csv, "page.csv", settings)
        let colors = ["docscroll": "#1f77b4", "docscroll expanded": "#17becf", "w3m": "#2ca02c", "links": "#d62728", "lynx": "#9467bd"]
        var first = SVGPlot(
            title: "First screen of a real page (200x60)", xLabel: "page size", yLabel: "seconds",
            series: colors.sorted { $0.key < $1.key }.compactMap { tool, color in
                let points = results.filter { $0.tool == tool }.compactMap { m in m.firstScreenSeconds.map { (Double(m.pageBytes), $0) } }
                return points.isEmpty ? nil : SVGPlot.Series(name: tool, color: color, dashed: !tool.hasPrefix("docscroll"), points: points)
            })
        first.yTick = { String(format: $0 >= 1 ? "%.0f s" : "%.2g s", $0) }
        write(first.svg(), "page-first-screen.svg", settings)
        // Peak RSS once the first screen is there, for every tool; and after a scroll
        // through all of the page, for docscroll.
        var memorySeries = colors.sorted { $0.key < $1.key }.compactMap { tool, color -> SVGPlot.Series? in
            let points = results.filter { $0.tool == tool }.compactMap { m in m.firstScreenRSSBytes.map { (Double(m.pageBytes), Double($0)) } }
            return points.isEmpty ? nil : SVGPlot.Series(name: "\(tool), first screen", color: color, dashed: !tool.hasPrefix("docscroll"), points: points)
        }
        let scrolled = results.filter { $0.tool == "docscroll" }.compactMap { m in m.scrollPeakRSSBytes.map { (Double(m.pageBytes), Double($0)) } }
        if !scrolled.isEmpty { memorySeries.append(SVGPlot.Series(name: "docscroll, scrolled through", color: "#ff7f0e", points: scrolled)) }
        let memory = SVGPlot(title: "Peak RSS on a real page (200x60)", xLabel: "page size", yLabel: "peak RSS", series: memorySeries)
        write(memory.svg(), "page-memory.svg", settings)
        report.markdown += "\n![first screen](page-first-screen.svg)\n\n![peak RSS](page-memory.svg)\n"
        return report
    }

    private static func write(_ text: String, _ name: String, _ settings: Settings) {
        do {
            try FileManager.default.createDirectory(at: settings.output, withIntermediateDirectories: true)
            try text.write(to: settings.output.appendingPathComponent(name), atomically: true, encoding: .utf8)
        } catch {
            fail("cannot write \(name): \(error)")
        }
    }
}
