import Glibc

/// Paths and whole files, as an input is checked and read before any parser sees it.
package enum FileSystem {
    /// What a path names, found before it is opened.
    package enum PathKind: Equatable {
        /// Nothing.
        case missing
        /// Something that cannot be looked at (a folder on the way that may not be
        /// entered): the system's reason.
        case unreachable(String)
        case directory
        /// A regular file, readable or not, and its size in bytes.
        case file(readable: Bool, size: Int)
        /// A pipe, a device or a socket, readable or not, and what it is ("a pipe"):
        /// opening one may wait for a writer, and reading one may never end or may
        /// read the terminal's keys.
        case special(readable: Bool, what: String)
    }

    /// What `path` names (symbolic links followed).
    package static func kind(of path: String) -> PathKind {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { return .missing }
            return .unreachable(error == EACCES ? "permission denied" : systemReason(error))
        }
        let readable = access(path, R_OK) == 0
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file(readable: readable, size: Int(status.st_size))
        case S_IFIFO: return .special(readable: readable, what: "a pipe")
        case S_IFCHR: return .special(readable: readable, what: "a character device")
        case S_IFBLK: return .special(readable: readable, what: "a block device")
        case S_IFSOCK: return .special(readable: readable, what: "a socket")
        default: return .special(readable: readable, what: "not a file")
        }
    }

    /// Opens `path` for reading only if it is a regular file (its descriptor), without
    /// waiting: a named pipe put there since it was looked at is opened without
    /// waiting for a writer, then refused; `nil` for anything but a regular file.
    package static func openRegularFile(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        // Reads of a regular file never wait on O_NONBLOCK's account; it is cleared so
        // that the descriptor behaves as any other.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// `path` made absolute against the current folder (as written: dot segments and
    /// symbolic links are left to whoever reads it); `nil` when the current folder
    /// cannot be found.
    package static func absolutePath(_ path: String) -> String? {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// The folder `path` is in, as written (`.` for a bare name).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Which file a path names, the same for every path to it (symbolic and hard
    /// links, `..`): its device and inode; `nil` when it cannot be looked at.
    package struct FileIdentity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// The identity of the file `path` names (symbolic links followed).
    package static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// What reading a whole file came to.
    package enum WholeFile {
        /// Its bytes.
        case bytes([UInt8])
        /// Its first bytes did not pass the caller's check (they are given).
        case rejected([UInt8])
        /// It holds more than the limit.
        case tooLarge
        /// Reading failed: the system's reason.
        case failed(String)
    }

    /// Bytes read before a file's start is checked.
    package static let firstChunkBytes = 1 << 16

    /// The content of the file at `path`, read straight into one array (no second copy
    /// of the file). A file of any kind is read, a device or a pipe too, but never
    /// past `limit` bytes, and its first `firstChunkBytes` (or all of it, if less) are
    /// given to `check` before more is read: so that a device that never ends
    /// (`/dev/zero`) is refused at once, or at the limit, never read until memory
    /// runs out.
    /// With `regularOnly`, anything but a regular file is refused, without waiting.
    package static func readAll(_ path: String, limit: Int, regularOnly: Bool = false, check: ([UInt8]) -> Bool) -> WholeFile {
        let opened = regularOnly ? openRegularFile(path) : open(path, O_RDONLY | O_CLOEXEC)
        guard let descriptor = opened, descriptor >= 0 else { return .failed(regularOnly ? "not a regular file" : systemReason(errno)) }
        defer { close(descriptor) }
        return readAll(descriptor: descriptor, limit: limit, check: check)
    }

    /// Standard input read to its end as `readAll(_:limit:check:)` reads a file.
    package static func readStandardInput(limit: Int, check: ([UInt8]) -> Bool) -> WholeFile {
        readAll(descriptor: STDIN_FILENO, limit: limit, check: check)
    }

    private static func readAll(descriptor: Int32, limit: Int, check: ([UInt8]) -> Bool) -> WholeFile {
        var bytes: [UInt8] = []
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 { bytes.reserveCapacity(min(Int(status.st_size), limit) + 1) }
        var chunk = [UInt8](repeating: 0, count: firstChunkBytes)
        var checked = false
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failed(systemReason(errno)) }
            if count > 0 {
                guard bytes.count + count <= limit else { return .tooLarge }
                bytes.append(contentsOf: chunk[0..<count])
            }
            if !checked, count == 0 || bytes.count >= firstChunkBytes {
                checked = true
                guard check(bytes) else { return .rejected(bytes) }
            }
            if count == 0 { return .bytes(bytes) }
        }
    }

    /// The system's words for an error number ("No space left on device").
    package static func systemReason(_ error: Int32) -> String {
        let reason = String(cString: strerror(error))
        // (Each input shown keeps its file open: many inputs meet the limit.)
        return error == EMFILE ? reason + " (more inputs than the limit on open files allows: ulimit -n)" : reason
    }
}
