import Glibc

/// A file mapped into memory read-only for one pass over it: its pages are read from
/// disk when touched and given back (`release`) once read, so that the pass does not
/// keep the file resident. Later reads of small parts (`read(_:)`) copy them out with
/// `pread`: touching the mapping again would map whole runs of pages around each
/// part (the kernel maps a large folio of the page cache at once).
package final class MappedFile: @unchecked Sendable {
    /// The file's bytes. Immutable once mapped; shared read-only between threads.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// Its descriptor (for copies, its size now, a mapping again), closed while others
    /// are used and opened again by path (`InputDescriptor`); the mapping needs none.
    private let descriptor: InputDescriptor
    /// The mapping's slot among those whose faults are caught (`MappingFaults`).
    private let watch: Int?

    /// Maps the regular file at `path`, or returns `nil` when it cannot be. An empty
    /// file has no bytes (and no mapping) until it grows (`grown`).
    package convenience init?(path: String) {
        // (A named pipe at the path is not waited on: it is no file to map.)
        guard let descriptor = FileSystem.openRegularFile(path) else { return nil }
        self.init(descriptor: descriptor, path: path)
    }

    /// Maps the regular file open as `descriptor` (taken over: closed with the
    /// mapping, or at once when it cannot be mapped).
    package convenience init?(descriptor: Int32) {
        self.init(descriptor: descriptor, path: nil)
    }

    /// Maps the regular file open as `descriptor`, at `path` (whose descriptor may be
    /// closed and opened again: see `InputDescriptor`) or none.
    private init?(descriptor: Int32, path: String?) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        // (No mapping can be empty.)
        guard status.st_size > 0 else {
            self.descriptor = InputDescriptor(descriptor, path: path)
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            watch = nil
            return
        }
        guard let address = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            close(descriptor)
            return nil
        }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: Int(status.st_size))
        self.descriptor = InputDescriptor(descriptor, path: path)
        watch = MappingFaults.register(UnsafeRawBufferPointer(bytes))
    }

    deinit {
        if let watch { MappingFaults.unregister(watch) }
        if bytes.count > 0 { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
    }

    /// A copy of the bytes in `range`, read from the file rather than the mapping
    /// (short of the range if the file shrank since it was mapped).
    package func read(_ range: Range<Int>) -> [UInt8] {
        var copy = [UInt8](repeating: 0, count: range.count)
        let done = descriptor.withDescriptor { descriptor in
            var done = 0
            while done < range.count {
                let count = copy.withUnsafeMutableBytes { buffer in
                    pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            return done
        } ?? 0
        if done < copy.count { copy.removeSubrange(done...) }
        return copy
    }

    /// Whether the file shrank while mapped: what was read past its new end read as
    /// zeros (the rest of its last page, and the pages after: `MappingFaults`), not as
    /// the file.
    package var hasShrunk: Bool {
        if watch.map(MappingFaults.hasShrunk) == true { return true }
        var status = stat()
        return descriptor.withDescriptor { fstat($0, &status) == 0 && Int(status.st_size) < bytes.count } ?? false
    }

    /// The file as it is now, seen through the descriptor it was opened with (a file
    /// renamed over its path is not this one: `FileSystem.identity(of:)` tells).
    /// (A file whose descriptor was closed, and whose path names another file now or
    /// none, is as it was mapped: it is that file.)
    package var current: (identity: FileSystem.FileIdentity, size: Int)? {
        var status = stat()
        guard descriptor.withDescriptor({ fstat($0, &status) == 0 }) == true else { return (descriptor.identity, bytes.count) }
        return (FileSystem.FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)), Int(status.st_size))
    }

    /// The same file mapped again at its size now, when it has grown since it was
    /// mapped (its bytes so far are the same: a file appended to, as `tail -f` reads
    /// one); `nil` when it has not grown or cannot be mapped again.
    package func grown() -> MappedFile? {
        guard let size = current?.size, size > bytes.count else { return nil }
        guard let copy = descriptor.withDescriptor({ fcntl($0, F_DUPFD_CLOEXEC, 0) }), copy >= 0 else { return nil }
        return MappedFile(descriptor: copy, path: descriptor.path)
    }

    /// Gives back the pages wholly before `offset`: they are read again from the page
    /// cache if touched later.
    package func release(before offset: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = min(offset, bytes.count) / page * page
        guard length > 0, let base = bytes.baseAddress else { return }
        madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED)
    }
}
