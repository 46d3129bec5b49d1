import Dispatch
import DocumentLayout
import Pictures
import SystemIO

/// The pictures a page names, read where they are: files on this machine, resolved
/// against the page's address as its links are (relative paths, `file:` URLs), and
/// `data:` URLs (base64). Pictures elsewhere are never fetched: they have no size,
/// and are shown as their alt text.
///
/// Each picture's header is read once, its first bytes only, whichever thread lays
/// the page out. A picture drawn is decoded at about the size it is shown (a JPEG
/// scaled by its decoder), drawn in cells by libchafa, and its cells kept within
/// `cellBudget` cells. Drawn in real pixels, a picture's pixels at its box's size and
/// its encodings for the terminal are kept within `pixelBudget` bytes each (a screen
/// of pixels). Past a budget, the pictures farthest from the viewport are dropped
/// first (`KeptPictures`).
final class PictureFiles: PictureReader {
    /// Where the page is; `nil` for a page with no file (only `data:` URLs are read).
    private let address: PageAddress?
    private let lock = SystemLock()
    /// What is drawn and what waits to be, under `lock`.
    private nonisolated(unsafe) var state = DrawingState()
    /// The thread pictures are drawn on in the background, one at a time.
    private let worker = DispatchQueue(label: "docscroll.pictures", qos: .utility)
    /// Cells of drawn pictures kept.
    let cellBudget: Int
    /// Bytes of pictures in pixels at the size of their boxes kept, and as many of
    /// their encodings for the terminal.
    let pixelBudget: Int
    /// Whether pictures are decoded whole and kept (the expanded mode).
    let keepsPixels: Bool
    /// The size of a cell in pixels, which pictures are decoded for.
    let cell: ImageBox.CellSize

    fileprivate struct DrawnKey: Hashable {
        var source: String
        var columns: Int
        var rows: Int
    }

    /// Rows of a picture's box encoded for a terminal that draws pixels.
    fileprivate struct EncodedKey: Hashable {
        var drawn: DrawnKey
        var rows: Range<Int>
        var kind: PixelProtocol
    }

    /// Work done in the background: a picture drawn in cells, or encoded in pixels.
    fileprivate enum Job: Hashable {
        case cells(DrawnKey)
        case pixels(EncodedKey)
    }

    /// Pictures drawn and waiting to be.
    fileprivate struct DrawingState {
        /// Pictures drawn, by source and box (`nil`: cannot be), costing their cells.
        var drawn = KeptPictures<DrawnKey, SymbolArt?>()
        var inBackground = false
        var shows = true
        /// Pictures asked for and not drawn yet, the newest last, with the page rows
        /// their boxes are on.
        var waiting: [(job: Job, place: Range<Int>)] = []
        /// The picture being drawn in the background.
        var drawing: Job?
        var arrived = false
        /// Pictures in pixels at the size of their boxes, costing their bytes.
        var scaled = KeptPictures<DrawnKey, Pixels>()
        /// Pictures encoded for the terminal (`nil`: cannot be), costing their bytes.
        var encoded = KeptPictures<EncodedKey, [UInt8]?>()
        /// Headers read so far, by source as the page wrote it (`nil`: unreadable).
        var headers: [String: ImageHeader?] = [:]
        /// Why pictures could not be drawn, by source.
        var failures: [String: String] = [:]
        /// Pictures decoded whole and kept, by source (`keepsPixels`).
        var pixels: [String: Pixels] = [:]
        var statistics = PictureFigures()

        /// Notes that the viewport shows page rows `rows`: the pictures kept farthest
        /// from them go first.
        mutating func show(_ rows: Range<Int>) {
            drawn.viewport = rows
            scaled.viewport = rows
            encoded.viewport = rows
        }

        /// Keeps `art`, shown at `place`, dropping the pictures farthest from the
        /// viewport past `cellBudget` cells.
        mutating func keep(_ art: SymbolArt?, for key: DrawnKey, shownAt place: Range<Int>, cellBudget: Int) {
            let (evicted, replaced) = drawn.keep(art, for: key, cost: key.columns * key.rows, shownAt: place, budget: cellBudget)
            if let replaced { statistics.bytesLive -= Self.bytes(of: replaced) }
            noteKept(bytes: Self.bytes(of: art))
            for dropped in evicted { statistics.bytesLive -= Self.bytes(of: dropped) }
            statistics.evictions += evicted.count
        }

        /// Asks for `job` in the background: the newest asked for is done first, as it
        /// is the one on screen. Past `waitingLimit`, the oldest is given up (scrolled
        /// past; a row that shows it again is drawn once any picture arrives, and asks
        /// again).
        /// - Returns: whether the job waits anew (not already being done).
        mutating func ask(_ job: Job, shownAt place: Range<Int>) -> Bool {
            guard drawing != job else { return false }
            if let index = waiting.firstIndex(where: { $0.job == job }) { waiting.remove(at: index) }
            waiting.append((job, place))
            if waiting.count > PictureFiles.waitingLimit { waiting.removeFirst() }
            return true
        }

        /// Keeps `pixels`, picture `key` at the size of its box, dropping those
        /// farthest from the viewport past `budget` bytes (the last kept whatever its
        /// size).
        mutating func keepScaled(_ pixels: Pixels, for key: DrawnKey, shownAt place: Range<Int>, budget: Int) {
            let (evicted, replaced) = scaled.keep(pixels, for: key, cost: pixels.byteCount, shownAt: place, budget: budget)
            statistics.bytesLive -= replaced?.byteCount ?? 0
            noteKept(bytes: pixels.byteCount)
            for dropped in evicted { statistics.bytesLive -= dropped.byteCount }
            statistics.evictions += evicted.count
        }

        /// Keeps `sequence`, rows of picture `key` encoded, in place of any kept for
        /// them, dropping those farthest from the viewport past `budget` bytes (the
        /// last kept whatever its size).
        mutating func keepEncoded(_ sequence: [UInt8]?, for key: EncodedKey, shownAt place: Range<Int>, budget: Int) {
            let cost = sequence?.count ?? 0
            let (evicted, replaced) = encoded.keep(sequence, for: key, cost: cost, shownAt: place, budget: budget)
            statistics.bytesLive -= replaced??.count ?? 0
            noteKept(bytes: cost)
            for dropped in evicted { statistics.bytesLive -= dropped?.count ?? 0 }
        }

        private mutating func noteKept(bytes: Int) {
            statistics.bytesLive += bytes
            statistics.bytesPeak = max(statistics.bytesPeak, statistics.bytesLive)
        }

        /// Notes a picture decoded, `bytes` of pixels held while it is drawn.
        mutating func noteDecoded(bytes: Int) {
            statistics.decoded += 1
            statistics.bytesPeak = max(statistics.bytesPeak, statistics.bytesLive + bytes)
        }

        /// Bytes a picture's cells take.
        static func bytes(of art: SymbolArt?) -> Int {
            (art?.cells.count ?? 0) * MemoryLayout<SymbolArt.Cell>.stride
        }
    }

    /// Pictures waiting to be drawn in the background, at most: a few screens' worth.
    static let waitingLimit = 32

    /// The largest picture file read: 64 MiB.
    static let maximumFileBytes = 64 << 20

    /// Bytes read first for a header: a PNG's, a GIF's and a WebP's are in the first
    /// few dozen, and most JPEGs' too; one behind metadata is read further.
    static let firstRead = 4_096

    /// - Parameter keepsPixels: whether each picture is decoded whole and kept, its
    ///   cells never dropped: what a browser's stretched page holds (the expanded
    ///   mode); else a picture is decoded at the size it is shown and only its cells
    ///   are kept, within `cellBudget`.
    /// - Parameter pixelBudget: bytes of pictures kept in pixels at the size of their
    ///   boxes, and as many of their encodings: by default, a screen of 200 by 60
    ///   cells of 10 by 20 pixels.
    init(
        address: PageAddress?, cell: ImageBox.CellSize = .standard, cellBudget: Int = 1 << 20,
        pixelBudget: Int = 200 * 60 * 10 * 20 * 4, keepsPixels: Bool = false
    ) {
        self.address = address
        self.cell = cell
        self.keepsPixels = keepsPixels
        self.cellBudget = keepsPixels ? .max : cellBudget
        self.pixelBudget = pixelBudget
    }

    var decodesInBackground: Bool {
        get { locked { $0.inBackground } }
        set { locked { $0.inBackground = newValue } }
    }

    var showsPictures: Bool {
        get { locked { $0.shows } }
        set { locked { $0.shows = newValue } }
    }

    var isDecoding: Bool { locked { !$0.waiting.isEmpty || $0.drawing != nil } }

    func takeArrivals() -> Bool {
        locked { state in
            defer { state.arrived = false }
            return state.arrived
        }
    }

    func show(rows: Range<Int>) {
        locked { $0.show(rows) }
    }

    func cells(of source: String, box: ImageBox, at top: Int) -> SymbolArt? {
        let key = DrawnKey(source: source, columns: box.columns, rows: box.rows)
        let place = top..<(top + box.rows)
        enum Answer {
            case drawn(SymbolArt?)
            /// Drawn in the background (asked for now, or being drawn).
            case later(queued: Bool)
            case now
        }
        let answer = locked { state -> Answer in
            if let known = state.drawn.value(for: key, shownAt: place) { return .drawn(known) }
            guard state.inBackground else { return .now }
            return .later(queued: state.ask(.cells(key), shownAt: place))
        }
        switch answer {
        case .drawn(let art):
            return art
        case .later(let queued):
            if queued { worker.async { [self] in drawNextWaiting() } }
            return nil
        case .now:
            let art = draw(source, box: box)
            locked { $0.keep(art, for: key, shownAt: place, cellBudget: cellBudget) }
            return art
        }
    }

    func cellsNow(of source: String, box: ImageBox) -> SymbolArt? {
        let key = DrawnKey(source: source, columns: box.columns, rows: box.rows)
        // (Shown alone, over the viewport.)
        let shown = locked { state in (state.drawn.value(for: key, shownAt: state.drawn.viewport), state.drawn.viewport) }
        if let known = shown.0 { return known }
        let art = draw(source, box: box)
        locked { $0.keep(art, for: key, shownAt: shown.1, cellBudget: cellBudget) }
        return art
    }

    func pixelSequence(of source: String, box: ImageBox, rows: Range<Int>, as kind: PixelProtocol, at top: Int) -> [UInt8]? {
        let key = EncodedKey(drawn: DrawnKey(source: source, columns: box.columns, rows: box.rows), rows: rows, kind: kind)
        let place = top..<(top + box.rows)
        // (`known`: the sequence, or `nil` while it is encoded in the background;
        // itself `nil` when it is to be encoded now.)
        let answer = locked { state -> (known: [UInt8]??, queued: Bool) in
            if let known = state.encoded.value(for: key, shownAt: place) { return (known, false) }
            guard state.inBackground else { return (nil, false) }
            return (.some(nil), state.ask(.pixels(key), shownAt: place))
        }
        if answer.queued { worker.async { [self] in drawNextWaiting() } }
        if let known = answer.known { return known }
        return encode(key, shownAt: place)
    }

    /// Encodes the rows of `key`'s box that show, keeping the sequence.
    private func encode(_ key: EncodedKey, shownAt place: Range<Int>) -> [UInt8]? {
        let box = ImageBox(columns: key.drawn.columns, rows: key.drawn.rows)
        let sequence = scaledPixels(of: key.drawn, shownAt: place).map { pixels in
            let shown = pixels.rows((key.rows.lowerBound * cell.height)..<(key.rows.upperBound * cell.height))
            return PixelPicture.encode(shown, columns: box.columns, rows: key.rows.count, cell: cell, protocol: key.kind)
        }
        locked { $0.keepEncoded(sequence, for: key, shownAt: place, budget: pixelBudget) }
        return sequence
    }

    /// Does the job asked for last of those waiting, if any.
    private func drawNextWaiting() {
        guard let (job, place) = locked({ state -> (Job, Range<Int>)? in
            guard let (job, place) = state.waiting.popLast() else { return nil }
            state.drawing = job
            return (job, place)
        }) else { return }
        switch job {
        case .cells(let key):
            let art = draw(key.source, box: ImageBox(columns: key.columns, rows: key.rows))
            locked { $0.keep(art, for: key, shownAt: place, cellBudget: cellBudget) }
        case .pixels(let key):
            _ = encode(key, shownAt: place)
        }
        locked { state in
            state.drawing = nil
            state.arrived = true
        }
    }

    private func locked<Result>(_ body: (inout DrawingState) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    var figures: PictureFigures { locked { $0.statistics } }

    /// Picture `source` decoded for `box` and drawn in its cells.
    private func draw(_ source: String, box: ImageBox) -> SymbolArt? {
        guard let pixels = pixels(of: source, toShow: SymbolArt.sampledSize(columns: box.columns, rows: box.rows)) else { return nil }
        return SymbolArt.draw(pixels, columns: box.columns, rows: box.rows)
    }

    /// The pixels of picture `source` to draw at `shown` (`Pixels.toShow(_:exactly:)`):
    /// decoded at about that size, or from the picture decoded whole and kept
    /// (`keepsPixels`).
    private func pixels(of source: String, toShow shown: (width: Int, height: Int), exactly: Bool = false) -> Pixels? {
        if keepsPixels, let kept = locked({ $0.pixels[source] }) { return kept.toShow(shown, exactly: exactly) }
        let pixels: Pixels
        do {
            let bytes = try bytes(of: source)
            pixels = try keepsPixels ? ImageDecoder.decode(bytes) : ImageDecoder.decode(bytes, toShow: shown, exactly: exactly)
        } catch {
            let reason = (error as? ImageDecodingError)?.reason ?? (error as? Unreadable)?.reason ?? "cannot be read"
            locked { $0.failures[source] = reason }
            return nil
        }
        locked { state in
            state.noteDecoded(bytes: pixels.byteCount)
            guard keepsPixels else { return }
            state.pixels[source] = pixels
            state.statistics.bytesLive += pixels.byteCount
            state.statistics.bytesPeak = max(state.statistics.bytesPeak, state.statistics.bytesLive)
        }
        return keepsPixels ? pixels.toShow(shown, exactly: exactly) : pixels
    }

    /// Why a picture's bytes cannot be had.
    private struct Unreadable: Error {
        let reason: String
    }

    /// The whole file of picture `source` (at most `maximumFileBytes`).
    /// - Throws: `Unreadable`, saying why not.
    private func bytes(of source: String) throws -> [UInt8] {
        if let bytes = Self.dataURLBytes(source) { return bytes }
        if source.lowercased().hasPrefix("data:") { throw Unreadable(reason: "a malformed data: URL") }
        guard let path = path(of: source) else { throw Unreadable(reason: "not a file on this machine (pictures are never fetched)") }
        switch FileSystem.kind(of: path) {
        case .missing: throw Unreadable(reason: "no such file")
        case .unreachable(let reason): throw Unreadable(reason: reason)
        case .file(readable: false, _): throw Unreadable(reason: "permission denied")
        case .file(_, let size) where size > Self.maximumFileBytes: throw Unreadable(reason: "over 64 MiB")
        default: break
        }
        guard let file = ReadableFile(path: path) else { throw Unreadable(reason: "not a file that can be read") }
        return Self.read(file, bytes: file.byteCount)
    }

    /// Picture `key` in pixels at the size of its box.
    private func scaledPixels(of key: DrawnKey, shownAt place: Range<Int>) -> Pixels? {
        if let kept = locked({ $0.scaled.value(for: key, shownAt: place) }) { return kept }
        let shown = (width: key.columns * cell.width, height: key.rows * cell.height)
        guard let pixels = pixels(of: key.source, toShow: shown, exactly: true) else { return nil }
        locked { $0.keepScaled(pixels, for: key, shownAt: place, budget: pixelBudget) }
        return pixels
    }

    func failure(of source: String) -> String? {
        locked { $0.failures[source] }
    }

    func naturalSize(of source: String) -> (width: Int, height: Int)? {
        header(of: source).map { ($0.width, $0.height) }
    }

    /// The header of picture `source`, read once.
    func header(of source: String) -> ImageHeader? {
        let known = locked { $0.headers[source] }
        if let known { return known }
        let header = readHeader(of: source)
        locked { $0.headers[source] = header }
        return header
    }

    private func readHeader(of source: String) -> ImageHeader? {
        if let bytes = Self.dataURLBytes(source) { return ImageHeader.read(bytes) }
        guard let path = path(of: source), let file = ReadableFile(path: path) else { return nil }
        if let header = ImageHeader.read(Self.read(file, bytes: Self.firstRead)) { return header }
        guard file.byteCount > Self.firstRead else { return nil }
        return ImageHeader.read(Self.read(file, bytes: ImageHeader.bytesRead))
    }

    /// The file picture `source` is on this machine, `nil` for one elsewhere.
    func path(of source: String) -> String? {
        guard let address else { return source.first == "/" ? source : nil }
        if case .file(let path, _, _) = address.destination(of: source) { return path }
        return nil
    }

    private static func read(_ file: ReadableFile, bytes count: Int) -> [UInt8] {
        let count = min(count, file.byteCount)
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = file.read(0..<count, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// The bytes of a `data:` URL: base64 (`data:image/png;base64,...`), or else its
    /// text with `%` escapes decoded (`data:image/svg+xml,%3Csvg...`; a `%` without two
    /// hexadecimal digits kept, as browsers keep it); `nil` for any other source or
    /// malformed base64.
    static func dataURLBytes(_ source: String) -> [UInt8]? {
        let utf8 = Array(source.utf8)
        guard utf8.count > 5, utf8.prefix(5).map({ $0 | 0x20 }) == Array("data:".utf8),
            let comma = utf8.firstIndex(of: UInt8(ascii: ","))
        else { return nil }
        let parameters = String(decoding: utf8[5..<comma], as: UTF8.self).lowercased()
        guard parameters.hasSuffix(";base64") else { return LinkDestination.percentDecoded(utf8[(comma + 1)...]) }
        return Base64.decode(utf8[(comma + 1)...])
    }
}

/// Base64 (RFC 4648), as `data:` URLs hold pictures: white space skipped, padding
/// optional, any other byte outside the alphabet an error.
enum Base64 {
    private static let values: [Int8] = {
        var values = [Int8](repeating: -1, count: 256)
        for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            values[Int(byte)] = Int8(value)
        }
        // (The URL-safe alphabet's two, which some pages use.)
        values[Int(UInt8(ascii: "-"))] = 62
        values[Int(UInt8(ascii: "_"))] = 63
        return values
    }()

    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var ended = false
        for byte in text {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: continue
            case UInt8(ascii: "="): ended = true
            default:
                let value = values[Int(byte)]
                guard value >= 0, !ended else { return nil }
                accumulator = accumulator << 6 | UInt32(value)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                }
            }
        }
        return bytes
    }
}
