import Glibc

/// Paths and whole files, as an input is checked and read before any parser sees it.
package enum FileSystem {
    /// What a path names, found before it is opened.
    package enum PathKind: Equatable {
        /// Nothing (or nothing that can be looked at).
        case missing
        case directory
        /// A file or device, readable or not, and its size in bytes.
        case file(readable: Bool, size: Int)
    }

    /// What `path` names (symbolic links followed).
    package static func kind(of path: String) -> PathKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        if status.st_mode & S_IFMT == S_IFDIR { return .directory }
        return .file(readable: access(path, R_OK) == 0, size: Int(status.st_size))
    }

    /// The content of the file at `path`, read straight into one array (no second copy
    /// of the file), or `nil` when reading fails.
    package static func readAll(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
