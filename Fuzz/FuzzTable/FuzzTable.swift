import DataTable
import DocScroll
import FuzzDriver
import RenderCore
import TestSupport
import TileRenderer

/// libFuzzer target: JSON, JSON Lines, CSV or TSV bytes read as a table and drawn, at
/// a width, a height, with wrapping or not and in a format (found from the content, or
/// CSV or TSV), as the input's first three bytes choose; the windowed and expanded
/// frames agree, and each is the table's rows as shown (the header pinned) from its
/// offset, as many as the dump has.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTable(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count >= 3 else { return 0 }
    let width = 1 + Int(data[0]) % 160
    let height = 3 + Int(data[1]) % 40
    let wraps = data[2] & 1 == 1
    let format = [nil, TableFormat.csv, .tsv, nil][Int(data[2] >> 1) & 3]
    let table = InputFile(name: "fuzz.json", bytes: Array(UnsafeBufferPointer(start: data + 3, count: count - 3)))
    func view(_ mode: RenderMode) -> DocScrollView? {
        try? DocScrollView(
            pages: [], tables: [table],
            options: .init(width: width, height: height, mode: mode, table: .init(format: format), wrapsTableCells: wraps))
    }
    guard let windowed = view(.windowed), let expanded = view(.expanded) else { return 0 }
    var dump: [String] = []
    windowed.dump { dump.append($0) }
    for line in dump where line.unicodeScalars.contains(where: TextWidth.isControl) {
        fatalError("a control character in a dumped line: \(line.debugDescription)")
    }
    let rows = shownLines(windowed)
    guard rows.count == dump.count else { fatalError("the dump has \(dump.count) rows, the table \(rows.count)") }
    let last = max(0, dump.count - height)
    for offset in Set([0, 1, 2, last / 2, last]) {
        let frame = windowed.frame(at: offset)
        guard frame == expanded.frame(at: offset) else { fatalError("windowed and expanded frames differ at \(offset)") }
        let shown = (0..<frame.height).map { frame.plainText(row: $0) }
        guard shown == expectedFrameLines(windowed, shown: rows) else { fatalError("the frame at \(offset) is not the table's rows") }
    }
    return 0
}

/// The entry point (see `runLibFuzzer`).
@_cdecl("FuzzTable_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzzTable)
}
