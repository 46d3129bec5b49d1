import RenderCore
import Testing
@testable import DocumentLayout

/// Lines kept in one buffer read back span for span as they were built.
@Suite("Line store")
struct LineStoreTests {
    static let lines = [
        LayoutLine(spans: [.init("• "), .init("bold", style: Style(.bold)), .init(" and plain")]),
        LayoutLine(),
        LayoutLine(spans: [.init("中文 ", style: Style(.italic)), .init("[3]", style: Style(.dim))]),
        LayoutLine(spans: [.init("   ")]),
    ]

    @Test func linesReadBackAsBuilt() {
        let store = LineStore(Self.lines)
        #expect(Array(store) == Self.lines)
        #expect(store[0].text == "• bold and plain")
        #expect(store.isEmpty(line: 1) && store.isBlank(line: 1))
        #expect(!store.isEmpty(line: 3) && store.isBlank(line: 3))
        #expect(store.columns(ofLine: 2) == 8)
    }

    @Test func storesJoinedKeepEveryLine() {
        var joined = LineStore(Self.lines[..<2])
        joined.append(contentsOf: LineStore(Self.lines[2...]))
        #expect(joined == LineStore(Self.lines))
        // A line copied from another store, after text of its own.
        var copied = LineStore()
        copied.append("> ".utf8, style: .plain)
        copied.append(line: 2, of: joined)
        copied.endLine()
        #expect(copied[0] == LayoutLine(spans: [.init("> ")] + Self.lines[2].spans))
    }

    @Test func mergingJoinsRunsOfOneStyle() {
        var store = LineStore()
        store.appendMerging("a".utf8, style: .plain)
        store.appendMerging("b".utf8, style: .plain)
        store.append(line: 0, of: LineStore([LayoutLine(spans: [.init("c"), .init("d", style: Style(.bold))])]), merging: true)
        store.appendMerging("".utf8, style: Style(.italic))
        store.endLine()
        // Runs never join across lines.
        store.appendMerging("e".utf8, style: Style(.bold))
        store.endLine()
        #expect(store[0] == LayoutLine(spans: [.init("abc"), .init("d", style: Style(.bold))]))
        #expect(store[1] == LayoutLine(spans: [.init("e", style: Style(.bold))]))
    }

    @Test func plainTextIsWhatCellsShow() {
        let store = LineStore([
            LayoutLine(spans: [.init("tab\there  ")]),
            LayoutLine(spans: [.init("plain "), .init("text   ", style: Style(.bold))]),
        ])
        #expect(store.plainText(ofLine: 0) == LayoutLine.plainText(store[0]))
        #expect(!store.plainText(ofLine: 0).contains("\t"))
        #expect(store.plainText(ofLine: 1) == "plain text")
    }
}
