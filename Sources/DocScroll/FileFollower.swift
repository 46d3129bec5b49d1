import DataTable
import SystemIO

/// A table read from a file mapped, followed as the file grows (`followFiles`).
final class FollowedTable {
    /// The input's name, for notes.
    let name: String
    /// The path the file was opened by: a file renamed over it is read anew.
    let path: String
    /// The file as last mapped.
    var file: MappedFile
    let table: TableComponent
    /// Whether following is over for it (the file was cut short, or what was
    /// appended could not be read): its rows stay as they are.
    var isOver = false
    /// Whether its path named no file at the last look (said once).
    var isGone = false
    /// Whether the file was truncated and holds no row yet (said once): its old rows
    /// stay until it has one.
    var isEmptied = false

    init(name: String, path: String, file: MappedFile, table: TableComponent) {
        self.name = name
        self.path = path
        self.file = file
        self.table = table
    }
}

/// The tables read from files mapped, followed as their files grow, as `tail -F` and
/// `less +F` do: what following knows of each (the file as last mapped, whether it is
/// gone, emptied, or followed no further) is kept here, and what goes wrong is said in
/// notes.
final class FileFollower {
    /// The tables followed, in the order they were read.
    private(set) var tables: [FollowedTable] = []

    /// Follows `table`, read from `file` at `path`.
    func add(name: String, path: String, file: MappedFile, table: TableComponent) {
        tables.append(FollowedTable(name: name, path: path, file: file, table: table))
    }

    /// The followed table that shows `table`, if it is followed.
    func followed(_ table: TableComponent) -> FollowedTable? {
        tables.first { $0.table === table }
    }

    /// The paths of the files still followed (for a `FileChangeWatch`).
    var paths: [String] {
        tables.filter { !$0.isOver }.map(\.path)
    }

    /// Whether a table's file can be followed (JSON Lines, CSV or TSV, mapped; tables
    /// still being indexed count).
    var hasFollowable: Bool {
        tables.contains { !$0.isOver && ($0.table.model.canFollow || !$0.table.model.isIndexed) }
    }

    /// Takes in what changed in each table's file since the last look (see
    /// `DocScrollView.followFiles`): appended lines, a file renamed over, truncated or
    /// gone. Tables read anew are read as `reading` reads; a table that grows widens
    /// its columns for the `rows` rows a screen shows.
    /// - Returns: whether any table's rows changed (each table notes which, for the
    ///   next layout pass).
    func follow(reading: InputReading, widening rows: Int, note: (String) -> Void) -> Bool {
        var changed = false
        for followed in tables where !followed.isOver && follow(followed, reading: reading, widening: rows, note: note) {
            changed = true
        }
        return changed
    }

    /// Takes in what changed in one followed table's file.
    /// - Returns: whether its rows changed (the table notes which, for the next
    ///   layout pass), or a note came.
    private func follow(_ followed: FollowedTable, reading: InputReading, widening rows: Int, note: (String) -> Void) -> Bool {
        let named = FileSystem.identity(of: followed.path)
        guard let current = followed.file.current else { return false }
        if named == nil {
            if !followed.isGone { note("\(followed.name): the file is gone (its rows stay as they were read)") }
            followed.isGone = true
            return false
        }
        if named != current.identity {
            guard readAnew(followed, reading: reading, note: note) else { return false }
            if followed.isGone { note("\(followed.name): the file is back, read anew") }
            followed.isGone = false
            return true
        }
        followed.isGone = false
        if current.size < followed.file.bytes.count {
            // Truncated in place (`: > file`), as a log is emptied: what is there now is
            // read, and what is appended after.
            guard current.size > 0, readAnew(followed, reading: reading, note: note) else {
                if current.size == 0, !followed.isEmptied { note("\(followed.name): file truncated (its rows stay until it has one)") }
                followed.isEmptied = current.size == 0
                return false
            }
            note("\(followed.name): file truncated, read anew")
            followed.isEmptied = false
            return true
        }
        guard current.size > followed.file.bytes.count, followed.table.model.canFollow else { return false }
        if current.size > InputFile.maximumMappedBytes {
            stopFollowing(followed, note: note, because: "the file grew past \(InputFile.maximumMappedBytes >> 30) GiB (its rows so far are shown")
            return false
        }
        guard let grown = followed.file.grown() else { return false }
        do {
            guard try followed.table.follow(grown, widening: rows) else { return false }
            followed.file = grown
        } catch {
            stopFollowing(followed, note: note, because: "\(error.description) (the \(followed.table.model.rowCount) rows before it are shown")
        }
        return true
    }

    /// Follows a table no further, with a note saying why (`reason` an open
    /// parenthesis, closed here).
    private func stopFollowing(_ followed: FollowedTable, note: (String) -> Void, because reason: String) {
        followed.isOver = true
        note("\(followed.name): \(reason); no longer followed)")
    }

    /// Reads the file now at a followed table's path (another renamed over it, or the
    /// file truncated) and shows its rows in place of the old ones. An empty file (a
    /// log just made) is not read: it is looked at again.
    /// - Returns: whether it did.
    private func readAnew(_ followed: FollowedTable, reading: InputReading, note: (String) -> Void) -> Bool {
        guard let file = MappedFile(path: followed.path) else { return false }
        let input = InputFile(name: followed.name, path: followed.path, mapping: file)
        do {
            followed.table.show(try reading.tableModel(input))
            followed.file = file
            return true
        } catch {
            followed.isOver = true
            note("\(error.description) (the rows read before stay; no longer followed)")
            return false
        }
    }
}
