internal import CMallocInfo

/// The process's memory as the kernel counts it.
package enum ProcessMemory {
    /// Peak resident set size (VmHWM), in bytes, or 0 where `/proc` is not available.
    package static func peakResidentBytes() -> Int {
        statusField("VmHWM")
    }

    /// Bytes of heap in use as the C allocator counts them (glibc `mallinfo2`: every
    /// arena, plus blocks mapped on their own), or 0 where that count is missing.
    /// Swift objects and arrays live there, so a difference of two readings is what
    /// the work between them kept.
    package static func heapInUseBytes() -> Int {
        Int(docscroll_heap_in_use())
    }

    /// Whether `heapInUseBytes` follows what is allocated: not under a sanitizer,
    /// whose allocator glibc's count does not see (the count stays put). Probed once:
    /// a block of 1 MiB held must show.
    package static let isHeapCounted: Bool = {
        let before = heapInUseBytes()
        let block = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { block.deallocate() }
        return heapInUseBytes() - before >= 1 << 19
    }()

    /// Makes the allocator keep freed memory for reuse rather than give it back to
    /// the kernel, for the rest of the process. For a program that frees and
    /// allocates the same few MB over and over, as a streamed dump does a fragment at
    /// a time: memory given back faults in again, page by page, when it is next
    /// allocated (a third of a dump's page faults and a twentieth of its time). Peak
    /// memory stays what the work needs at once.
    package static func keepFreedMemory() {
        docscroll_keep_freed_heap()
    }

    /// Makes the allocator give blocks of 256 KiB or more back to the kernel as soon
    /// as they are freed, for the rest of the process. For a viewer, which holds what
    /// its screen needs and drops the rest as it scrolls: pictures' pixels and
    /// encodings above all, which glibc would otherwise keep in its heap once freed
    /// (scrolling 100 pictures in sixel: 55 MB resident at peak, 45 with this).
    package static func giveLargeBlocksBack() {
        docscroll_map_blocks_apart(256 << 10)
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int {
        guard case .bytes(let status) = FileSystem.readAll("/proc/self/status", limit: 1 << 20, check: { _ in true }) else { return 0 }
        let text = String(decoding: status, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter { $0.isNumber }
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }
}
