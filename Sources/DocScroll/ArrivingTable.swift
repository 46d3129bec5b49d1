import DataTable
import SystemIO

/// A compressed table of a record a line being decompressed into a spool: its rows
/// are indexed as they arrive, a part at a time as a followed file's are (the spool's
/// file is only appended to), so that its first screen shows once its first rows are
/// out, keys are answered while the rest comes, and `G` goes to the rows so far.
final class ArrivingTable {
    let name: String
    let spool: SpooledInput
    let table: TableComponent
    /// How its records are read (to read them all again at the end).
    private let options: RecordIndex.Options
    /// Bytes of the spool handed to the table so far.
    private var bytesShown = 0

    init(name: String, spool: SpooledInput, table: TableComponent, options: RecordIndex.Options) {
        self.name = name
        self.spool = spool
        self.table = table
        self.options = options
    }

    /// What came of taking the rows that arrived.
    enum Progress {
        /// Nothing new.
        case none
        /// Rows were added (or the last one read again whole).
        case grew
        /// All of it is there and shown; with a note when it stopped early.
        case ended(note: String?)
    }

    /// Whether `takeArrivals` has something to do now.
    var hasWork: Bool { spool.isComplete || spool.byteCount > bytesShown }

    /// Takes the rows that arrived since the last call, `partBytes` at a time until
    /// `deadline` (whole lines only: a line being written waits), and once the spool
    /// is complete and taken, its last line too.
    /// - Parameter widening: rows whose values widen the columns (a screenful).
    func takeArrivals(partBytes: Int, until deadline: ContinuousClock.Instant, widening: Int) -> Progress {
        let isComplete = spool.isComplete
        guard let file = spool.mappedSoFar() else { return isComplete ? .ended(note: endNote) : .none }
        var grew = false
        do {
            while bytesShown < file.bytes.count {
                let part = FilePrefix(file, count: min(file.bytes.count, bytesShown + partBytes))
                grew = try table.follow(part, widening: widening) || grew
                bytesShown = part.bytes.count
                guard ContinuousClock.now < deadline else { break }
            }
        } catch {
            return .ended(note: "\(name): \(error.description) (the \(table.model.rowCount) rows before it are shown)")
        }
        guard isComplete, bytesShown == spool.byteCount else { return grew ? .grew : .none }
        // A last line without its line feed is a record once nothing follows it (one
        // cut short by the data's end or the spool's limit is not).
        if let last = file.bytes.last, last != 0x0A, spool.failure == nil, !spool.reachedCapacity {
            do {
                table.show(try TableModel(records: file, options: options))
            } catch {
                return .ended(note: "\(name): \(error.description)")
            }
        }
        return .ended(note: endNote)
    }

    /// Why the spool stopped early, if it did.
    private var endNote: String? {
        if spool.reachedCapacity {
            return "\(name): stopped at \(DocScrollView.byteSize(spool.capacity - 1)) decompressed, the spool's limit (--spool-limit); the rest is not shown"
        }
        return spool.failure.map { "\(name): \($0) (what came before is shown)" }
    }
}

/// The first `count` bytes of a mapped file, as a table file: what an arriving table
/// is handed a part at a time (its rows are read from the whole file).
private final class FilePrefix: TableFile {
    private let file: MappedFile
    private let count: Int

    init(_ file: MappedFile, count: Int) {
        self.file = file
        self.count = count
    }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: file.bytes[..<count]) }

    func read(_ range: Range<Int>) -> [UInt8] { file.read(range) }
    func release(before offset: Int) { file.release(before: offset) }
    var hasShrunk: Bool { file.hasShrunk }
}

/// The file of a table that has no bytes yet (`ArrivingTable`): its rows come with the
/// mappings of the spool as it grows.
final class NoBytesYet: TableFile {
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }
    func read(_ range: Range<Int>) -> [UInt8] { [] }
    func release(before offset: Int) {}
    var hasShrunk: Bool { false }
}
