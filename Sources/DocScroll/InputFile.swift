import DataTable
import DocumentLayout
import HTMLParsing
import SystemIO

/// The bytes of one input, read from a file or from standard input, with the checks
/// that turn unusable input into a clear error before any parser sees it.
public struct InputFile: Sendable {
    /// The name errors use: the path as given, or `stdin`.
    public let name: String
    /// The file the input was read from, as given; `nil` for standard input and for
    /// input made in memory. A page's links to other files are resolved against it.
    public let path: String?
    /// The content, unless the input is `mapping`.
    public let bytes: [UInt8]
    /// For an input opened with `mapped(_:)`: the file mapped into memory, read as it
    /// is used rather than up front (`bytes` is then empty).
    package let mapping: MappedFile?
    /// For a page opened with `page(_:)`: the file, read a window at a time as it is
    /// used (`bytes` is then empty).
    package let pageSource: (any PageSource)?
    /// For a compressed table of a record a line (`table(_:format:spoolLimit:)`): the
    /// spool it is being decompressed into, its rows shown as they arrive (`bytes`
    /// is then empty).
    package let tableSpool: SpooledInput?

    /// The largest input read whole (a page for the expanded mode, standard input for
    /// it): 1 GiB. Pages opened with `page(_:)` are read a window at a time, of any size.
    public static let maximumBytes = 1 << 30

    /// The largest table mapped rather than read (its rows are read when shown): what
    /// the index's 32-bit byte offsets reach, 4 GiB.
    public static let maximumMappedBytes = Int(UInt32.max)

    /// An input held in memory (for embedders and tests), read from the file at `path`
    /// if any.
    public init(name: String, bytes: [UInt8], path: String? = nil) {
        self.name = name
        self.path = path
        self.bytes = bytes
        mapping = nil
        pageSource = nil
        tableSpool = nil
    }

    package init(name: String, path: String?, mapping: MappedFile? = nil, pageSource: (any PageSource)? = nil, tableSpool: SpooledInput? = nil) {
        self.name = name
        self.path = path
        bytes = []
        self.mapping = mapping
        self.pageSource = pageSource
        self.tableSpool = tableSpool
    }

    /// Where the input is, for resolving a page's links: its file's absolute path.
    package var address: PageAddress? {
        path.flatMap(FileSystem.absolutePath).flatMap(PageAddress.init(absolutePath:))
    }

    /// The input's bytes, wherever they are, as a page source.
    package var source: any PageSource {
        if let pageSource { return pageSource }
        if let mapping { return MemoryPageSource(Array(mapping.bytes)) }
        return MemoryPageSource(bytes)
    }

    /// Reads the file at `path`.
    /// - Throws: `DocScrollError.badInput` for a missing, unreadable, empty or binary
    ///   file, or a directory.
    /// - Parameters:
    ///   - path: the file, as given.
    ///   - regularOnly: refuse a named pipe, a device or a socket (a page reached from
    ///     another one: opening a pipe would wait for a writer, and reading `/dev/tty`
    ///     would read the reader's keys); on the command line they are read, as `cat`
    ///     reads them.
    public static func read(_ path: String, regularOnly: Bool = false) throws(DocScrollError) -> InputFile {
        try checkFile(path, regularOnly: regularOnly)
        let read = FileSystem.readAll(path, limit: maximumBytes, regularOnly: regularOnly, check: { isAcceptable(path, $0) })
        return try whole(path, path: path, read)
    }

    /// `input` decompressed when it is compressed (gzip, xz or bzip2, known by its
    /// first bytes), else as it is. A page read a window at a time is decompressed as
    /// it is read, on a thread of its own, into a spool of at most `spoolLimit` bytes
    /// (it shows as it comes, as standard input does); a mapped file (a table) is
    /// decompressed into a spool too, then mapped from it (its pages the page cache's,
    /// up to the limit for mapped input); input read whole is held decompressed,
    /// whole, up to the limit for input read whole.
    /// - Throws: `DocScrollError.badInput` for compressed data that is corrupt, cut
    ///   short or more than the limit once decompressed (a page decompressed as it is
    ///   read: only at its start; further in, the view notes it).
    private static func decompressedIfCompressed(_ input: InputFile, spoolLimit: Int = defaultSpoolLimit) throws(DocScrollError) -> InputFile {
        guard let format = Decompression.format(of: input.leadingBytes(6)) else { return input }
        if let source = input.pageSource { return try decompressedAsRead(input.name, path: input.path, source, format: format, spoolLimit: spoolLimit) }
        if let mapping = input.mapping {
            return try decompressedAndMapped(input.name, MappedBytes(file: mapping), format: format, spoolLimit: spoolLimit)
        }
        let result = input.withWholeBytes { Decompression.decompress($0, limit: maximumBytes) }
        switch result {
        case .bytes(let bytes): return InputFile(name: input.name, bytes: bytes, path: input.path)
        case .tooLarge: throw .badInput(name: input.name, reason: "more than 1 GiB once decompressed (the limit for input read whole)")
        case .failed(let reason): throw .badInput(name: input.name, reason: "\(format.name)-compressed, but \(reason)")
        }
    }

    /// The page `source` (compressed in `format`) as a spool filled as it is
    /// decompressed: the reason it stopped early, if it did, is the spool's `failure`.
    /// - Throws: `DocScrollError.badInput` when nothing at all comes out of it.
    private static func decompressedAsRead(
        _ name: String, path: String?, _ source: any PageSource, format: Decompression.Format, spoolLimit: Int
    ) throws(DocScrollError) -> InputFile {
        let spool = decompressing(source, format: format, capacity: spoolLimit)
        _ = spool.waitForBytes(beyond: 0)
        if spool.byteCount == 0, let failure = spool.failure { throw .badInput(name: name, reason: failure) }
        return InputFile(name: name, path: path, pageSource: spool)
    }

    /// The mapped file `source` (compressed in `format`) decompressed whole into a
    /// spool, and mapped from there: the decompressed bytes are never the process's
    /// memory. It has no path: it is not the file named, to follow or read again.
    /// - Throws: `DocScrollError.badInput` for data that is corrupt or cut short, or
    ///   more than `spoolLimit` (or the limit for mapped input) once decompressed.
    private static func decompressedAndMapped(
        _ name: String, _ source: MappedBytes, format: Decompression.Format, spoolLimit: Int
    ) throws(DocScrollError) -> InputFile {
        try whole(name, arrivingIn: decompressing(source, format: format, capacity: min(spoolLimit, maximumMappedBytes) + 1))
    }

    /// The table arriving in `spool` (decompressed into it), once all of it is there:
    /// mapped from the spool's file, or its bytes when it is held in memory. It has
    /// no path: it is not the file named, to follow or read again.
    /// - Throws: `DocScrollError.badInput` for data that is corrupt or cut short, or
    ///   more than the spool holds (its capacity is one byte past the limit).
    package static func whole(_ name: String, arrivingIn spool: SpooledInput) throws(DocScrollError) -> InputFile {
        while !spool.isComplete { _ = spool.waitForBytes(beyond: spool.byteCount) }
        if spool.reachedCapacity {
            let limit = spool.capacity - 1
            let why = limit == maximumMappedBytes ? "the most a table is read from" : "--spool-limit"
            let shown = DocScrollView.byteSize(limit == maximumMappedBytes ? limit + 1 : limit)
            throw .badInput(name: name, reason: "more than \(shown) once decompressed (\(why))")
        }
        if let failure = spool.failure { throw .badInput(name: name, reason: failure) }
        if let mapped = spool.mapped() { return InputFile(name: name, path: nil, mapping: mapped) }
        return InputFile(name: name, bytes: spool.bytes(0..<spool.byteCount), path: nil)
    }

    /// A spool filled, on a thread of its own, with `source` decompressed (from the
    /// `format` its first bytes say), up to `capacity` bytes, past `memoryLimit` in a
    /// file; the reason it stopped early, if it did, is the spool's `failure`.
    private static func decompressing(
        _ source: any PageSource, format: Decompression.Format, capacity: Int, memoryLimit: Int = SpooledInput.defaultMemoryLimit
    ) -> SpooledInput {
        SpooledInput(memoryLimit: memoryLimit, capacity: capacity) { append in
            guard let decompressor = Decompressor(format) else { return "\(format.name)-compressed, but its library could not start" }
            var offset = 0
            while true {
                let window = source.bytes(offset..<(offset + (1 << 16)))
                // (A source still arriving is waited for.)
                if window.isEmpty, !source.isComplete, source.waitForBytes(beyond: offset) > offset { continue }
                offset += window.count
                let outcome = window.withUnsafeBufferPointer { decompressor.feed($0, isLast: window.isEmpty) { append(ArraySlice($0)) } }
                switch outcome {
                case .needsMore: continue
                case .ended, .stopped: return nil
                case .failed(let reason): return "\(format.name)-compressed, but \(reason)"
                }
            }
        }
    }

    /// The input's first `count` bytes (fewer in a shorter input), waiting for a page
    /// still arriving.
    private func leadingBytes(_ count: Int) -> [UInt8] {
        if let mapping { return Array(mapping.bytes.prefix(count)) }
        guard let pageSource else { return Array(bytes.prefix(count)) }
        if !pageSource.isComplete { _ = pageSource.waitForBytes(beyond: count - 1) }
        return pageSource.bytes(0..<count)
    }

    /// Calls `body` with all the input's bytes, held (in memory or mapped): a page read
    /// a window at a time is decompressed as it is read instead (`decompressedAsRead`).
    private func withWholeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let mapping { return body(mapping.bytes) }
        return bytes.withUnsafeBufferPointer(body)
    }

    /// Reads standard input to its end, as `read` reads a file.
    /// - Throws: `DocScrollError.badInput` for input that is empty, binary, more than
    ///   the limit, or cannot be read.
    public static func readStandardInput() throws(DocScrollError) -> InputFile {
        try whole("stdin", path: nil, FileSystem.readStandardInput(limit: maximumBytes, check: { isAcceptable("stdin", $0) }))
    }

    /// Whether a file's first bytes pass `checked`: a device or a pipe says no size, so
    /// its start is checked as it comes, and it is read up to the limit only.
    private static func isAcceptable(_ name: String, _ start: [UInt8]) -> Bool {
        Decompression.format(of: start) != nil || (try? checked(InputFile(name: name, bytes: start))) != nil
    }

    /// The input a whole read came to, or the error that says why there is none.
    private static func whole(_ name: String, path: String?, _ read: FileSystem.WholeFile) throws(DocScrollError) -> InputFile {
        switch read {
        case .bytes(let bytes), .rejected(let bytes):
            return try checked(decompressedIfCompressed(InputFile(name: name, bytes: bytes, path: path)))
        case .tooLarge:
            throw .badInput(name: name, reason: "more than 1 GiB (the limit for input read whole)")
        case .failed(let reason):
            throw .badInput(name: name, reason: "cannot be read: \(reason)")
        }
    }

    /// Opens the file at `path` without reading it: checked as `read` checks it, then
    /// mapped into memory, so that a table reads only what it uses. (Read as `read`
    /// does when it cannot be mapped.)
    /// - Throws: `DocScrollError.badInput`, as `read`.
    /// - Parameters:
    ///   - path: the file, as given.
    ///   - spoolLimit: for a compressed file, decompressed into a spool to be mapped
    ///     from there, the bytes it may hold.
    public static func mapped(_ path: String, spoolLimit: Int = defaultSpoolLimit) throws(DocScrollError) -> InputFile {
        try mapped(path, spoolLimit: spoolLimit, recordALine: false)
    }

    /// `mapped`; with `recordALine` (a file of a record a line), an empty file is no
    /// rows yet, and a compressed one arrives (`arriving`) rather than being there whole.
    private static func mapped(_ path: String, spoolLimit: Int, recordALine: Bool) throws(DocScrollError) -> InputFile {
        try checkFile(path, limit: maximumMappedBytes)
        guard let mapping = MappedFile(path: path) else { return try read(path) }
        if recordALine {
            if mapping.bytes.isEmpty { return InputFile(name: path, path: path, mapping: mapping) }
            if let compression = Decompression.format(of: Array(mapping.bytes.prefix(6))) {
                return try arriving(path, MappedBytes(file: mapping), format: compression, spoolLimit: spoolLimit)
            }
        }
        return try checked(decompressedIfCompressed(InputFile(name: path, path: path, mapping: mapping), spoolLimit: spoolLimit))
    }

    /// A table's file, mapped as `mapped` maps it; empty, it is a table of no rows
    /// (that `F` follows as it grows) when it holds a record a line, as `format` (or
    /// else the file's name) says: JSON Lines, CSV or TSV.
    /// - Throws: `DocScrollError.badInput`, as `read`.
    /// Compressed, such a file is decompressed into a spool and its rows shown as they
    /// arrive (`tableSpool`); any other is decompressed whole first (`mapped`).
    public static func table(_ path: String, format: TableFormat?, spoolLimit: Int = defaultSpoolLimit) throws(DocScrollError) -> InputFile {
        // (Opened and mapped once.)
        try mapped(path, spoolLimit: spoolLimit, recordALine: (format ?? TableFormat(pathExtensionOf: path))?.holdsARecordALine == true)
    }

    /// A compressed table of a record a line, decompressed on a thread of its own into
    /// a spool kept in a file (to be mapped as it grows), checked once its first
    /// kilobyte is out.
    /// - Throws: `DocScrollError.badInput` when nothing comes out of it, or what comes
    ///   is binary.
    private static func arriving(_ name: String, _ source: MappedBytes, format: Decompression.Format, spoolLimit: Int) throws(DocScrollError) -> InputFile {
        let spool = decompressing(source, format: format, capacity: min(spoolLimit, maximumMappedBytes) + 1, memoryLimit: 0)
        _ = spool.waitForBytes(beyond: 1_023)
        if spool.byteCount == 0, let failure = spool.failure { throw .badInput(name: name, reason: failure) }
        if spool.byteCount > 0 { _ = try checked(InputFile(name: name, bytes: spool.bytes(0..<65_536))) }
        return InputFile(name: name, path: nil, tableSpool: spool)
    }

    /// Opens the page at `path` without reading it: checked as `read` checks it, but of
    /// any size, since it is read a window at a time as it is shown.
    /// - Throws: `DocScrollError.badInput`, as `read` (but never for its size).
    /// - Parameters:
    ///   - path: the file, as given.
    ///   - regularOnly: refuse what is not a regular file, as `read` does.
    ///   - spoolLimit: for a compressed page, decompressed as it is read into a spool,
    ///     the bytes kept at most (as for standard input).
    public static func page(_ path: String, regularOnly: Bool = false, spoolLimit: Int = defaultSpoolLimit) throws(DocScrollError) -> InputFile {
        try checkFile(path, limit: nil, regularOnly: regularOnly)
        guard let source = ReadableFile(path: path) else { return try read(path, regularOnly: regularOnly) }
        return try checked(decompressedIfCompressed(InputFile(name: path, path: path, pageSource: source), spoolLimit: spoolLimit))
    }

    /// Standard input as a page shown as it arrives: kept as it comes (`SpooledInput`),
    /// checked once its first kilobyte (or all of it) is there.
    /// - Parameter spoolLimit: bytes kept at most (in a temporary file past a few
    ///   megabytes); input that goes on past them is not read (the view notes it).
    /// - Throws: `DocScrollError.badInput`, as `read`.
    public static func standardInputPage(spoolLimit: Int = defaultSpoolLimit) throws(DocScrollError) -> InputFile {
        let spool = SpooledInput.standardInput(capacity: spoolLimit)
        return try checked(decompressedIfCompressed(InputFile(name: "stdin", path: nil, pageSource: spool), spoolLimit: spoolLimit))
    }

    /// The bytes of standard input kept at most unless told otherwise: 4 GiB.
    public static let defaultSpoolLimit = SpooledInput.defaultCapacity

    /// Throws unless `path` is a readable file of at most `limit` bytes (any size for
    /// none), or, unless `regularOnly`, a readable pipe or device.
    private static func checkFile(_ path: String, limit: Int? = maximumBytes, regularOnly: Bool = false) throws(DocScrollError) {
        switch FileSystem.kind(of: path) {
        case .missing:
            // Pages are files: a web address gets a hint.
            let isAddress = ["http://", "https://", "ftp://"].contains { path.lowercased().hasPrefix($0) }
            let hint = " (docscroll reads files, never the network: try curl -s URL | docscroll -)"
            throw .badInput(name: path, reason: "no such file" + (isAddress ? hint : ""))
        case .unreachable(let reason): throw .badInput(name: path, reason: reason)
        case .directory: throw .badInput(name: path, reason: "is a directory")
        case .file(readable: false, _), .special(readable: false, _): throw .badInput(name: path, reason: "permission denied")
        case .special(readable: true, let what):
            if regularOnly { throw .badInput(name: path, reason: "\(what), not a file (only regular files are opened from a page)") }
        case .file(readable: true, let size):
            if let limit, size > limit {
                throw .badInput(name: path, reason: "file too large (\(size) bytes; the limit is \((limit + 1) >> 30) GiB)")
            }
        }
    }

    /// The input's first `count` bytes (fewer where it has fewer), wherever they are.
    package func firstBytes(_ count: Int) -> [UInt8] {
        mapping.map { Array($0.bytes.prefix(count)) } ?? pageSource?.bytes(0..<count) ?? Array(bytes.prefix(count))
    }

    /// Rejects empty input and binary input: a NUL byte in the first 64 KiB, unless
    /// the text starts with a UTF-16 or UTF-32 byte order mark.
    public static func checked(_ input: InputFile) throws(DocScrollError) -> InputFile {
        // A page still arriving is checked on its first kilobyte (or all of it).
        if let source = input.pageSource, !source.isComplete { _ = source.waitForBytes(beyond: 1_023) }
        let bytes = input.firstBytes(65_536)
        if bytes.isEmpty { throw .badInput(name: input.name, reason: "empty file") }
        let hasWideBOM = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
        if !hasWideBOM, bytes.prefix(65_536).contains(0) {
            throw .badInput(name: input.name, reason: "binary file (not text)")
        }
        return input
    }
}

/// A mapped file read as a page source is (`decompressing` reads it so).
private struct MappedBytes: PageSource {
    let file: MappedFile

    var byteCount: Int { file.bytes.count }

    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let range = range.clamped(to: 0..<file.bytes.count)
        guard !range.isEmpty, let target = buffer.baseAddress, let base = file.bytes.baseAddress else { return 0 }
        target.copyMemory(from: base + range.lowerBound, byteCount: range.count)
        return range.count
    }
}
