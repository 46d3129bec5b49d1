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
    checkFollowing(UnsafeBufferPointer(start: data + 3, count: count - 3), splitAt: Int(data[0]) * 7 + Int(data[1]), format: format)
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

/// A file held in memory, as a table reads one mapped.
private final class BytesFile: TableFile, @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    init(_ bytes: some Collection<UInt8>) {
        storage = .allocate(capacity: bytes.count)
        _ = storage.initialize(from: bytes)
    }
    deinit { storage.deallocate() }
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(storage) }
    func read(_ range: Range<Int>) -> [UInt8] { Array(storage[range.clamped(to: 0..<storage.count)]) }
    func release(before offset: Int) {}
    var hasShrunk: Bool { false }
}

/// The input's first `split` bytes read as a table, then the rest followed as if
/// appended (`TableModel.follow`): where the whole input ends in a line end and is a
/// table, following gives the rows of reading it whole, or an error.
private func checkFollowing(_ bytes: UnsafeBufferPointer<UInt8>, splitAt split: Int, format: TableFormat?) {
    guard split > 0, split < bytes.count, bytes.last == 0x0A else { return }
    let whole = BytesFile(bytes)
    guard let part = try? TableModel(records: BytesFile(bytes[..<split]), options: .init(format: format)), part.canFollow,
          let all = try? TableModel(records: whole, options: .init(format: format))
    else { return }
    guard (try? part.follow(whole)) != nil else { return }
    guard part.rowCount == all.rowCount else { fatalError("followed to the end: \(part.rowCount) rows; read whole: \(all.rowCount)") }
    guard part.columns == all.columns else { fatalError("followed columns \(part.columns) are not \(all.columns)") }
    for row in 0..<all.rowCount where part.row(row) != all.row(row) {
        fatalError("row \(row) followed is \(part.row(row)), read whole \(all.row(row))")
    }
}

/// The entry point (see `runLibFuzzer`).
@_cdecl("FuzzTable_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzzTable)
}
