import Glibc

/// Temporary files a spool keeps its bytes in (`SpooledInput`, `SpillFile`):
/// unlinked as soon as made, so that nothing is left behind, whatever way the
/// program ends. They are written and read with `PositionedIO`.
enum TemporaryFile {
    /// A new temporary file in `$TMPDIR` (else `/tmp`), its name starting `name`,
    /// already unlinked; `nil` when none can be made.
    static func make(named name: String) -> Int32? {
        var template = Array(((getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/\(name)-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return file
    }
}

/// Whole reads and writes of a descriptor at an offset (`pread`, `pwrite`), gone on
/// with after a signal interrupts them.
enum PositionedIO {
    /// Writes `bytes` to `file` at `offset`, whole; gives whether it could.
    static func write(_ bytes: ArraySlice<UInt8>, to file: Int32, at offset: Int) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = pwrite(file, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
    }

    /// Reads bytes `range` of `file` into `base`; gives how many it could (fewer at
    /// the file's end, or on an error).
    static func read(_ file: Int32, _ range: Range<Int>, into base: UnsafeMutableRawPointer) -> Int {
        var done = 0
        while done < range.count {
            let count = pread(file, base + done, range.count - done, off_t(range.lowerBound + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        return done
    }
}
