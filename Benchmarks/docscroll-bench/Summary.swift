import BenchmarkBudgets
import Foundation

/// The Markdown summary of a run: the machine, the headline ratios, each suite's
/// targets and table, the budget verdicts.
enum Summary {
    static func markdown(
        reports: [SuiteReport], figures: [String: Double], verdicts: [BudgetCheck.Verdict], machine: String, settings: Settings,
        minutes: Double
    ) -> String {
        var text = """
            # docscroll benchmark results

            \(settings.quick ? "A quick run" : "A full run") of \(settings.suites.joined(separator: ", ")), \
            \(settings.runsPerPoint) fresh process\(settings.runsPerPoint == 1 ? "" : "es") a data point (medians; min-max \
            where more than one), \(String(format: "%.1f", minutes)) minutes.
            Machine: \(machine).
            Viewport: 200x60 for the memory and latency suites, 100x40 for tables, width 80 for dumps; tiles of 16 rows,
            budget 8 viewports of cells.

            ## Headlines


            """
        let headlines: [(figure: String, format: String)] = [
            ("memory.expandedOverWindowedTileBytes.100000KB", "100 MB page: expanded holds %.0fx the windowed tile bytes"),
            ("memory.expandedOverWindowedRSS.100000KB", "100 MB page: expanded peak RSS is %.1fx windowed"),
            ("memory.windowedTileBytesPeak", "windowed peak tile bytes: %.0f at every size"),
            ("memory.windowedFrameMedianMs", "windowed median frame time at most %.3f ms"),
            ("memory.windowedFirstFrameSeconds.100000KB", "windowed first frame of a 100 MB page under a 100k-row table: %.2f s"),
            ("dump.fastestPeerOverDocscrollSpeed.10", "--dump of 10 MB: the fastest peer takes %.2fx docscroll's time"),
            ("dump.fastestPeerOverDocscrollSpeed.100", "--dump of 100 MB: the fastest peer takes %.2fx docscroll's time"),
            ("dump.docscrollRSSOverPage.10", "--dump of 10 MB: docscroll's peak RSS is %.2fx the page"),
            ("dump.docscrollRSSOverPage.100", "--dump of 100 MB: docscroll's peak RSS is %.2fx the page"),
            ("table.windowedFirstFrameSeconds.1000000", "first frame of a 1M-row table: %.2f s"),
            ("latency.docscrollFirstScreenSeconds.large", "first screen of a 100 MB page with a 1M-row table: %.2f s"),
            ("latency.docscrollKeyMedianMs.large", "key to screen there: %.2f ms (median)"),
        ]
        for (figure, format) in headlines {
            guard let value = figures[figure] else { continue }
            text += "- " + String(format: format, value) + "\n"
        }
        if settings.quick { text += "(A quick run: the issues' targets are set for the full sizes; only the budgets apply.)\n" }
        for report in reports {
            text += "\n## \(report.name)\n\n"
            if !report.targets.isEmpty { text += report.targets.map { "- \($0)" }.joined(separator: "\n") + "\n\n" }
            text += report.markdown
        }
        if !verdicts.isEmpty {
            text += "\n## Budgets (Benchmarks/budgets.json)\n\n" + verdicts.map { "- \($0.line)" }.joined(separator: "\n") + "\n"
        }
        return text
    }
}
