import DocScrollCLI
import Foundation
import TestSupport
import Testing

/// `docscroll.1` is the manual page made from the help text (`ManPage`): committed,
/// and the same as the help says; `man -l docscroll.1` shows it.
@Suite("Manual page")
struct ManPageTests {
    static let file = pagesDirectory.deletingLastPathComponent().appendingPathComponent("docscroll.1")

    @Test func theCommittedManualPageIsTheHelpText() throws {
        let source = ManPage.source
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try source.write(to: Self.file, atomically: true, encoding: .utf8)
            Issue.record("recorded docscroll.1; run again without RECORD_SNAPSHOTS")
            return
        }
        #expect(source == (try String(contentsOf: Self.file, encoding: .utf8)), "docscroll.1 differs: record it with RECORD_SNAPSHOTS=1")
    }

    /// Every option and key the help names is in the page, and the page has a
    /// manual's sections.
    @Test func everyOptionOfTheHelpIsInThePage() throws {
        let help = try runDocScroll(["--help"]).standardOutput
        let options = Set(help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }).filter { $0.hasPrefix("--") || ($0.hasPrefix("-") && $0.count == 2) })
        #expect(options.count > 25)
        let page = ManPage.source
        for option in options {
            #expect(page.contains(option.replacing("-", with: "\\-")), "\(option)")
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "KEYS", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            #expect(page.contains(".SH \(section)\n"), "\(section)")
        }
        #expect(page.contains("q (quit)"))
        #expect(!page.split(separator: "\n").contains { $0.hasPrefix("'") || ($0.hasPrefix(".") && $0.dropFirst().first?.isLetter == false && !$0.hasPrefix(".\\")) })
    }

    /// Read by `man` (when it is installed): the page formats without a warning.
    @Test func manFormatsThePage() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
        let result = try runProgram("/usr/bin/man", ["--warnings", "-l", Self.file.path], environment: ["MANWIDTH": "80"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.standardOutput.contains("--tile-budget"))
    }
}
