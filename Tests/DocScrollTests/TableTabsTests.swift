import DocScroll
import Foundation
import RenderCore
import SampleContent
import TestSupport
import Testing

/// Tables shown as tabs (`--tabs`, `DocScrollView.Options.tabsFrom`).
@Suite("Table tabs")
struct TableTabsTests {
    var article: String { pagesDirectory.appendingPathComponent("article.html").path }
    var items: String { pagesDirectory.appendingPathComponent("items.json").path }
    var csv: String { pagesDirectory.appendingPathComponent("items.csv").path }

    /// A dump prints every tab, one after another, each under its name; tables given
    /// before `--tabs` stay tables of their own, above.
    @Test func aDumpPrintsEachTabUnderItsName() throws {
        let plain = try runDocScroll(["--table", items, "--width", "70"]).standardOutput
        let plainCSV = try runDocScroll(["--table", csv, "--width", "70"]).standardOutput
        let tabs = try runDocScroll(["--tabs", "--table", items, "--table", csv, "--width", "70"])
        #expect(tabs.status == 0)
        #expect(tabs.standardOutput == "items.json\n" + plain + "\nitems.csv\n" + plainCSV)
        let after = try runDocScroll(["--table", csv, "--tabs", "--table", items, article, "--width", "70"])
        #expect(after.status == 0)
        #expect(after.standardOutput.hasPrefix(plainCSV + "\nitems.json\n" + plain + "\n"), "the CSV table alone, then one tab")
    }

    /// The tab bar is the first row, pinned with the column header; the header row
    /// and each record move one row down.
    @Test func theTabBarIsPinnedAboveTheColumnHeader() throws {
        let view = try DocScrollView(
            pages: [try sample("article.html")], tables: [try sample("items.json"), try sample("items.csv")],
            options: .init(width: 64, height: 10, tabsFrom: 0))
        let top = view.frame(at: 0)
        #expect(top.plainText(row: 0) == " items.json │ items.csv")
        #expect(top.plainText(row: 1).hasPrefix("id"))
        #expect(top.plainText(row: 3).hasPrefix("1001"))
        let scrolled = view.frame(at: 12)
        #expect(scrolled.plainText(row: 0) == " items.json │ items.csv", "pinned")
        #expect(scrolled.plainText(row: 1).hasPrefix("id"))
        #expect(scrolled.plainText(row: 3).hasPrefix("1013"), "row 12 of the table, under three pinned rows")
        let id = try #require(view.componentIDs.first)
        #expect(view.tabs(of: id)?.names == ["items.json", "items.csv"])
        #expect(view.input(of: id)?.fileName == "items.json")
        #expect(view.recordRows(of: id)?.lowerBound == 3)
    }

    /// Switching keeps the bar pinned, shows each tab where it was left, and names
    /// the tab shown.
    @Test func switchingComesBackToEachTabsRow() throws {
        let view = try DocScrollView(
            pages: [], tables: [try sample("items.json"), try sample("items.csv")], options: .init(width: 64, height: 10, tabsFrom: 0))
        let id = try #require(view.componentIDs.first)
        _ = view.frame(at: 12)
        #expect(view.switchTab(by: 1))
        #expect(view.tabs(of: id)?.selected == 1)
        #expect(view.input(of: id)?.fileName == "items.csv")
        let second = view.frame()
        #expect(second.plainText(row: 0) == " items.json │ items.csv")
        #expect(second.plainText(row: 3).hasPrefix("1001"), "the CSV from its top")
        view.scroll(to: 5)
        #expect(view.switchTab(by: 1), "round to the first")
        #expect(view.frame().plainText(row: 3).hasPrefix("1013"))
        #expect(view.switchTab(by: -1))
        #expect(view.frame().plainText(row: 3).hasPrefix("1006"))
        #expect(!view.selectTab(1, of: id), "already shown")
    }

    /// A tab shorter than the viewport, or one with a page below it, comes back at the
    /// row it was left at (it came back at its first row, or as far as it filled the
    /// viewport, as if it ended the stack).
    @Test(arguments: [false, true])
    func shortTabsComeBackToTheirRow(withAPageBelow: Bool) throws {
        let short = InputFile(name: "short.csv", bytes: Array(("n,name\n" + (1...21).map { "\($0),short-\($0)\n" }.joined()).utf8))
        let long = InputFile(name: "long.csv", bytes: Array(("n,name\n" + (1...43).map { "\($0),long-\($0)\n" }.joined()).utf8))
        let view = try DocScrollView(
            pages: withAPageBelow ? [try sample("article.html")] : [], tables: [short, long],
            options: .init(width: 64, height: withAPageBelow ? 40 : 10, tabsFrom: 0))
        // (Alone, the short tab ends the stack: it goes down as far as the stack does.)
        view.scroll(to: 20)
        // The first row under the pinned tab bar, header and rule.
        let before = view.frame().plainText(row: 3)
        #expect(before.hasPrefix(withAPageBelow ? "21 " : "15 "), "\(before)")
        #expect(view.switchTab(by: 1))
        #expect(view.switchTab(by: -1))
        #expect(view.frame().plainText(row: 3) == before)
    }

    /// A tab shorter than the viewport is padded to it: the rows past the table are
    /// blank, in every frame and tile (the padding has no rows to draw).
    @Test func aShortTabIsPaddedWithBlankRows() throws {
        let short = InputFile(name: "short.json", bytes: Array(#"[{"id": 1}, {"id": 2}]"#.utf8))
        let view = try DocScrollView(pages: [], tables: [short, short], options: .init(width: 30, height: 40, tileRows: 4, tabsFrom: 0))
        let frame = view.frame(at: 0)
        #expect((0..<6).map { frame.plainText(row: $0) } == [" short.json │ short.json", "id", "──", " 1", " 2", ""], "numbers right-aligned")
        #expect((5..<40).allSatisfy { frame.plainText(row: $0).isEmpty })
        view.resize(width: 30, height: 60)
        #expect(view.stackRows == 60)
        #expect(view.frame().plainText(row: 4) == " 2")
    }

    /// With the top of the viewport in a short tab's padding, a reload keeps the view
    /// (there is no row there to find again).
    @Test func aReloadWithTheTopInATabsPaddingKeepsTheView() throws {
        let short = InputFile(name: "short.json", bytes: Array(#"[{"id": 1}, {"id": 2}]"#.utf8))
        let view = try DocScrollView(
            pages: [try sample("article.html")], tables: [short, short], options: .init(width: 30, height: 10, tabsFrom: 0))
        view.scroll(to: 7)
        let before = view.frame()
        view.reload()
        #expect(view.frame() == before)
    }

    @Test func withoutTabsThereIsNoTabToSwitchTo() throws {
        let view = try DocScrollView(pages: [], tables: [try sample("items.json")], options: .init(width: 64, height: 10))
        #expect(!view.switchTab(by: 1))
        #expect(view.tabs(of: try #require(view.componentIDs.first)) == nil)
    }
}
