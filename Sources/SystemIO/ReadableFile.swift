import Glibc

/// A file read a range at a time with `pread` (a page, a window at a time), never
/// whole and never mapped: the pages of a mapping count in the process's resident set
/// once touched, while what `pread` copies lives in the kernel's page cache, which it
/// can reclaim.
package final class ReadableFile: Sendable {
    /// Its descriptor, closed while others are used and opened again to be read
    /// (`InputDescriptor`).
    private let descriptor: InputDescriptor
    package let byteCount: Int

    /// Opens the regular file at `path`, or returns `nil` when it cannot be, or says it
    /// is empty (files of `/proc` do, whatever they hold: they are read whole instead).
    package init?(path: String) {
        guard let descriptor = FileSystem.openRegularFile(path) else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else {
            close(descriptor)
            return nil
        }
        byteCount = Int(status.st_size)
        self.descriptor = InputDescriptor(descriptor, path: path)
    }

    /// Copies bytes `range` (clamped to the file) into `buffer`, which holds at least
    /// `range.count` bytes; gives how many were copied (fewer only at the file's end,
    /// or when it shrank since it was opened, or when it is gone or replaced while its
    /// descriptor was closed).
    package func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let range = range.clamped(to: 0..<byteCount)
        guard let base = buffer.baseAddress else { return 0 }
        // (An error, or a file that shrank: what was read is all there is.)
        return descriptor.withDescriptor { PositionedIO.read($0, range, into: base) } ?? 0
    }
}
