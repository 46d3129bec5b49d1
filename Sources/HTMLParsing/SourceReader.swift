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
    /// Bytes handed to libxml2 so far, and whether they are all there are.
    private(set) var streamOffset = 0
    private(set) var isAtEnd = false
    /// Where the stream and the page last stepped apart: from this stream offset (past
    /// it, for a part left out: the position right at it is the end of what came
    /// before), page offset = `page + (stream offset - stream)`: after each repair,
    /// part left out and run of text lifted. Only the recent ones are kept (positions
    /// asked for are never far behind the reading).
    /// (Not checked for exclusive access, as `liftedClasses`: asked at every element.)
    @exclusivity(unchecked) private var offsetMarks: [(stream: Int, page: Int, isElision: Bool)]
    /// The mark `pageOffset(ofStreamOffset:)` last found.
    @exclusivity(unchecked) private var lastMarkFound = 0
    private var window: [UInt8]
    /// The parts of a window's page range libxml2 is not to read (see `init`).
    private let elisions: ((Range<Int>) -> [Range<Int>])?
    /// Blanks out attributes the model never keeps, and those past the limit of a
    /// tag, before libxml2 reads them.
    private var attributeFilter: AttributeFilter
    /// Runs of text libxml2 is given one byte for, where a window read whole lets them
    /// be taken out (`LiftedText`), unless it reads the page as it is.
    private var liftedText: LiftedText?
    /// The runs of the window being read that can be lifted.
    private var liftable: [Range<Int>]? = []
    /// The classes taken out of start tags (`AttributeFilter.liftedClasses`) that
    /// libxml2 has not yet given, in order: where their tags end in the page, their
    /// tags' names, and their values in `liftedClassBytes`.
    /// (Not checked for exclusive access: read at every element, by the parse that
    /// drives the reader, on one thread.)
    @exclusivity(unchecked) private var liftedClasses: [(pageEnd: Int, tagName: UInt64, tagNameLength: Int, value: Range<Int>)] = []
    @exclusivity(unchecked) private var liftedClassBytes: [UInt8] = []
    /// The first of `liftedClasses` not passed yet.
    @exclusivity(unchecked) private var nextLiftedClass = 0

    /// Bytes read from the page at a time.
    static let windowBytes = 1 << 16

    /// A reader of `prefix`, then of `source`'s bytes in `range` (of a page still
    /// arriving, as far as it comes, waiting for it).
    /// - Parameter elisions: for a window's page range, the sorted parts of it to leave
    ///   out (huge comments, script text, attribute values the model drops: see
    ///   `StructureScanner`), each starting and ending at an ASCII byte.
    /// - Parameter readsAsIs: whether libxml2 reads the attributes the model drops and
    ///   every run of text too (to check that leaving them out changes nothing).
    init(
        source: any PageSource, range: Range<Int>, prefix: [UInt8] = [], elisions: ((Range<Int>) -> [Range<Int>])? = nil,
        readsAsIs: Bool = false
    ) {
        self.source = source
        attributeFilter = AttributeFilter(dropsUnused: !readsAsIs, alsoKeeping: source.styles?.attributeNames ?? [], liftsClasses: source.styles != nil)
        liftedText = readsAsIs ? nil : LiftedText()
        self.elisions = elisions
        self.range = source.isComplete ? range.clamped(to: 0..<source.byteCount) : range
        ready = prefix
        readyEnd = prefix.count
        nextByte = self.range.lowerBound
        offsetMarks = [(prefix.count, self.range.lowerBound, false)]
        window = [UInt8](repeating: 0, count: Self.windowBytes)
    }

    /// The styles of the page read.
    var styles: PageStyles? { source.styles }

    /// The page offset of a position in the stream past the prefix.
    func pageOffset(ofStreamOffset offset: Int) -> Int {
        // The last mark at the position or before it (a part left out: before it).
        // Positions are mostly asked in order: the last one found is tried first.
        var index = lastMarkFound < offsetMarks.count && offsetMarks[lastMarkFound].stream <= offset ? lastMarkFound : 0
        if index + 8 < offsetMarks.count, offsetMarks[index + 8].stream <= offset {
            index = offsetMarks.partitionPoint { $0.stream > offset } - 1
        } else {
            while index + 1 < offsetMarks.count, offsetMarks[index + 1].stream <= offset { index += 1 }
        }
        lastMarkFound = index
        while index > 0, offsetMarks[index].isElision, offsetMarks[index].stream == offset { index -= 1 }
        let found = offsetMarks[index]
        return found.page + (offset - found.stream)
    }

    /// Calls `body` with the run of text taken out of the stream (`LiftedText`) whose
    /// placeholder ends at stream offset `end`, if one does; gives whether one did.
    func withLiftedText(endingAt end: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard liftedText?.isEmpty == false else { return false }
        return liftedText!.withRun(endingAt: end, body)
    }

    /// Calls `body` with the class taken out of the start tag of `name` (lower case)
    /// that ends at page offset `pageEnd`, if one was, and gives what it gives. Asked in
    /// the order of the page: classes of tags before it are passed for good.
    func withLiftedClass<Result>(endingAt pageEnd: Int, name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        while nextLiftedClass < liftedClasses.count, liftedClasses[nextLiftedClass].pageEnd < pageEnd { nextLiftedClass += 1 }
        guard nextLiftedClass < liftedClasses.count else { return nil }
        let lifted = liftedClasses[nextLiftedClass]
        guard lifted.pageEnd == pageEnd, lifted.tagNameLength == name.utf8.count, lifted.tagName == AttributeFilter.LiftedClass.packed(name) else { return nil }
        nextLiftedClass += 1
        return liftedClassBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[lifted.value])) }
    }

    /// Classes taken out of start tags that wait to be asked for, at most (past them,
    /// as many as a window holds).
    static let mostLiftedClasses = 1 << 16

    /// Whether classes taken out of start tags wait to be asked for.
    var hasLiftedClasses: Bool { nextLiftedClass < liftedClasses.count }

    /// Copies up to `count` bytes of the stream to `target`; 0 at its end.
    func read(into target: UnsafeMutableRawPointer, count: Int) -> Int {
        while readyStart == readyEnd {
            guard refill() else {
                isAtEnd = true
                return 0
            }
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
                filter(liftingFromPage: windowStart)
                return true
            }
            // Parts left out end the bytes before them; the reading goes on past them.
            for elided in elided {
                let kept = max(windowStart, pageStart + bytes.count)..<max(windowStart, elided.lowerBound)
                bytes += window[(kept.lowerBound - windowStart)..<(kept.upperBound - windowStart)]
                append(bytes, pageStart: pageStart)
                bytes = []
                pageStart = min(elided.upperBound, windowStart + count)
                mark(stream: streamOffset + ready.count, page: pageStart, isElision: true)
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
        filter(liftingFromPage: nil)
        return true
    }

    /// Passes the bytes ready through the attribute filter; for a window read as it is
    /// (its page offset given: no part left out, nothing repaired), takes the runs of
    /// text it can out of them (`LiftedText`).
    private func filter(liftingFromPage pageStart: Int?) {
        guard let pageStart, liftedText != nil else {
            ready.withUnsafeMutableBufferPointer { attributeFilter.filter(UnsafeMutableBufferPointer(rebasing: $0[readyStart..<readyEnd])) }
            return
        }
        liftable!.removeAll(keepingCapacity: true)
        // (Classes of elements never styled, inside a title or an element dropped,
        // are not asked for until a later one is: past `mostLiftedClasses` waiting,
        // libxml2 reads the classes.)
        attributeFilter.liftsClassesForNow = liftedClasses.count - nextLiftedClass < Self.mostLiftedClasses
        ready.withUnsafeMutableBufferPointer {
            attributeFilter.filter(UnsafeMutableBufferPointer(rebasing: $0[readyStart..<readyEnd]), liftable: &liftable)
        }
        keepLiftedClasses(pageStart: pageStart)
        guard !liftable!.isEmpty else { return }
        let (start, streamStart) = (readyStart, streamOffset)
        readyEnd = start + ready.withUnsafeMutableBufferPointer { window in
            liftedText!.lift(
                liftable!, from: window.baseAddress! + start, count: readyEnd - start, streamStart: streamStart, pageStart: pageStart
            ) { mark(stream: $0, page: $1) }
        }
    }

    /// Keeps the classes the filter took out of the window just read, which starts at
    /// page offset `pageStart`.
    private func keepLiftedClasses(pageStart: Int) {
        // (Those passed are dropped once they are most.)
        if nextLiftedClass > 0, nextLiftedClass * 2 >= liftedClasses.count {
            let firstByte = nextLiftedClass < liftedClasses.count ? liftedClasses[nextLiftedClass].value.lowerBound : liftedClassBytes.count
            liftedClasses.removeFirst(nextLiftedClass)
            liftedClassBytes.removeFirst(firstByte)
            for index in liftedClasses.indices {
                liftedClasses[index].value = (liftedClasses[index].value.lowerBound - firstByte)..<(liftedClasses[index].value.upperBound - firstByte)
            }
            nextLiftedClass = 0
        }
        guard !attributeFilter.liftedClasses.isEmpty else { return }
        let firstByte = liftedClassBytes.count
        liftedClassBytes += attributeFilter.liftedClassBytes
        for lifted in attributeFilter.liftedClasses {
            let value = (firstByte + lifted.value.lowerBound)..<(firstByte + lifted.value.upperBound)
            liftedClasses.append((pageStart + lifted.end, lifted.tagName, lifted.tagNameLength, value))
        }
    }

    /// Notes that from stream offset `stream` (past it, for a part left out), the page
    /// offset is `page` plus the distance from it.
    private func mark(stream: Int, page: Int, isElision: Bool = false) {
        // Only the recent marks can still be asked for (positions in what libxml2 holds).
        if offsetMarks.count >= 1 << 16 {
            offsetMarks.removeFirst(1 << 15)
            lastMarkFound = 0
        }
        offsetMarks.append((stream, page, isElision))
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
                mark(stream: streamStart + output.count, page: pageOffset)
            case .emptyInput:
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
