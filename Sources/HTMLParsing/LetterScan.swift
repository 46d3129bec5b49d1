@preconcurrency import Glibc
internal import CLibXML2

/// Where in a page's bytes its shown text may hold a query, found from the bytes
/// alone, so that a search parses and lays out only the parts of a page that may match.
///
/// The test is the query's longest run of ASCII letters (the *needle*, folded to lower
/// case): wherever a row shows the query, it shows the needle as consecutive letters,
/// and those letters come from the page's bytes in order, with nothing but markup,
/// references and non-letters between them. So the scan reads the text between tags
/// as a stream of letters alone (tags, comments, `script` and `style`, named
/// references and every other byte left out; numeric references to letters and the
/// Kelvin sign read as the letter), and each tag's letters (where an `alt` or a
/// `value` shows) as a stream of their own, with the words layout writes for images
/// and form controls. A match in either marks its bytes.
///
/// Markup whose content layout does not show (`hidden`, an inline style that hides,
/// `template`, `svg`) may sit inside a word that is shown, and a list numbered with
/// letters writes letters of its own: such an element's bytes are marked whole, to be
/// searched as rows are.
///
/// The scan goes forward through the page a window at a time, as far as a question
/// needs, and keeps what it found (`mayShow`). It may read a part of the page only
/// (`bytes`), from a place where no markup is under way and nothing open hides its
/// content or writes letters (the start of a block, outside any such element): a
/// search from the middle of a long page asks about the bytes from there first. One
/// scan serves one query; it is used on one thread.
package final class LetterScan {
    /// The letters a match must show, lower case (at most `maximumNeedle`).
    package var needle: [UInt8] { scanner.needle }
    private let source: any PageSource
    /// What the scan found, and where it is in the markup.
    private var scanner: LetterScanner

    /// Needles are cut to this many letters (a part of a needle is one too).
    static let maximumNeedle = 64
    static let windowBytes = 1 << 20
    /// A tag, comment or reference longer than this is not read: the page from there
    /// on is searched row by row.
    static let maximumToken = 16 << 20

    /// The part of the page read: from its start, up to its end or the page's.
    package let bytes: Range<Int>
    /// Where the scan has read to.
    private(set) var position: Int
    private var buffer: UnsafeMutableRawBufferPointer

    /// Whether the part ended just after an end tag, outside comments, raw text and
    /// content marked whole (`nil` until the scan gets to its end): a scan of the
    /// bytes after it, started there, reads them as this one would have.
    package private(set) var endsAfterEndTag: Bool?

    /// Bytes where a match was found (near ones merged), and content marked whole.
    var matches: [Range<Int>] { scanner.matches }
    var regions: [Range<Int>] { scanner.regions }

    /// A scan of `source` for `needle`'s letters (lower case, not empty), of its bytes
    /// `bytes` (the whole page by default; a part starts where a block starts,
    /// outside any element that hides its content or writes letters).
    package init(needle: some Collection<UInt8>, source: any PageSource, bytes: Range<Int> = 0..<Int.max) {
        scanner = LetterScanner(needle: Array(needle.prefix(Self.maximumNeedle)))
        self.source = source
        self.bytes = bytes
        position = bytes.lowerBound
        // (Allocated as the scan reads, let go at its end: a page's many scans that
        // are not under way hold none.)
        buffer = .allocate(byteCount: 0, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }

    /// The needle of `query`: its longest run of characters that are ASCII letters,
    /// lower case; `nil` when it has none.
    package static func needle(of query: String) -> [UInt8]? {
        var best: [UInt8] = []
        var run: [UInt8] = []
        for character in query {
            if character.isASCII, let byte = character.asciiValue, StructureScanner.isLetter(byte) {
                run.append(byte | 0x20)
                if run.count > best.count { best = run }
            } else {
                run = []
            }
        }
        return best.isEmpty ? nil : best
    }

    /// Whether `text` (text layout writes, not page bytes) shows the needle: in one of
    /// its runs of letters, any case.
    package func isShown(in text: some Sequence<UInt8>) -> Bool {
        var run: [UInt8] = []
        for byte in text {
            if StructureScanner.isLetter(byte) {
                run.append(byte | 0x20)
                if run.count >= needle.count, run.suffix(needle.count).elementsEqual(needle) { return true }
            } else {
                run.removeAll(keepingCapacity: true)
            }
        }
        return false
    }

    /// Whether the shown text of bytes `range` of the page (of the part read) may hold
    /// the needle: a match of it overlaps them, or content marked whole does, or the
    /// scan cannot say (the page has not arrived that far). Scans as far as the answer
    /// needs.
    package func mayShow(_ range: Range<Int>) -> Bool {
        let range = range.clamped(to: bytes)
        guard !range.isEmpty else { return false }
        while true {
            if scanner.marks(range) { return true }
            let settled = scanner.settled(position)
            if settled >= range.upperBound { return false }
            if scanner.holdsHiddenLetters(before: range.upperBound), position >= range.upperBound { return true }
            guard scanWindow() else { return scanner.marks(range) || scanner.settled(position) < range.upperBound }
        }
    }

    /// Whether the letters of a tag in bytes `range` hold the needle (what the address
    /// of a link there may show in the References), scanning as far as the answer
    /// needs.
    package func mayShowInTag(_ range: Range<Int>) -> Bool {
        let range = range.clamped(to: bytes)
        guard !range.isEmpty else { return false }
        while true {
            if scanner.marksTag(in: range) { return true }
            if scanner.settled(position) >= range.upperBound { return false }
            guard scanWindow() else { return scanner.marksTag(in: range) || scanner.settled(position) < range.upperBound }
        }
    }

    /// The first byte at or after `offset` and before `limit` (in the part read) whose
    /// shown text may hold the needle (`mayShow`), scanning as far as it takes; `nil`
    /// when none may (up to what has arrived of the page).
    package func firstMark(from offset: Int, before limit: Int) -> Int? {
        let offset = max(offset, bytes.lowerBound)
        while true {
            let found = scanner.firstMark(from: offset).map { max($0, offset) }
            // (Nothing found later starts before the bytes scanned for good.)
            let settled = scanner.settled(position)
            if let found, found < settled { return found < limit ? found : nil }
            if settled >= limit { return nil }
            guard scanWindow() else { return found.flatMap { $0 < limit ? $0 : nil } }
        }
    }

    /// The last byte before `limit` and at or after `offset` (in the part read) whose
    /// shown text may hold the needle (`mayShow`), scanning as far as it takes; `nil`
    /// when none may (up to what has arrived of the page).
    package func lastMark(from offset: Int, before limit: Int) -> Int? {
        let limit = min(limit, bytes.upperBound)
        guard offset < limit else { return nil }
        while scanner.settled(position) < limit, scanWindow() {}
        return scanner.lastMark(from: max(offset, bytes.lowerBound), before: limit)
    }

    /// Scans the part to its end (or to what has arrived of it).
    package func scanToEnd() {
        while scanWindow() {}
    }

    /// At the part's end (`end`): what is open runs to it.
    private func finish(at end: Int) {
        if endsAfterEndTag == nil { endsAfterEndTag = scanner.endsAfterEndTag(at: end) }
        scanner.finish()
    }

    /// Scans the next window. Returns `false` when nothing more can be scanned (the
    /// page's end, or what has arrived of it).
    private func scanWindow() -> Bool {
        // (The part's end counts as the page's: what is open there runs to it.)
        let available = min(source.byteCount, bytes.upperBound)
        let isComplete = source.isComplete || source.byteCount >= bytes.upperBound
        guard position < available else {
            if isComplete { finish(at: available) }
            return false
        }
        var size = Self.windowBytes
        while true {
            if size > buffer.count {
                buffer.deallocate()
                buffer = .allocate(byteCount: size, alignment: 16)
            }
            let count = source.read(position..<min(available, position + size), into: buffer)
            let isLast = position + count >= available && isComplete
            guard count > 0 else { return false }
            let pointer = UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
            let reached = scanner.scan(pointer, count: count, base: position, isLast: isLast)
            if reached > 0 || isLast {
                position += max(reached, isLast ? count : 0)
                if isLast {
                    finish(at: available)
                    buffer.deallocate()
                    buffer = .allocate(byteCount: 0, alignment: 16)
                }
                return true
            }
            // A token longer than the window: read it in a larger one, up to a limit.
            guard size < Self.maximumToken else {
                scanner.markToEnd(from: position)
                position = available
                return false
            }
            size *= 4
        }
    }
}

/// The scan's state machine over a page's bytes (see `LetterScan`), a value so that
/// its loop over every byte runs on local state.
private struct LetterScanner {
    let needle: [UInt8]
    /// The needle's first letter (most letters are not: they are passed over first).
    private let first: UInt8
    /// The needle's failure function (Knuth, Morris, Pratt): how much of a match under
    /// way is left when the next letter does not go on with it.
    private let failure: [Int]
    /// The needle's letters, a bit each (`a` the lowest): a tag lacking one cannot
    /// hold the needle.
    private let letterSet: UInt32
    /// The needle's letter least often found in pages (a tag without it cannot hold
    /// the needle: most are passed over on that alone).
    private let rareLetter: UInt8
    /// Matches closer than this are kept as one range.
    static let mergeGap = 4_096

    private(set) var matches: [Range<Int>] = []
    private(set) var regions: [Range<Int>] = []
    /// The tags among the matches (where a link's address may show the needle).
    private(set) var tagMatches: [Range<Int>] = []
    /// The text stream's match: letters matched so far, and the offsets of the letters
    /// of the match under way (a ring).
    private var matched = 0
    private var letterOffsets: [Int]
    private var letterCount = 0
    /// Letters of the text stream so far.
    private var textLetters = 0
    private var inComment = false
    private var commentStart = 0
    private var rawTextName: [UInt8]?
    /// An element whose content is marked whole: its name, how many of its kind are
    /// open inside it, where it started, and the text's letters before it (hidden
    /// content without letters splits no word: it is not marked), or `nil` when it is
    /// marked whatever it holds.
    private var openRegion: (name: [UInt8], depth: Int, start: Int, lettersBefore: Int?)?
    /// Page offset of the window being scanned.
    private var base = 0
    /// Where the last end tag read ended.
    private var lastEndTagEnd = -1

    init(needle: [UInt8]) {
        self.needle = needle
        first = needle[0]
        var failure = [Int](repeating: 0, count: needle.count)
        var length = 0
        for index in needle.indices.dropFirst() {
            while length > 0, needle[index] != needle[length] { length = failure[length - 1] }
            if needle[index] == needle[length] { length += 1 }
            failure[index] = length
        }
        self.failure = failure
        letterSet = needle.reduce(0) { $0 | Self.letterBit($1) }
        // (A byte that is not a lower-case letter counts as the rarest.)
        rareLetter = needle.min { (Self.lettersByUse.firstIndex(of: $0) ?? -1) < (Self.lettersByUse.firstIndex(of: $1) ?? -1) }!
        letterOffsets = [Int](repeating: 0, count: needle.count)
        assert(Names.areRight)
    }

    /// Whether a tag's match overlaps `range`.
    func marksTag(in range: Range<Int>) -> Bool {
        Self.overlaps(tagMatches, range)
    }

    /// Whether a match or content marked whole overlaps `range`.
    func marks(_ range: Range<Int>) -> Bool {
        Self.overlaps(matches, range) || Self.overlaps(regions, range)
    }

    /// Where the first match or content marked whole that ends past `offset` starts.
    func firstMark(from offset: Int) -> Int? {
        func first(_ ranges: [Range<Int>]) -> Int? {
            let index = ranges.partitionPoint { $0.upperBound > offset }
            return index < ranges.count ? ranges[index].lowerBound : nil
        }
        return [first(matches), first(regions)].compactMap { $0 }.min()
    }

    /// The last byte before `limit` and at or after `offset` that a match or content
    /// marked whole covers.
    func lastMark(from offset: Int, before limit: Int) -> Int? {
        func last(_ ranges: [Range<Int>]) -> Int? {
            let index = ranges.partitionPoint { $0.lowerBound >= limit }
            guard index > 0, ranges[index - 1].upperBound > offset else { return nil }
            return min(ranges[index - 1].upperBound, limit) - 1
        }
        return [last(matches), last(regions)].compactMap { $0 }.max()
    }

    /// Bytes before this are scanned for good, the scan being at `position`: no match
    /// or marked element under way began before it.
    func settled(_ position: Int) -> Int {
        var offset = position
        if matched > 0 { offset = min(offset, letterOffsets[(letterCount - matched) % needle.count]) }
        if let open = openRegion { offset = min(offset, open.start) }
        if inComment { offset = min(offset, commentStart) }
        return offset
    }

    /// Whether an element marked whole that began before `offset` is open and is to
    /// be marked (it hid letters, or writes its own).
    func holdsHiddenLetters(before offset: Int) -> Bool {
        guard let open = openRegion, open.start < offset else { return false }
        return open.lettersBefore.map { $0 != textLetters } ?? true
    }

    /// Whether the bytes read end at `offset` just after an end tag, outside comments,
    /// raw text and content marked whole: a scan from there reads what this one would
    /// read on.
    func endsAfterEndTag(at offset: Int) -> Bool {
        lastEndTagEnd == offset && openRegion == nil && !inComment && rawTextName == nil
    }

    /// At the page's end: what is open runs to it.
    mutating func finish() {
        if holdsHiddenLetters(before: .max), let open = openRegion { regions.append(open.start..<Int.max) }
        openRegion = nil
        matched = 0
        inComment = false
    }

    /// Marks the page from `offset` on (a token too long to read).
    mutating func markToEnd(from offset: Int) {
        regions.append(offset..<Int.max)
    }

    private static func overlaps(_ ranges: [Range<Int>], _ range: Range<Int>) -> Bool {
        let first = ranges.partitionPoint { $0.upperBound > range.lowerBound }
        return first < ranges.count && ranges[first].lowerBound < range.upperBound
    }

    /// Scans `pointer[0..<count]`, page bytes from offset `base`; returns the index it
    /// got to (0: a token from the start does not end in the window).
    mutating func scan(_ pointer: UnsafePointer<UInt8>, count: Int, base: Int, isLast: Bool) -> Int {
        self.base = base
        var index = 0
        while index < count {
            if inComment {
                guard let end = StructureScanner.commentEnd(pointer, from: index, count: count) else {
                    return isLast ? count : max(index, count - 3)
                }
                inComment = false
                index = end
                continue
            }
            if let name = rawTextName {
                guard let end = StructureScanner.rawTextEnd(name, pointer, from: index, count: count) else {
                    return isLast ? count : max(index, count - name.count - 2)
                }
                rawTextName = nil
                index = end
                continue
            }
            // Text up to the next `<`.
            while index < count {
                if matched == 0 {
                    index = passOverText(pointer, from: index, to: count)
                    guard index < count else { break }
                }
                let byte = pointer[index]
                let lower = byte | 0x20
                if byte == 0x3C { break }
                if lower >= 0x61, lower <= 0x7A {
                    text(lower, at: base + index)
                    index += 1
                } else if byte == 0x26 {
                    guard let (end, letter) = Self.reference(pointer, at: index, count: count, isLast: isLast) else { return index }
                    if let letter { text(letter, at: base + index) }
                    index = end
                } else if byte == 0xE2 {
                    guard index + 2 < count || isLast else { return index }
                    if index + 2 < count, pointer[index + 1] == 0x84, pointer[index + 2] == 0xAA { text(0x6B, at: base + index) }
                    index += 1
                } else {
                    index += 1
                }
            }
            guard index < count else { break }
            guard let end = markup(pointer, at: index, count: count, isLast: isLast) else { return index }
            index = end
        }
        return count
    }

    /// Passes over text `from..<to` sixteen bytes at a time up to the first byte that
    /// may start a match (the needle's first letter, an escape) or ends the text (`<`),
    /// while no match is under way: of the bytes passed over, only whether they held
    /// letters counts.
    /// - Returns: the index of the first byte left (a block's first byte that may
    ///   matter, or the last bytes, fewer than sixteen).
    private mutating func passOverText(_ pointer: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        let fold = SIMD16<UInt8>(repeating: 0x20)
        let firstLetter = SIMD16<UInt8>(repeating: first)
        let ampersand = SIMD16<UInt8>(repeating: 0x26)
        let kelvin = SIMD16<UInt8>(repeating: 0xE2)
        let opening = SIMD16<UInt8>(repeating: 0x3C)
        let a = SIMD16<UInt8>(repeating: 0x61)
        let letterCount = SIMD16<UInt8>(repeating: 26)
        var index = from
        while index + 16 <= end {
            let bytes = UnsafeRawPointer(pointer + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let lower = bytes | fold
            let stops = Self.lanes((lower .== firstLetter) .| (bytes .== ampersand) .| (bytes .== kelvin) .| (bytes .== opening))
            let letters = Self.lanes((lower &- a) .< letterCount)
            // Lanes before the first stop (all of them when there is none). (Two words
            // rather than one `UInt128`, which measured a fifth slower here.)
            let passed = stops.low != 0 ? stops.low.trailingZeroBitCount / 8 : stops.high != 0 ? 8 + stops.high.trailingZeroBitCount / 8 : 16
            let lettersPassed = passed >= 8
                ? letters.low != 0 || (passed > 8 && letters.high & (UInt64.max >> (64 - 8 * (passed - 8))) != 0)
                : passed > 0 && letters.low & (UInt64.max >> (64 - 8 * passed)) != 0
            if lettersPassed { textLetters &+= 1 }
            index += passed
            if passed < 16 { return index }
        }
        return index
    }

    /// A mask's sixteen lanes as two words (a lane is all ones where it holds).
    @inline(__always)
    private static func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> (low: UInt64, high: UInt64) {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return (words[0], words[1])
    }

    /// One letter of the text stream, at page offset `offset`.
    @inline(__always)
    private mutating func text(_ letter: UInt8, at offset: Int) {
        textLetters &+= 1
        if matched == 0, letter != first { return }
        while matched > 0, needle[matched] != letter { matched = failure[matched - 1] }
        if needle[matched] == letter { matched += 1 }
        guard matched > 0 else { return }
        letterOffsets[letterCount % needle.count] = offset
        letterCount += 1
        if matched == needle.count {
            note(match: letterOffsets[(letterCount - matched) % needle.count]..<(offset + 1))
            matched = failure[matched - 1]
        }
    }

    private mutating func note(match: Range<Int>) {
        if let last = matches.last, match.lowerBound <= last.upperBound + Self.mergeGap {
            // (A match of text letters round a tag's match began before it.)
            matches[matches.count - 1] = min(last.lowerBound, match.lowerBound)..<max(last.upperBound, match.upperBound)
        } else {
            matches.append(match)
        }
    }

    /// The markup at `open` (a `<`): a tag, comment, doctype or processing
    /// instruction passed over; a `<` that starts none of them is text. Returns the
    /// index after it, or `nil` when it does not end in the window.
    private mutating func markup(_ pointer: UnsafePointer<UInt8>, at open: Int, count: Int, isLast: Bool) -> Int? {
        guard open + 1 < count else { return isLast ? count : nil }
        let next = pointer[open + 1]
        if Self.startsName(next) {
            guard let end = StructureScanner.startTagEnd(pointer, from: open + 2, count: count) else { return isLast ? count : nil }
            startTag(pointer, open: open, end: end)
            return end
        }
        if next == 0x2F {
            guard open + 2 < count else { return isLast ? count : nil }
            // `</` before anything but a name is left out (libxml2 drops it).
            guard Self.startsName(pointer[open + 2]) else { return open + 2 }
            guard let end = StructureScanner.byteAfter(0x3E, pointer, from: open + 2, count: count) else { return isLast ? count : nil }
            endTag(pointer, open: open, end: end)
            return end
        }
        if next == 0x21 {
            guard open + 9 <= count || isLast else { return nil }
            if open + 3 < count, pointer[open + 2] == 0x2D, pointer[open + 3] == 0x2D {
                inComment = true
                commentStart = base + open
                return open + 4
            }
            if open + 9 <= count, StructureScanner.isDoctype(pointer + open + 2) {
                return StructureScanner.byteAfter(0x3E, pointer, from: open, count: count) ?? (isLast ? count : nil)
            }
            return open + 1
        }
        if next == 0x3F {
            return StructureScanner.byteAfter(0x3E, pointer, from: open, count: count) ?? (isLast ? count : nil)
        }
        return open + 1
    }

    /// A byte that starts an element's name after `<` or `</` (libxml2 reads a tag
    /// there; taking more for tags than it does only sets their letters apart).
    @inline(__always)
    private static func startsName(_ byte: UInt8) -> Bool {
        StructureScanner.isLetter(byte) || byte == 0x5F || byte == 0x3A || byte == 0x2E
    }

    private mutating func startTag(_ pointer: UnsafePointer<UInt8>, open: Int, end: Int) {
        var nameEnd = open + 1
        while nameEnd < end, StructureScanner.isNameByte(pointer[nameEnd]) { nameEnd += 1 }
        let name = UnsafeBufferPointer(start: pointer + open + 1, count: nameEnd - open - 1)
        let range = (base + open)..<(base + end)
        let mayHide = tagLetters(pointer, from: open + 1, to: end, at: range)
        let packed = Self.packed(name)
        if packed == Names.img {
            generatedLetters("image", at: range)
        } else if packed == Names.input {
            for word: StaticString in ["image", "submit", "reset"] { generatedLetters(word, at: range) }
        }
        let selfClosing = end >= 2 && pointer[end - 2] == 0x2F
        if packed == Names.script || packed == Names.style {
            if !selfClosing { rawTextName = name.map { $0 | 0x20 } }
            return
        }
        if var region = openRegion {
            if !selfClosing, Self.sameName(name, region.name) { region.depth += 1 }
            openRegion = region
            return
        }
        guard !selfClosing,
            mayHide || packed == Names.template || packed == Names.svg || packed == Names.orderedList,
            let hides = Self.hidesContent(packed, pointer, from: nameEnd, to: end), !Names.void.contains(packed)
        else { return }
        openRegion = (name.map { $0 | 0x20 }, 0, base + open, hides == .content ? textLetters : nil)
    }

    private mutating func endTag(_ pointer: UnsafePointer<UInt8>, open: Int, end: Int) {
        lastEndTagEnd = base + end
        var nameEnd = open + 2
        while nameEnd < end, StructureScanner.isNameByte(pointer[nameEnd]) { nameEnd += 1 }
        _ = tagLetters(pointer, from: open + 2, to: end, at: (base + open)..<(base + end))
        guard var region = openRegion, Self.sameName(UnsafeBufferPointer(start: pointer + open + 2, count: nameEnd - open - 2), region.name)
        else { return }
        if region.depth > 0 {
            region.depth -= 1
            openRegion = region
        } else {
            if region.lettersBefore.map({ $0 != textLetters }) ?? true { regions.append(region.start..<(base + end)) }
            openRegion = nil
        }
    }

    /// An element's name folded as `StructureScanner.equals` folds it, a byte each in
    /// a word (the first lowest), or 0 when longer than eight bytes: each name the
    /// scan asks about is then one compare (every tag is asked about several).
    @inline(__always)
    private static func packed(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard name.count <= 8 else { return 0 }
        var word: UInt64 = 0
        for index in 0..<name.count { word |= UInt64(name[index] | 0x20) << (8 * index) }
        return word
    }

    /// The names the scan asks about, packed (constants: read for every tag; the
    /// scanner checks them against `packed` once).
    private enum Names {
        static var img: UInt64 { 0x67_6D_69 }
        static var input: UInt64 { 0x74_75_70_6E_69 }
        static var script: UInt64 { 0x74_70_69_72_63_73 }
        static var style: UInt64 { 0x65_6C_79_74_73 }
        static var template: UInt64 { 0x65_74_61_6C_70_6D_65_74 }
        static var svg: UInt64 { 0x67_76_73 }
        static var orderedList: UInt64 { 0x6C_6F }
        /// Elements with no content and no end tag (libxml2's empty elements).
        static let void: Set<UInt64> = Set(
            ([
                "area", "base", "basefont", "br", "col", "embed", "frame", "hr", "img", "input", "isindex", "link", "meta", "param",
                "source", "track", "wbr",
            ] as [StaticString]).map(packed))

        static func packed(_ name: StaticString) -> UInt64 {
            LetterScanner.packed(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }

        /// Whether the constants are the names they stand for.
        static var areRight: Bool {
            [img, input, script, style, template, svg, orderedList]
                == (["img", "input", "script", "style", "template", "svg", "ol"] as [StaticString]).map(packed)
        }
    }

    private static func sameName(_ name: UnsafeBufferPointer<UInt8>, _ lowercased: [UInt8]) -> Bool {
        name.count == lowercased.count && zip(name, lowercased).allSatisfy { $0 | 0x20 == $1 }
    }

    /// What an element marked whole writes otherwise than its text does.
    private enum Marked {
        /// It hides its content.
        case content
        /// It writes letters of its own (an ordered list numbered with letters).
        case letters
    }

    /// Whether the element a start tag opens hides its content from layout, or writes
    /// letters of its own.
    private static func hidesContent(_ packedName: UInt64, _ pointer: UnsafePointer<UInt8>, from: Int, to end: Int) -> Marked? {
        if packedName == Names.template || packedName == Names.svg { return .content }
        let isList = packedName == Names.orderedList
        var marked: Marked?
        StructureScanner.forEachAttribute(pointer, from: from, to: end) { attribute, value in
            if StructureScanner.equals(attribute, "hidden") {
                marked = marked ?? .content
            } else if StructureScanner.equals(attribute, "style"), StructureScanner.styleHides(value) {
                marked = marked ?? .content
            } else if isList, StructureScanner.equals(attribute, "type"), value.count == 1, "aAiI".utf8.contains(value[0]) {
                marked = .letters
            }
        }
        return marked
    }

    /// The bit of lower-case letter `letter` in a letter set.
    private static func letterBit(_ letter: UInt8) -> UInt32 { 1 << UInt32(letter &- 0x61) }

    /// Matches the letters of a tag's bytes `from..<to` on their own (references read
    /// as in text); a match marks the tag, `range`.
    ///
    /// Most tags lack the needle's rarest letter and are passed over sixteen bytes at
    /// a time (`mayMatter`); of the others, one light pass over their bytes finds
    /// whether they hold every letter of the needle (and whether they name `hidden` or
    /// `style`, which an attribute that hides content needs), and only those that do
    /// are matched letter by letter.
    /// - Returns: whether the tag may hide its content (its attributes are read then).
    private mutating func tagLetters(_ pointer: UnsafePointer<UInt8>, from: Int, to end: Int, at range: Range<Int>) -> Bool {
        guard mayMatter(pointer, from: from, to: end) else { return false }
        var letters: UInt32 = 0
        var escapes = false
        // The last six bytes in lower case, a byte each.
        var recent: UInt64 = 0
        var namesHidingAttribute = false
        for index in from..<end {
            let byte = pointer[index]
            let lower = byte | 0x20
            if lower >= 0x61, lower <= 0x7A { letters |= Self.letterBit(lower) }
            // (A reference may stand for a letter, as may the Kelvin sign.)
            escapes = escapes || byte == 0x26 || byte == 0xE2
            recent = (recent << 8 | UInt64(lower)) & 0xFFFF_FFFF_FFFF
            if recent == Self.hiddenLetters || recent & 0xFF_FFFF_FFFF == Self.styleLetters { namesHidingAttribute = true }
        }
        guard escapes || letters & letterSet == letterSet else { return namesHidingAttribute }
        return matchTagLetters(pointer, from: from, to: end, at: range) || namesHidingAttribute
    }

    /// Lower-case letters from the least used in pages (English text and its markup)
    /// to the most.
    private static let lettersByUse = Array("zqjxkvbwyfgpmhucdlnrotisae".utf8)

    /// Whether a tag's bytes `from..<to` may matter to `tagLetters`: they hold an
    /// escape (a reference, the Kelvin sign), the needle's rarest letter, or a pair of
    /// letters that `hidden` or `style` has (`dd`, `st`). Sixteen bytes at a time;
    /// most tags have none of these.
    private func mayMatter(_ pointer: UnsafePointer<UInt8>, from: Int, to end: Int) -> Bool {
        let fold = SIMD16<UInt8>(repeating: 0x20)
        let ampersand = SIMD16<UInt8>(repeating: 0x26)
        let kelvin = SIMD16<UInt8>(repeating: 0xE2)
        let rare = SIMD16<UInt8>(repeating: rareLetter)
        let d = SIMD16<UInt8>(repeating: 0x64)
        let s = SIMD16<UInt8>(repeating: 0x73)
        let t = SIMD16<UInt8>(repeating: 0x74)
        var index = from
        // (Each window has the byte after it too, for the pairs.)
        while index + 17 <= end {
            let bytes = UnsafeRawPointer(pointer + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let lower = bytes | fold
            let nextLower = UnsafeRawPointer(pointer + index + 1).loadUnaligned(as: SIMD16<UInt8>.self) | fold
            let hits = (bytes .== ampersand) .| (bytes .== kelvin) .| (lower .== rare) .| ((lower .== d) .& (nextLower .== d))
                .| ((lower .== s) .& (nextLower .== t))
            // (Cheaper than `any`.)
            let words = Self.lanes(hits)
            if words.low | words.high != 0 { return true }
            index += 16
        }
        while index < end {
            let byte = pointer[index]
            let lower = byte | 0x20
            let nextLower = index + 1 < end ? pointer[index + 1] | 0x20 : 0
            if byte == 0x26 || byte == 0xE2 || lower == rareLetter || (lower == 0x64 && nextLower == 0x64) || (lower == 0x73 && nextLower == 0x74) {
                return true
            }
            index += 1
        }
        return false
    }

    /// `tagLetters`, letter by letter.
    private mutating func matchTagLetters(_ pointer: UnsafePointer<UInt8>, from: Int, to end: Int, at range: Range<Int>) -> Bool {
        let first = first
        var matched = 0
        var found = false
        // The last six letters, a byte each.
        var recent: UInt64 = 0
        var mayHide = false
        var index = from
        while index < end {
            let byte = pointer[index]
            let lower = byte | 0x20
            var letter: UInt8?
            if lower >= 0x61, lower <= 0x7A {
                letter = lower
                index += 1
            } else if byte == 0x26, let (after, decoded) = Self.reference(pointer, at: index, count: end, isLast: true) {
                letter = decoded
                index = after
            } else if byte == 0xE2, index + 2 < end, pointer[index + 1] == 0x84, pointer[index + 2] == 0xAA {
                letter = 0x6B
                index += 3
            } else {
                index += 1
            }
            guard let letter else { continue }
            recent = (recent << 8 | UInt64(letter)) & 0xFFFF_FFFF_FFFF
            if recent == Self.hiddenLetters || recent & 0xFF_FFFF_FFFF == Self.styleLetters { mayHide = true }
            guard !found, matched > 0 || letter == first else { continue }
            while matched > 0, needle[matched] != letter { matched = failure[matched - 1] }
            if needle[matched] == letter { matched += 1 }
            if matched == needle.count { found = true }
        }
        if found {
            note(match: range)
            tagMatches.append(range)
        }
        return mayHide
    }

    /// "hidden" and "style" as `tagLetters` keeps its last letters (constants: read in
    /// the loop over every tag's bytes).
    private static var hiddenLetters: UInt64 { 0x68_69_64_64_65_6E }
    private static var styleLetters: UInt64 { 0x73_74_79_6C_65 }

    /// A word layout writes for a tag (`[image]`, `[ Submit ]`), matched on its own.
    private mutating func generatedLetters(_ word: StaticString, at range: Range<Int>) {
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard letters.count >= needle.count else { return }
        var matched = 0
        for letter in letters {
            while matched > 0, needle[matched] != letter { matched = failure[matched - 1] }
            if needle[matched] == letter { matched += 1 }
            if matched == needle.count {
                note(match: range)
                return
            }
        }
    }

    /// The character reference at `ampersand`, as libxml2 reads it: a numeric one is
    /// its character (a letter, or nothing to the stream); a named one it knows ends
    /// with `;` and stands for no letter; anything else is text from the `&` on.
    /// Returns the index after what it takes and the letter it stands for, or `nil`
    /// when it does not end in the window.
    private static func reference(_ pointer: UnsafePointer<UInt8>, at ampersand: Int, count: Int, isLast: Bool) -> (Int, UInt8?)? {
        var index = ampersand + 1
        if index < count, pointer[index] == 0x23 {
            index += 1
            let hexadecimal = index < count && pointer[index] | 0x20 == 0x78
            if hexadecimal { index += 1 }
            var value = 0
            while index < count, let digit = Self.digit(pointer[index], hexadecimal: hexadecimal) {
                value = min(value * (hexadecimal ? 16 : 10) + digit, 0x110000)
                index += 1
            }
            if index == count, !isLast { return nil }
            if index < count, pointer[index] == 0x3B { index += 1 }
            let letter: UInt8? =
                value == 0x212A ? 0x6B : (value < 0x80 && StructureScanner.isLetter(UInt8(value)) ? UInt8(value) | 0x20 : nil)
            return (index, letter)
        }
        var name: UInt64 = 0
        var length = 0
        while index < count, StructureScanner.isNameByte(pointer[index]) {
            if length < 8 { name |= UInt64(pointer[index]) << (8 * length) }
            length += 1
            index += 1
        }
        if index == count, !isLast { return nil }
        if length > 0, length <= 8, index < count, pointer[index] == 0x3B, Self.entityNames.contains(name) { return (index + 1, nil) }
        return (ampersand + 1, nil)
    }

    private static func digit(_ byte: UInt8, hexadecimal: Bool) -> Int? {
        if byte >= 0x30, byte <= 0x39 { return Int(byte - 0x30) }
        let lower = byte | 0x20
        if hexadecimal, lower >= 0x61, lower <= 0x66 { return Int(lower - 0x61 + 10) }
        return nil
    }

    /// The names of the references libxml2 knows (HTML 4's), each packed into a word,
    /// read from libxml2's own table.
    private static let entityNames: Set<UInt64> = {
        var names: Set<UInt64> = []
        for value in 0...0x2666 {
            guard let entry = htmlEntityValueLookup(UInt32(value)), let name = entry.pointee.name else { continue }
            let bytes = Array(UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
            guard bytes.count <= 8 else { continue }
            names.insert(bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) })
        }
        return names
    }()
}
