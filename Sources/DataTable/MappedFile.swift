import Glibc

/// A file mapped into memory read-only: its pages are read from disk when touched,
/// and can be given back (`release`) once read, so that one pass over a large file
/// does not keep the file resident.
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes. Immutable once mapped; shared read-only between threads.
    public let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the regular file at `path`, or returns `nil` when it cannot be (an empty
    /// file cannot be mapped either).
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else { return nil }
        let count = Int(status.st_size)
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// Gives back the pages wholly before `offset`: they are read again from the page
    /// cache if touched later.
    public func release(before offset: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = min(offset, bytes.count) / page * page
        guard length > 0, let base = bytes.baseAddress else { return }
        madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED)
    }
}
