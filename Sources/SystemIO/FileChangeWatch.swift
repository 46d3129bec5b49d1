import Glibc

/// Wakes a loop that follows files when one of them may have changed (inotify), so
/// that rows appended show at once rather than at the next poll: each file's writes,
/// and names created or moved in its folder (a file renamed over its path). It says
/// only that something happened; the loop looks at the files itself (and looks now and
/// then without it, where inotify is not to be had).
package final class FileChangeWatch {
    /// What `poll` waits on; -1 when inotify could not be had.
    package let descriptor: Int32

    /// Watches the files at `paths` and their folders.
    package init(paths: [String]) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return }
        let fileEvents = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF)
        let folderEvents = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
        for path in paths {
            _ = inotify_add_watch(descriptor, path, fileEvents)
            _ = inotify_add_watch(descriptor, FileSystem.folder(of: path), folderEvents)
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Reads away the events waiting.
    /// - Returns: whether there were any.
    @discardableResult
    package func drain() -> Bool {
        guard descriptor >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var any = false
        while Glibc.read(descriptor, &buffer, buffer.count) > 0 { any = true }
        return any
    }
}
