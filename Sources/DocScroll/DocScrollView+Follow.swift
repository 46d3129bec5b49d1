import ComponentKit
import ScrollCore

/// Following files as they grow, as `tail -F` and `less +F` do (`FileFollower`).
extension DocScrollView {
    /// The paths of the tables' files followed (for a `FileChangeWatch`).
    package var followedPaths: [String] {
        follower.paths
    }

    /// Whether any table is read from a file that `followFiles()` can follow (JSON
    /// Lines, CSV or TSV, mapped; tables still being indexed count).
    public var hasFollowableTables: Bool {
        follower.hasFollowable
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
        let changed = follower.follow(reading: reading, widening: Int(container.viewportExtent)) { notes.append($0) }
        guard changed else { return notes.count > notesBefore }
        // (The table noted what changed: the pass takes it in.)
        layOut()
        if wasAtEnd {
            container.scroll(to: container.maxScrollOffset)
            layOut()
        }
        return true
    }
}
