/// What libxml2's read callback is fed: an optional prefix of markup, then a byte range
/// of a page read a window at a time and made valid UTF-8 on the way.
///
/// Invalid sequences become U+FFFD, as `String(decoding:as:)` makes them (one for each
/// maximal invalid subpart), so a window repaired on its own reads as the whole page
/// repaired at once; a sequence cut by a window's end waits for the next window. Where
/// a repair changes the length, the reader notes it, so that a position in what libxml2
/// read maps back to a byte of the page (`pageOffset(ofStreamOffset:)`).
final class SourceReader {
    private let source: any PageSource
    private let range: Range<Int>
    /// Bytes ready for libxml2 (`ready[..<readyEnd]`), and how many of them it has
    /// taken.
    private var ready: [UInt8]
    private var readyStart = 0
    private var readyEnd: Int
    /// The next page byte to read.
    private var nextByte: Int
    /// Bytes of a sequence cut by the last window's end.
    private var carried: [UInt8] = []
    /// Bytes handed to libxml2 so far.
    private(set) var streamOffset = 0
    /// Where the stream and the page last stepped apart: from this stream offset (past
    /// it, for a part left out: the position right at it is the end of what came
    /// before), page offset = `page + (stream offset - stream)`. Repairs are rare;
    /// only the recent ones are kept (positions asked for are never far behind the
    /// reading).
    private var offsetMarks: [(stream: Int, page: Int, isElision: Bool)]
    private var window: [UInt8]
    /// The parts of a window's page range libxml2 is not to read (see `init`).
    private let elisions: ((Range<Int>) -> [Range<Int>])?
    /// Blanks out attributes the model never keeps, and those past the limit of a
    /// tag, before libxml2 reads them.
    private var attributeFilter: AttributeFilter

    /// Bytes read from the page at a time.
    static let windowBytes = 1 << 16

    /// A reader of `prefix`, then of `source`'s bytes in `range` (of a page still
    /// arriving, as far as it comes, waiting for it).
    /// - Parameter elisions: for a window's page range, the sorted parts of it to leave
    ///   out (huge comments, script text, attribute values the model drops: see
    ///   `StructureScanner`), each starting and ending at an ASCII byte.
    /// - Parameter keepsAllAttributes: whether libxml2 reads the attributes the model
    ///   drops too (to check that leaving them out changes nothing).
    init(
        source: any PageSource, range: Range<Int>, prefix: [UInt8] = [], elisions: ((Range<Int>) -> [Range<Int>])? = nil,
        keepsAllAttributes: Bool = false
    ) {
        self.source = source
        attributeFilter = AttributeFilter(dropsUnused: !keepsAllAttributes)
        self.elisions = elisions
        self.range = source.isComplete ? range.clamped(to: 0..<source.byteCount) : range
        ready = prefix
        readyEnd = prefix.count
        nextByte = self.range.lowerBound
        offsetMarks = [(prefix.count, self.range.lowerBound, false)]
        window = [UInt8](repeating: 0, count: Self.windowBytes)
    }

    /// The page offset of a position in the stream past the prefix.
    func pageOffset(ofStreamOffset offset: Int) -> Int {
        let mark = offsetMarks.last { $0.isElision ? $0.stream < offset : $0.stream <= offset } ?? offsetMarks[0]
        return mark.page + (offset - mark.stream)
    }

    /// Copies up to `count` bytes of the stream to `target`; 0 at its end.
    func read(into target: UnsafeMutableRawPointer, count: Int) -> Int {
        while readyStart == readyEnd {
            guard refill() else { return 0 }
        }
        let taken = min(count, readyEnd - readyStart)
        ready.withUnsafeBytes { bytes in
            target.copyMemory(from: bytes.baseAddress! + readyStart, byteCount: taken)
        }
        readyStart += taken
        streamOffset += taken
        return taken
    }

    /// Reads the next window into `ready`. Returns false at the end of the range.
    private func refill() -> Bool {
        var end = min(range.upperBound, source.byteCount)
        if nextByte >= end, nextByte < range.upperBound, !source.isComplete {
            end = min(range.upperBound, source.waitForBytes(beyond: nextByte))
        }
        // Whether bytes may follow this window.
        var moreFollow: Bool { nextByte < range.upperBound && (nextByte < end || !source.isComplete) }
        guard nextByte < end || !carried.isEmpty else { return false }
        var pageStart = nextByte - carried.count
        var bytes = carried
        carried = []
        ready = []
        readyStart = 0
        if nextByte < end {
            let asked = min(Self.windowBytes, end - nextByte)
            let windowStart = nextByte
            let count = window.withUnsafeMutableBytes { source.read(nextByte..<(nextByte + asked), into: $0) }
            // A file that shrank under the reader ends here.
            nextByte = count < asked ? range.upperBound : nextByte + count
            let elided = elisions?(windowStart..<(windowStart + count)) ?? []
            if bytes.isEmpty, elided.isEmpty, takeWindow(count: count, moreFollow: moreFollow) {
                filterAttributes()
                return true
            }
            // Parts left out end the bytes before them; the reading goes on past them.
            for elided in elided {
                let kept = max(windowStart, pageStart + bytes.count)..<max(windowStart, elided.lowerBound)
                bytes += window[(kept.lowerBound - windowStart)..<(kept.upperBound - windowStart)]
                append(bytes, pageStart: pageStart)
                bytes = []
                pageStart = min(elided.upperBound, windowStart + count)
                offsetMarks.append((streamOffset + ready.count, pageStart, true))
            }
            bytes += window[(max(windowStart, pageStart + bytes.count) - windowStart)..<count]
            if moreFollow {
                let cut = Self.incompleteTail(of: bytes)
                carried = Array(bytes[cut...])
                bytes.removeSubrange(cut...)
            }
        }
        append(bytes, pageStart: pageStart)
        readyEnd = ready.count
        filterAttributes()
        return true
    }

    /// Passes the bytes ready through the attribute filter.
    private func filterAttributes() {
        ready.withUnsafeMutableBufferPointer { attributeFilter.filter(UnsafeMutableBufferPointer(rebasing: $0[readyStart..<readyEnd])) }
    }

    /// Makes the window just read, `count` bytes, the bytes ready, when they are valid
    /// UTF-8 (but for a sequence cut by its end, carried to the next): the window and
    /// the ready buffer trade places, and nothing is copied. Most windows are.
    private func takeWindow(count: Int, moreFollow: Bool) -> Bool {
        let cut = moreFollow ? Self.incompleteTail(of: window[..<count]) : count
        guard window.withUnsafeBufferPointer({ PageEncoding.isValidUTF8(UnsafeBufferPointer(rebasing: $0[..<cut])) }) else { return false }
        carried = Array(window[cut..<count])
        swap(&ready, &window)
        if window.count < Self.windowBytes { window = [UInt8](repeating: 0, count: Self.windowBytes) }
        readyStart = 0
        readyEnd = cut
        return true
    }

    /// Adds page bytes from `pageStart` to `ready`, made valid UTF-8.
    private func append(_ bytes: [UInt8], pageStart: Int) {
        if PageEncoding.isValidUTF8(bytes) {
            ready += bytes
        } else {
            ready += repair(bytes, streamStart: streamOffset + ready.count, pageStart: pageStart)
        }
    }

    /// `bytes` with each maximal invalid subpart replaced by U+FFFD, noting where the
    /// stream and the page step apart.
    private func repair(_ bytes: [UInt8], streamStart: Int, pageStart: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var pageOffset = pageStart
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                output += scalar
                pageOffset += scalar.count
            case .error(let length):
                output += [0xEF, 0xBF, 0xBD]
                pageOffset += length
                offsetMarks.append((streamStart + output.count, pageOffset, false))
            case .emptyInput:
                // Only the recent marks can still be asked for.
                if offsetMarks.count > 4_096 { offsetMarks.removeFirst(offsetMarks.count - 1_024) }
                return output
            }
        }
    }

    /// Where a multi-byte sequence cut by the end of `bytes` starts (`bytes.count`
    /// when none is).
    static func incompleteTail<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> Int where Bytes.Index == Int {
        var index = bytes.endIndex
        // At most three bytes of a sequence can be missing its end.
        while index > max(bytes.startIndex, bytes.endIndex - 3) {
            index -= 1
            let byte = bytes[index]
            if byte & 0xC0 == 0x80 { continue }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return bytes.endIndex - index < length ? index : bytes.endIndex
        }
        return bytes.endIndex
    }
}
