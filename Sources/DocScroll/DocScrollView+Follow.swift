import ComponentKit
import DataTable
import ScrollCore
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

/// Following files as they grow, as `tail -F` and `less +F` do.
extension DocScrollView {
    /// The paths of the tables' files followed (for a `FileChangeWatch`).
    package var followedPaths: [String] {
        followedTables.filter { !$0.isOver }.map(\.path)
    }

    /// Whether any table is read from a file that `followFiles()` can follow (JSON
    /// Lines, CSV or TSV, mapped; tables still being indexed count).
    public var hasFollowableTables: Bool {
        followedTables.contains { !$0.isOver && ($0.table.model.canFollow || !$0.table.model.isIndexed) }
    }

    /// Shows the rows appended to the tables' files since they were read or last
    /// followed, in whole lines (a line being written waits for its end): the view
    /// stays at the end of the stack if it was there, and otherwise where it is. As
    /// `tail -F` does, a file is followed by its name: one renamed or made anew at a
    /// table's path (a log rotated) is read anew, and so is one cut short ("file
    /// truncated"); a file gone, or a line appended that cannot be read, is a note
    /// (`takeNote`), the rows shown staying.
    /// - Returns: whether anything shown changed, or a note came.
    @discardableResult
    public func followFiles() -> Bool {
        let wasAtEnd = container.scrollOffset >= container.maxScrollOffset
        let notesBefore = notes.count
        var changed = false
        for followed in followedTables where !followed.isOver && follow(followed) {
            changed = true
        }
        guard changed else { return notes.count > notesBefore }
        // (The table noted what changed: the pass takes it in.)
        layOut()
        if wasAtEnd {
            container.scroll(to: container.maxScrollOffset)
            layOut()
        }
        return true
    }

    /// Takes in what changed in one followed table's file.
    /// - Returns: whether its rows changed (the table notes which, for the next
    ///   layout pass), or a note came.
    private func follow(_ followed: FollowedTable) -> Bool {
        let named = FileSystem.identity(of: followed.path)
        guard let current = followed.file.current else { return false }
        if named == nil {
            if !followed.isGone { notes.append("\(followed.name): the file is gone (its rows stay as they were read)") }
            followed.isGone = true
            return false
        }
        if named != current.identity {
            guard readAnew(followed) else { return false }
            if followed.isGone { notes.append("\(followed.name): the file is back, read anew") }
            followed.isGone = false
            return true
        }
        followed.isGone = false
        if current.size < followed.file.bytes.count {
            // Truncated in place (`: > file`), as a log is emptied: what is there now is
            // read, and what is appended after.
            guard current.size > 0, readAnew(followed) else {
                if current.size == 0, !followed.isEmptied { notes.append("\(followed.name): file truncated (its rows stay until it has one)") }
                followed.isEmptied = current.size == 0
                return false
            }
            notes.append("\(followed.name): file truncated, read anew")
            followed.isEmptied = false
            return true
        }
        guard current.size > followed.file.bytes.count, followed.table.model.canFollow else { return false }
        if current.size > InputFile.maximumMappedBytes {
            stopFollowing(followed, because: "the file grew past \(InputFile.maximumMappedBytes >> 30) GiB (its rows so far are shown")
            return false
        }
        guard let grown = followed.file.grown() else { return false }
        do {
            guard try followed.table.follow(grown, widening: Int(container.viewportExtent)) else { return false }
            followed.file = grown
        } catch {
            stopFollowing(followed, because: "\(error.description) (the \(followed.table.model.rowCount) rows before it are shown")
        }
        return true
    }

    /// Follows a table no further, with a note saying why (`reason` an open
    /// parenthesis, closed here).
    private func stopFollowing(_ followed: FollowedTable, because reason: String) {
        followed.isOver = true
        notes.append("\(followed.name): \(reason); no longer followed)")
    }

    /// Reads the file now at a followed table's path (another renamed over it, or the
    /// file truncated) and shows its rows in place of the old ones. An empty file (a
    /// log just made) is not read: it is looked at again.
    /// - Returns: whether it did.
    private func readAnew(_ followed: FollowedTable) -> Bool {
        guard let file = MappedFile(path: followed.path) else { return false }
        let input = InputFile(name: followed.name, path: followed.path, mapping: file)
        do {
            followed.table.show(try reading.tableModel(input))
            followed.file = file
            return true
        } catch {
            followed.isOver = true
            notes.append("\(error.description) (the rows read before stay; no longer followed)")
            return false
        }
    }
}
