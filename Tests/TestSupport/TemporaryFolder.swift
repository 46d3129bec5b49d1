import Foundation

/// A folder of a test's own in the temporary directory, removed with the value.
package final class TemporaryFolder {
    package let url: URL

    /// A new folder whose name starts with `name`.
    package init(_ name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    package var path: String { url.path }

    /// The path of file `name` in the folder.
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` as file `name`, in place of what it held.
    package func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }

    /// Adds `text` at the end of file `name`, as a program writing a log does.
    package func append(_ name: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: url.appendingPathComponent(name))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }
}
