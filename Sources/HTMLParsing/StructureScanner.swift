import Glibc
import Styles

/// Guesses where a parse of a page would cut it (`HTMLParser.Cutting` with a byte
/// count), and what the parse would know there, many times faster than a parse: so
/// that the checkpoints of a whole page are known a fraction of a second after it
/// opens, and its end can be shown at once.
///
/// It reads markup alone: it skips text with `memchr`, reads tags, comments and the
/// raw text of `script` and `style`, and keeps libxml2's stack of open elements by
/// libxml2's rules (start tags that close open elements, end tags that close only
/// elements of no higher priority, empty elements, misplaced `html`, `head` and `body`
/// ignored). It counts links as layout numbers them: `a` with a target, outside hidden
/// and replaced elements and dropped content (inside a table, outside its cells too:
/// layout shows what is there, as a browser does).
///
/// What it finds is a guess: libxml2 repairs some markup otherwise, decodes named
/// entities in attributes, and implies paragraphs around stray text outside `body`.
/// The parse that comes after checks each guess (`PageIndex`).
///
/// One long file, as one state machine over the page's bytes: tags, comments and raw
/// text move the same position and the same stack of open elements, and their rules
/// (libxml2's) read best side by side.
package struct StructureScanner {
    /// A place where a parse may start again, and what it knows there.
    package struct Cut: Equatable, Sendable {
        /// Page offset (right after a block's own end tag, or inside a paragraph's
        /// text: `insideText`).
        package var offset: Int
        /// The elements open there, outermost first, with the attributes the model keeps.
        package var openElements: OpenElements
        /// Links numbered before it.
        package var links: Int
        /// Whether the cut falls inside the text of a paragraph of more than a chunk:
        /// between white space and a word, where a line may start, so that the layout
        /// goes on from the paragraph's unfinished last line.
        package var insideText: Bool
        /// What a styled parse needs of the children before, where the scan tracks
        /// them (`tracksSiblings`); left out of comparisons: a parse's cut has none.
        package var siblings: ScannedSiblings?

        package init(offset: Int, openElements: OpenElements, links: Int, insideText: Bool = false) {
            self.offset = offset
            self.openElements = openElements
            self.links = links
            self.insideText = insideText
        }

        package static func == (left: Cut, right: Cut) -> Bool {
            left.offset == right.offset && left.openElements == right.openElements && left.links == right.links
                && left.insideText == right.insideText
        }
    }

    private let source: any PageSource
    private let maximumBytes: Int?
    private var names: ScannedNames
    /// The open elements, as libxml2's stack holds them.
    private var stack: [OpenEntry] = []
    /// Open elements a cut may not leave open: while any is, no cut.
    private var blockersOpen = 0
    /// Links numbered so far (at the page's end, once `run` got there: in the page).
    package private(set) var links: Int
    /// Misplaced `html`, `head` and `body` start tags libxml2 ignored (as many of their
    /// end tags are ignored too).
    private var ignoredStartTags = 0
    /// Whether a `head` and a `body` were opened (libxml2 implies them only once).
    private var sawHead: Bool
    private var sawBody: Bool
    private var lastCut: Int
    private var fragmentBytes: Int
    /// Where the element pushed next starts.
    private var pushOffset: Int
    /// Where the text run going on began: right after the last tag of a block or a
    /// container (inline tags such as `<b>` or `<br>` do not end a run).
    private var runStart: Int
    /// Inside `script` or `style`: the element's name, whose end tag ends the raw text.
    private var rawTextName: [UInt8]?
    /// Inside a comment, and where it started.
    private var inComment = false
    private var commentStart = 0
    /// Where the raw text of the `script` or `style` inside started.
    private var rawTextStart = 0
    /// Parts of the page found since the last report, for a parse to leave out.
    private var elisions: [Range<Int>] = []

    /// Comments, script and style text, and quoted values of attributes layout never
    /// shows (those the model drops, and `title` but on replaced elements) that span at
    /// least this many bytes are reported for a parse to leave out: libxml2 would hold
    /// each whole in memory, and none of them is shown.
    package var elisionBytes = 1 << 20
    /// Right after a doctype met among elements: libxml2 reads the next `<` as text
    /// unless a start tag, a comment or a processing instruction follows.
    private var afterDoctype = -1
    /// Whether to cut inside long paragraphs' text (`textCut`), which only a parse
    /// with a plan does; without, the scan guesses the cuts of a parse by bytes alone.
    package var cutsInsideText = true

    /// The children of the open elements since the start, where tracked.
    private var siblings: SiblingTracker?
    /// The styles at the start (its cut's).
    private let originStyles: ElementStyler.State?
    /// Open elements whose content is not styled (a title, dropped content): while any
    /// is, elements are not counted as children.
    private var unstyledOpen = 0

    /// The attributes of open elements that have any kept (few have: an entry holds
    /// an index here, so that pushing and popping an entry copies no array).
    private var attributeLists: [[HTMLDocument.Attribute]] = []

    private struct OpenEntry {
        var name: Int32
        var tag: HTMLTag
        /// Index in `attributeLists`, or -1 for none.
        var attributes: Int32
        var isHidden: Bool
        /// Links inside are never numbered (hidden, replaced or dropped content).
        var hidesLinks: Bool
        var blocksCuts: Bool
        /// Page offset of its start tag (or of the text that implied it).
        var openedAt: Int
    }

    /// A scanner of `source` from `start` (a cut a parse made, or the page's start
    /// with nothing open), guessing the cuts `cutting` describes.
    /// - Parameter linklessTags: elements whose content layout does not show (replaced
    ///   elements): links inside are not numbered.
    package init(source: any PageSource, start: Cut, cutting: HTMLParser.Cutting, linklessTags: Set<HTMLTag>) {
        self.source = source
        maximumBytes = cutting.bytes
        links = start.links
        lastCut = start.offset
        fragmentBytes = cutting.bytes.map { min($0, cutting.firstBytes ?? $0) } ?? .max
        names = ScannedNames(cutting: cutting, linklessTags: linklessTags)
        sawHead = !start.openElements.isEmpty
        sawBody = sawHead
        ignoredStartTags = start.openElements.ignoredStartTags
        pushOffset = start.offset
        runStart = start.offset
        originStyles = start.openElements.styles
        for element in start.openElements {
            push(names.id(of: Array(element.tag.rawValue.utf8)), attributes: element.attributes, hidden: HTMLDocument.hides(element.attributes[...]))
        }
    }

    /// Tracks the children of the open elements from here on, for the cuts'
    /// `siblings` (`countsNames`: how many of each name too).
    package mutating func tracksSiblings(countsNames: Bool) {
        siblings = SiblingTracker(openCount: stack.count, countsNames: countsNames)
    }

    /// A cut here, at `offset`.
    private func cut(at offset: Int, insideText: Bool = false) -> Cut {
        var cut = Cut(offset: offset, openElements: openElements, links: links, insideText: insideText)
        cut.siblings = siblings?.siblings(originStyles: originStyles, names: names)
        return cut
    }

    /// Scans to the page's end (waiting for a page still arriving), handing each cut to
    /// `take`, and to `scanned` the offset scanned to after each window (no cut comes
    /// before it); either returns `false` to stop.
    /// Before `scanned`, `elide` gets the parts found a parse may leave out (see
    /// `elisionBytes`), in order.
    /// - Returns: whether the scan got to the page's end.
    @discardableResult
    package mutating func run(take: (Cut) -> Bool, scanned: (Int) -> Bool, elide: (Range<Int>) -> Void = { _ in }) -> Bool {
        var window = ScanWindow(source: source)
        var position = lastCut
        var needed = 1
        while window.load(from: position, needing: needed) {
            let step = window.withBytes { bytes, base, isLast in
                scan(bytes, base: base, from: position - base, isLast: isLast, take: take, elide: elide)
            }
            switch step {
            case .stopped:
                return false
            case .reached(let next):
                position = next
                needed = 1
            case .needs(let next, let bytes):
                position = next
                needed = bytes
                // A start tag of megabytes (a long attribute value) is read a piece at a time.
                if bytes > 1 << 20, let (tag, end) = longStartTag(at: next) {
                    pushOffset = next
                    let runBefore = runStart
                    tag.withUnsafeBufferPointer { startTag($0.baseAddress!, open: 0, end: $0.count, count: $0.count, base: 0) }
                    // (Read from a copy: offsets in it are not the page's.)
                    if runStart != runBefore { runStart = end }
                    if rawTextName != nil { rawTextStart = end }
                    position = end
                    needed = 1
                }
            }
            reportElisions(to: elide)
            guard scanned(position) else { return false }
        }
        guard closeAtEnd(take: take, elide: elide) else { return false }
        return scanned(source.byteCount)
    }

    /// Closes what is still open at the page's end, as libxml2 does. A page that ends
    /// with an end tag libxml2 ignored (after a misplaced `html`, `head` or `body`)
    /// leaves the parse right after `</name>` as that element closes: a cut.
    /// - Returns: `false` when the cut taker wants no more.
    private mutating func closeAtEnd(take: (Cut) -> Bool, elide: (Range<Int>) -> Void) -> Bool {
        let end = source.byteCount
        var tail = [UInt8](repeating: 0, count: min(end, 128))
        let count = tail.withUnsafeMutableBytes { source.read((end - $0.count)..<end, into: $0) }
        guard count == tail.count, count >= 4, tail[count - 1] == 0x3E else { return true }
        // The name of the end tag the page ends with.
        var index = count - 2
        while index > 0, Self.isBlank(tail[index]) { index -= 1 }
        let nameEnd = index + 1
        while index > 0, Self.isNameByte(tail[index]) { index -= 1 }
        guard index >= 1, tail[index] == 0x2F, tail[index - 1] == 0x3C, nameEnd > index + 1 else { return true }
        let name = tail[(index + 1)..<nameEnd].withUnsafeBufferPointer { names.id($0.baseAddress!, count: $0.count) }
        while !stack.isEmpty {
            let closed = pop()
            let fact = names.facts[Int(closed.name)]
            guard closed.name == name, fact.isBlock, blockersOpen == 0, !closed.isHidden, end - lastCut >= fragmentBytes, !bodyWasClosed
            else { continue }
            lastCut = end
            reportElisions(to: elide)
            guard take(cut(at: end)) else { return false }
        }
        return true
    }

    private enum Step {
        /// Scanned up to an offset (where the next window starts).
        case reached(Int)
        /// A token starting at an offset needs at least so many bytes in one window.
        case needs(Int, bytes: Int)
        case stopped
    }

    /// Scans `bytes` (page bytes from offset `base`) from index `start`.
    private mutating func scan(
        _ bytes: UnsafeRawBufferPointer, base: Int, from start: Int, isLast: Bool, take: (Cut) -> Bool, elide: (Range<Int>) -> Void
    ) -> Step {
        let count = bytes.count
        guard count > 0 else { return .reached(base) }
        let pointer = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var index = start
        /// A token that does not end in this window: read again from its start, in a
        /// window that holds more of it (past a limit, it is passed over as text).
        func incomplete(_ from: Int) -> Step {
            if isLast { return .reached(base + count) }
            let bytes = 2 * (count - from) + 64
            return bytes > ScanWindow.maximumBytes ? .reached(base + from + 1) : .needs(base + from, bytes: bytes)
        }
        while index < count {
            if inComment {
                guard let end = Self.commentEnd(pointer, from: index, count: count) else {
                    // `--!>` may be cut by the window's end.
                    return isLast ? .reached(base + count) : .reached(base + max(index, count - 3))
                }
                inComment = false
                if base + end - commentStart >= elisionBytes { elisions.append(commentStart..<(base + end)) }
                index = end
                continue
            }
            if let name = rawTextName {
                guard let end = Self.rawTextEnd(name, pointer, from: index, count: count) else {
                    return isLast ? .reached(base + count) : .reached(base + max(index, count - name.count - 2))
                }
                rawTextName = nil
                if base + end - rawTextStart >= elisionBytes { elisions.append(rawTextStart..<(base + end)) }
                index = end
                continue
            }
            let found = memchr(pointer + index, 0x3C, count - index)
            let open = found.map { $0.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: pointer) } ?? count
            if open > index, stack.isEmpty || stack.last!.tag == .html || names.facts[Int(stack.last!.name)].isHead,
                (index..<open).contains(where: { !Self.isBlank(pointer[$0]) }) {
                pushOffset = base + index
                impliedParagraph()
            }
            if open > index, let textEnd = textCut(pointer, from: index, to: open, base: base) {
                lastCut = base + textEnd
                fragmentBytes = min(maximumBytes ?? .max, fragmentBytes * 2)
                reportElisions(to: elide)
                guard take(cut(at: lastCut, insideText: true)) else { return .stopped }
                index = textEnd
                continue
            }
            guard found != nil else { return .reached(base + count) }
            guard open + 1 < count else { return incomplete(open) }
            let next = pointer[open + 1]
            if base + open == afterDoctype, next != 0x3F, !Self.isLetter(next), !(next == 0x21 && open + 3 < count && pointer[open + 2] == 0x2D && pointer[open + 3] == 0x2D) {
                index = open + 1
            } else if next == 0x2F {
                guard let end = Self.byteAfter(0x3E, pointer, from: open + 2, count: count) else { return incomplete(open) }
                if endTag(pointer, open: open, end: end, base: base, take: take, elide: elide) == false { return .stopped }
                index = end
            } else if Self.isLetter(next) || next == 0x5F || next == 0x3A {
                guard let end = Self.startTagEnd(pointer, from: open + 2, count: count) else { return incomplete(open) }
                // A link's content decides whether it is a permalink (left out): it is
                // read in the same window.
                if !isLast, count - end < HTMLDocument.permalinkMarkupBytes + 4, Self.isLinkStart(pointer, open: open, end: end) {
                    return incomplete(open)
                }
                pushOffset = base + open
                startTag(pointer, open: open, end: end, count: count, base: base)
                if rawTextName != nil { rawTextStart = base + end }
                index = end
            } else if next == 0x21 {
                guard open + 9 <= count || isLast else { return incomplete(open) }
                if open + 4 <= count, pointer[open + 2] == 0x2D, pointer[open + 3] == 0x2D {
                    // The closing `--` comes after the opening one.
                    inComment = true
                    commentStart = base + open
                    index = open + 4
                } else if open + 9 <= count, Self.isDoctype(pointer + open + 2) {
                    guard let end = Self.byteAfter(0x3E, pointer, from: open, count: count) else { return incomplete(open) }
                    index = end
                    if !stack.isEmpty { afterDoctype = base + end }
                } else {
                    index = open + 1
                }
            } else if next == 0x3F {
                guard let end = Self.byteAfter(0x3E, pointer, from: open, count: count) else { return incomplete(open) }
                index = end
            } else {
                index = open + 1
            }
        }
        return .reached(base + count)
    }

    // MARK: Tags

    /// The start tag at `start` (a `<` and a letter), read a piece at a time, its
    /// quoted values cut to 64 KB (those layout never shows are reported for a parse
    /// to leave out, past `elisionBytes`); `nil` when it is not one or does not end.
    /// - Returns: the tag, and the page offset right after it.
    private mutating func longStartTag(at start: Int) -> (tag: [UInt8], end: Int)? {
        var reader = PieceReader(source: source, position: start)
        guard reader.next() == 0x3C, let first = reader.peek(), Self.isLetter(first) else { return nil }
        var tag: [UInt8] = [0x3C]
        var element: Int32?
        while let byte = reader.next() {
            if element == nil, !Self.isNameByte(byte) {
                element = tag.dropFirst().withUnsafeBufferPointer { names.id($0.baseAddress!, count: $0.count) }
            }
            tag.append(byte)
            if byte == 0x3E { return (tag, reader.position) }
            guard byte == 0x3D else { continue }
            while let blank = reader.peek(), Self.isBlank(blank) { tag.append(reader.next()!) }
            guard let quote = reader.peek(), quote == 0x22 || quote == 0x27 else { continue }
            tag.append(reader.next()!)
            let valueStart = reader.position
            guard let valueEnd = reader.skip(to: quote, keepingUpTo: 1 << 16, into: &tag) else { return nil }
            if valueEnd - valueStart > 1 << 16 {
                // The attribute's name ends the tag before its `=`.
                let equals = tag.lastIndex(of: 0x3D)!
                var nameStart = equals
                while nameStart > 0, Self.isNameByte(tag[nameStart - 1]) { nameStart -= 1 }
                let name = tag[nameStart..<equals]
                let isReplaced = element.map { names.facts[Int($0)].isReplaced } ?? false
                let shown = name.withUnsafeBufferPointer { Self.keptAttributeName($0) != nil && !(Self.equals($0, "title") && !isReplaced) }
                if !shown, valueEnd - valueStart >= elisionBytes { elisions.append(valueStart..<valueEnd) }
            }
            tag.append(quote)
        }
        return nil
    }

    /// Whether the start tag `open..<end` is an `a`'s.
    private static func isLinkStart(_ pointer: UnsafePointer<UInt8>, open: Int, end: Int) -> Bool {
        open + 2 < end && pointer[open + 1] | 0x20 == 0x61 && !isNameByte(pointer[open + 2])
    }

    /// Whether the markup from `start` (right after a link's start tag) to the link's
    /// end tag is a permalink symbol (`HTMLDocument.isPermalinkMarkup`), all of it
    /// before `count`.
    private static func permalinkFollows(_ pointer: UnsafePointer<UInt8>, from start: Int, count: Int) -> Bool {
        let limit = min(count, start + HTMLDocument.permalinkMarkupBytes)
        guard let open = (start..<limit).first(where: { pointer[$0] == 0x3C }), open + 3 < count,
            pointer[open + 1] == 0x2F, pointer[open + 2] | 0x20 == 0x61, pointer[open + 3] == 0x3E || isBlank(pointer[open + 3])
        else { return false }
        return HTMLDocument.isPermalinkMarkup(UnsafeBufferPointer(start: pointer + start, count: open - start))
    }

    private mutating func startTag(_ pointer: UnsafePointer<UInt8>, open: Int, end: Int, count: Int, base: Int) {
        var index = open + 1
        while index < end, Self.isNameByte(pointer[index]) { index += 1 }
        let name = names.id(pointer + open + 1, count: index - open - 1)
        let fact = names.facts[Int(name)]
        if fact.isBlock || fact.staysOpen { runStart = base + end }
        let closes = names.closes[Int(name)]
        while let top = stack.last, closes.contains(top.name) { pop() }
        impliedParents(of: fact)
        if (fact.tag == .html && !stack.isEmpty) || (fact.isHead && stack.count != 1)
            || (fact.tag == .body && stack.contains(where: { $0.tag == .body })) {
            ignoredStartTags += 1
            return
        }
        var attributes: [HTMLDocument.Attribute] = []
        var hidden = false
        var hasTarget = false
        var targetsThisPage = false
        var sawHref = false
        let keepsAttributes = fact.staysOpen
        Self.forEachAttribute(pointer, from: index, to: end) { name, value in
            if Self.equals(name, "hidden") {
                hidden = true
            } else if Self.equals(name, "style") {
                if Self.styleHides(value) { hidden = true }
            } else if fact.tag == .a, !sawHref, Self.equals(name, "href") {
                sawHref = true
                hasTarget = value.contains { !Self.isBlank($0) }
                targetsThisPage = value.first { !Self.isBlank($0) } == 0x23
            }
            // (A quoted value only: left out, an unquoted one would leave the next
            // attribute read as its value.)
            if value.count >= elisionBytes, Self.keptAttributeName(name) == nil || (!fact.isReplaced && Self.equals(name, "title")),
                let start = value.baseAddress,
                start[-1] == 0x22 || start[-1] == 0x27 {
                elisions.append((base + (start - pointer))..<(base + (start - pointer) + value.count))
            }
            guard keepsAttributes, let key = Self.keptAttributeName(name), !attributes.contains(where: { $0.name == key }) else { return }
            attributes.append(HTMLDocument.Attribute(name: key, value: Self.decoded(value)))
        }
        // (A permalink is left out as if hidden.)
        if fact.tag == .a, hasTarget, targetsThisPage, Self.permalinkFollows(pointer, from: end, count: count) { hidden = true }
        if fact.tag == .a, hasTarget, !hidden, !(stack.last.map { $0.hidesLinks } ?? false) { links += 1 }
        // `<x/>` ends the element at once, as an empty element's start tag does.
        if fact.isVoid || (end >= 2 && pointer[end - 2] == 0x2F) {
            if unstyledOpen == 0 { siblings?.addChild(offset: pushOffset, name: name) }
            return
        }
        push(name, attributes: attributes, hidden: hidden, implied: false)
        if fact.isRawText { rawTextName = names.bytes[Int(name)] }
    }

    /// Closes what an end tag closes, and hands over a cut when it ends a block there.
    /// - Returns: `false` when the cut taker wants no more.
    private mutating func endTag(
        _ pointer: UnsafePointer<UInt8>, open: Int, end: Int, base: Int, take: (Cut) -> Bool, elide: (Range<Int>) -> Void
    ) -> Bool {
        var index = open + 2
        while index < end, Self.isNameByte(pointer[index]) { index += 1 }
        guard index > open + 2 else { return true }
        let name = names.id(pointer + open + 2, count: index - open - 2)
        while index < end - 1, Self.isBlank(pointer[index]) { index += 1 }
        // Only `</name>` (blanks before `>` aside) leaves a parse where it can start again.
        let isClean = index == end - 1
        let fact = names.facts[Int(name)]
        if fact.isBlock || fact.staysOpen { runStart = base + end }
        if ignoredStartTags > 0, fact.tag == .html || fact.tag == .body || fact.isHead {
            ignoredStartTags -= 1
            return true
        }
        guard let position = stack.lastIndex(where: { $0.name == name }) else { return true }
        for entry in stack[(position + 1)...] where names.facts[Int(entry.name)].endPriority > fact.endPriority { return true }
        while stack.count > position + 1 { pop() }
        let closed = pop()
        guard isClean, fact.isBlock, blockersOpen == 0, !closed.isHidden, base + end - lastCut >= fragmentBytes, !bodyWasClosed
        else { return true }
        lastCut = base + end
        fragmentBytes = min(maximumBytes ?? .max, fragmentBytes * 2)
        // A cut's chunk comes with the parts of it to leave out.
        reportElisions(to: elide)
        return take(cut(at: lastCut))
    }

    /// Where to cut the text `from..<to` of the window (page offset `base`), if
    /// anywhere: inside a run of text of more than a chunk in a shown paragraph or
    /// `pre`, or right inside a container, list item or quote (with nothing else open
    /// that a cut may not leave open), once the chunk is long enough; at a place
    /// `TextCutPoints` gives, where a parse started there reads the same text.
    private func textCut(_ pointer: UnsafePointer<UInt8>, from start: Int, to end: Int, base: Int) -> Int? {
        guard cutsInsideText, let chunkBytes = maximumBytes, let top = stack.last, !top.isHidden,
            (top.tag == .p || top.tag == .pre) && blockersOpen == 1 || names.facts[Int(top.name)].staysOpen && blockersOpen == 0,
            !bodyWasClosed
        else { return nil }
        let from = max(lastCut + fragmentBytes - base, runStart + chunkBytes - base)
        return top.tag == .pre
            ? TextCutPoints.lineStart(in: pointer, start: start, from: from, end: end)
            : TextCutPoints.wordStart(in: pointer, start: start, from: from, end: end)
    }

    private mutating func reportElisions(to elide: (Range<Int>) -> Void) {
        for range in elisions { elide(range) }
        elisions.removeAll()
    }

    /// Whether a `body` was opened and closed, and none is open: libxml2 implies no
    /// other then, but a parse started again would (so there is no cut).
    private var bodyWasClosed: Bool {
        sawBody && !stack.contains { $0.tag == .body }
    }

    /// The open elements as a cut gives them.
    private var openElements: OpenElements {
        OpenElements(
            stack.map { OpenElement(tag: $0.tag, attributes: $0.attributes < 0 ? [] : attributeLists[Int($0.attributes)]) },
            ignoredStartTags: ignoredStartTags)
    }

    /// What libxml2 does with text where none may stand (nothing open, or only `html`
    /// or `head`): it opens a paragraph, and the `body` around it.
    private mutating func impliedParagraph() {
        let paragraph = names.id(of: Array("p".utf8))
        let closes = names.closes[Int(paragraph)]
        while let top = stack.last, closes.contains(top.name) { pop() }
        impliedParents(of: names.facts[Int(paragraph)])
        push(paragraph, attributes: [], hidden: false)
    }

    /// libxml2's implied `html`, `head` and `body` before an element.
    private mutating func impliedParents(of fact: ScannedNames.Facts) {
        guard fact.tag != .html else { return }
        if stack.isEmpty { push(names.html, attributes: [], hidden: false) }
        guard fact.tag != .body, !fact.isHead else { return }
        if stack.count <= 1, fact.belongsInHead {
            if !sawHead { push(names.head, attributes: [], hidden: false) }
        } else if !fact.isFrame, !sawBody, !stack.contains(where: { $0.tag == .body || names.facts[Int($0.name)].isHead }) {
            push(names.body, attributes: [], hidden: false)
        }
    }

    /// Opens an element (`implied` by libxml2, or of the start tag at `pushOffset`).
    private mutating func push(_ name: Int32, attributes: [HTMLDocument.Attribute], hidden: Bool, implied: Bool = true) {
        let fact = names.facts[Int(name)]
        if siblings != nil {
            if unstyledOpen == 0 { siblings!.addChild(offset: implied ? -1 : pushOffset, name: name) }
            siblings!.open()
        }
        if fact.isUnstyledInside { unstyledOpen += 1 }
        if fact.isHead { sawHead = true }
        if fact.tag == .body { sawBody = true }
        let parent = stack.last
        let blocksCuts = !fact.staysOpen || (fact.isSplittable && hidden)
        var listIndex: Int32 = -1
        if !attributes.isEmpty {
            listIndex = Int32(attributeLists.count)
            attributeLists.append(attributes)
        }
        stack.append(OpenEntry(
            name: name, tag: fact.tag, attributes: listIndex, isHidden: hidden,
            hidesLinks: (parent?.hidesLinks ?? false) || hidden || fact.hidesLinks,
            blocksCuts: blocksCuts, openedAt: pushOffset))
        if blocksCuts { blockersOpen += 1 }
    }

    @discardableResult
    private mutating func pop() -> OpenEntry {
        let entry = stack.removeLast()
        siblings?.close()
        if names.facts[Int(entry.name)].isUnstyledInside { unstyledOpen -= 1 }
        if entry.blocksCuts { blockersOpen -= 1 }
        if entry.attributes >= 0 { attributeLists.removeLast() }
        return entry
    }

    // MARK: Bytes

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// A byte of an element or attribute name after its first (letters, digits, `:`,
    /// `-`, `_`, `.`, as libxml2 reads HTML names).
    static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x3A || byte == 0x2D || byte == 0x5F || byte == 0x2E
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        for index in 0..<bytes.count where bytes[index] | 0x20 != name.utf8Start[index] { return false }
        return true
    }

    /// The index right after the first `byte` from `from`.
    static func byteAfter(_ byte: UInt8, _ pointer: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        guard from < count, let found = memchr(pointer + from, Int32(byte), count - from) else { return nil }
        return found.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: pointer) + 1
    }

    /// The index right after a start tag's `>` (quoted attribute values may hold `>`;
    /// a quote left open runs to the end of the page, as in libxml2).
    static func startTagEnd(_ pointer: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        let closing = SIMD16<UInt8>(repeating: 0x3E)
        let equals = SIMD16<UInt8>(repeating: 0x3D)
        var index = from
        while index < count {
            // (Names and blanks passed over sixteen bytes at a time, up to `>` or `=`.)
            if index + 16 <= count {
                let bytes = UnsafeRawPointer(pointer + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let stops = unsafeBitCast((bytes .== closing) .| (bytes .== equals), to: SIMD2<UInt64>.self)
                guard stops[0] | stops[1] != 0 else {
                    index += 16
                    continue
                }
                index += stops[0] != 0 ? stops[0].trailingZeroBitCount / 8 : 8 + stops[1].trailingZeroBitCount / 8
            }
            switch pointer[index] {
            case 0x3E: return index + 1
            case 0x3D:
                // A value: past blanks, quoted or not.
                index += 1
                while index < count, isBlank(pointer[index]) { index += 1 }
                guard index < count else { return nil }
                let quote = pointer[index]
                if quote == 0x22 || quote == 0x27 {
                    guard let end = byteAfter(quote, pointer, from: index + 1, count: count) else { return nil }
                    index = end
                }
            default: index += 1
            }
        }
        return nil
    }

    /// The start tag at page offset `offset` of `source`, as libxml2 gives it: its
    /// name and its attributes' names in lower case, the first of each name, values
    /// decoded; `nil` where there is none, or it runs past 64 KB.
    package static func startTag(at offset: Int, in source: any PageSource) -> (name: String, attributes: [(name: String, value: String)])? {
        // (A kilobyte first: most tags end well before.)
        for size in [1 << 10, 1 << 16] {
            var bytes = [UInt8](repeating: 0, count: min(size, source.byteCount - offset))
            let count = bytes.withUnsafeMutableBytes { source.read(offset..<(offset + $0.count), into: $0) }
            let found = bytes.withUnsafeBufferPointer { buffer in buffer.count > 2 ? startTagEnd(buffer.baseAddress!, from: 1, count: count) : nil }
            if found != nil || count < size { return startTag(in: bytes, count: count) }
        }
        return nil
    }

    /// The start tag that `bytes` begin with, as `startTag(at:in:)` gives it.
    private static func startTag(in bytes: [UInt8], count: Int) -> (name: String, attributes: [(name: String, value: String)])? {
        bytes.withUnsafeBufferPointer { buffer -> (name: String, attributes: [(name: String, value: String)])? in
            guard count > 2, let pointer = buffer.baseAddress, pointer[0] == 0x3C, isLetter(pointer[1]), let end = startTagEnd(pointer, from: 1, count: count)
            else { return nil }
            var index = 1
            while index < end, isNameByte(pointer[index]) { index += 1 }
            let name = String(decoding: (1..<index).map { ScannedNames.lowercased(pointer[$0]) }, as: UTF8.self)
            var attributes: [(name: String, value: String)] = []
            forEachAttribute(pointer, from: index, to: end) { attributeName, value in
                let lowered = String(decoding: attributeName.map(ScannedNames.lowercased), as: UTF8.self)
                if !attributes.contains(where: { $0.name == lowered }) { attributes.append((lowered, decoded(value))) }
            }
            return (name, attributes)
        }
    }

    /// Calls `body` with each attribute's name and raw value in a start tag's bytes
    /// `from..<to` (after the element's name).
    static func forEachAttribute(
        _ pointer: UnsafePointer<UInt8>, from: Int, to end: Int, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var index = from
        let last = end - 1
        while index < last {
            while index < last, isBlank(pointer[index]) || pointer[index] == 0x2F { index += 1 }
            let nameStart = index
            guard index < last, isLetter(pointer[index]) || pointer[index] == 0x5F || pointer[index] == 0x3A else {
                // A bogus attribute: passed over up to a blank.
                while index < last, !isBlank(pointer[index]) { index += 1 }
                continue
            }
            while index < last, isNameByte(pointer[index]) { index += 1 }
            let name = UnsafeBufferPointer(start: pointer + nameStart, count: index - nameStart)
            var cursor = index
            while cursor < last, isBlank(pointer[cursor]) { cursor += 1 }
            guard cursor < last, pointer[cursor] == 0x3D else {
                body(name, UnsafeBufferPointer(start: pointer + index, count: 0))
                continue
            }
            cursor += 1
            while cursor < last, isBlank(pointer[cursor]) { cursor += 1 }
            var valueStart = cursor
            var valueEnd: Int
            if cursor < last, pointer[cursor] == 0x22 || pointer[cursor] == 0x27 {
                let quote = pointer[cursor]
                valueStart += 1
                valueEnd = valueStart
                while valueEnd < last, pointer[valueEnd] != quote { valueEnd += 1 }
                index = min(last, valueEnd + 1)
            } else {
                valueEnd = cursor
                while valueEnd < last, !isBlank(pointer[valueEnd]) { valueEnd += 1 }
                index = valueEnd
            }
            body(name, UnsafeBufferPointer(start: pointer + valueStart, count: valueEnd - valueStart))
        }
    }

    /// The attribute names the model keeps (`DocumentBuilder.keptAttributes`), as bytes.
    private static let keptAttributeNames = DocumentBuilder.keptAttributes.map { (Array($0.utf8), $0) }

    /// The kept attribute a name (any case) is, if any.
    static func keptAttributeName(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        for (bytes, key) in keptAttributeNames where bytes.count == name.count {
            if zip(bytes, name).allSatisfy({ $0 == ScannedNames.lowercased($1) }) { return key }
        }
        return nil
    }

    /// Whether an inline style hides its element (as `HTMLDocument.hides` reads it).
    static func styleHides(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        let compact = String(decoding: value.filter { !isBlank($0) && $0 != 0x0C }, as: UTF8.self).lowercased()
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }

    /// An attribute value with its character references decoded (numeric ones and the
    /// five of XML; libxml2 knows the others by name too).
    static func decoded(_ value: UnsafeBufferPointer<UInt8>) -> String {
        guard value.contains(0x26) else { return String(decoding: value, as: UTF8.self) }
        var text = String(decoding: value, as: UTF8.self)
        for (entity, replacement) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'")] {
            text = text.replacing(entity, with: replacement)
        }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            if rest.hasPrefix("&#"), let semicolon = rest.prefix(12).firstIndex(of: ";") {
                let digits = rest[rest.index(rest.startIndex, offsetBy: 2)..<semicolon]
                let number = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                if let number, let scalar = Unicode.Scalar(number) {
                    result.unicodeScalars.append(scalar)
                    rest = rest[rest.index(after: semicolon)...]
                    continue
                }
            }
            if rest.hasPrefix("&amp;") {
                result += "&"
                rest = rest.dropFirst(5)
                continue
            }
            result += "&"
            rest = rest.dropFirst()
        }
        return result + rest
    }

    static func isDoctype(_ pointer: UnsafePointer<UInt8>) -> Bool {
        zip(0..<7, "DOCTYPE".utf8).allSatisfy { pointer[$0] & 0xDF == $1 }
    }

    /// The index right after a comment's `-->` (or `--!>`), looked for from `from`.
    static func commentEnd(_ pointer: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        var index = from
        while let end = byteAfter(0x3E, pointer, from: index, count: count) {
            let close = end - 1
            if close - from >= 2, pointer[close - 1] == 0x2D, pointer[close - 2] == 0x2D { return end }
            if close - from >= 3, pointer[close - 1] == 0x21, pointer[close - 2] == 0x2D, pointer[close - 3] == 0x2D { return end }
            index = end
        }
        return nil
    }

    /// The index of the `</name` (any case) that ends raw text, looked for from `from`.
    static func rawTextEnd(_ name: [UInt8], _ pointer: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        var index = from
        while let after = byteAfter(0x3C, pointer, from: index, count: count) {
            let open = after - 1
            guard open + 2 + name.count <= count else { return nil }
            if pointer[open + 1] == 0x2F, name.indices.allSatisfy({ pointer[open + 2 + $0] | 0x20 == name[$0] }) { return open }
            index = after
        }
        return nil
    }
}

/// A page read forward a piece at a time, for tokens longer than a window.
private struct PieceReader {
    let source: any PageSource
    private(set) var position: Int
    private var piece: [UInt8] = []
    private var pieceStart = 0

    init(source: any PageSource, position: Int) {
        self.source = source
        self.position = position
        pieceStart = position
    }

    /// Makes the piece hold `position`; `false` at the page's end.
    private mutating func load() -> Bool {
        if position >= pieceStart, position < pieceStart + piece.count { return true }
        while !source.isComplete, source.byteCount <= position { _ = source.waitForBytes(beyond: position) }
        guard position < source.byteCount else { return false }
        // One buffer, reused: a start tag of many megabytes is read a piece at a time.
        let wanted = min(Self.pieceBytes, source.byteCount - position)
        if piece.count != wanted { piece = [UInt8](repeating: 0, count: wanted) }
        let source = source
        let start = position
        let count = piece.withUnsafeMutableBytes { source.read(start..<(start + $0.count), into: $0) }
        if count < piece.count { piece.removeSubrange(count...) }
        pieceStart = position
        return count > 0
    }

    static let pieceBytes = 1 << 18

    mutating func peek() -> UInt8? {
        load() ? piece[position - pieceStart] : nil
    }

    mutating func next() -> UInt8? {
        defer { position += 1 }
        return peek()
    }

    /// Moves to the next `byte`, adding the bytes passed to `kept` while it holds
    /// fewer than `limit` more.
    /// - Returns: the offset of `byte` (passed too); `nil` at the page's end.
    mutating func skip(to byte: UInt8, keepingUpTo limit: Int, into kept: inout [UInt8]) -> Int? {
        let keptStart = kept.count
        while load() {
            let from = position - pieceStart
            let found = piece.withUnsafeBytes { bytes in
                memchr(bytes.baseAddress! + from, Int32(byte), bytes.count - from).map { $0 - UnsafeMutableRawPointer(mutating: bytes.baseAddress!) }
            }
            let end = found ?? piece.count
            if kept.count - keptStart < limit { kept += piece[from..<min(end, from + limit - (kept.count - keptStart))] }
            position = pieceStart + end
            if found != nil {
                position += 1
                return position - 1
            }
        }
        return nil
    }
}

/// The page bytes a `StructureScanner` looks at: a window read from the source, grown
/// when a token does not fit.
private struct ScanWindow {
    let source: any PageSource
    private var buffer: [UInt8] = []
    private var start = 0
    private var count = 0
    private var size = 1 << 20

    /// The largest window: a tag longer than this is read as text.
    static let maximumBytes = 64 << 20

    init(source: any PageSource) {
        self.source = source
    }

    /// Reads the window from `position`, holding at least `needing` bytes, or more than
    /// the last window held past `position` (waiting for a page still arriving), or up
    /// to the page's end. Returns `false` at the page's end.
    mutating func load(from position: Int, needing: Int) -> Bool {
        size = max(size, min(Self.maximumBytes, needing))
        let wanted = max(position + needing, start + count + 1)
        while !source.isComplete, source.byteCount < wanted { _ = source.waitForBytes(beyond: source.byteCount) }
        guard position < source.byteCount else { return false }
        let end = min(source.byteCount, position + size)
        if buffer.count < end - position { buffer = [UInt8](repeating: 0, count: size) }
        let source = source
        let read = buffer.withUnsafeMutableBytes { source.read(position..<end, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<(end - position)])) }
        start = position
        count = read
        return read > 0
    }

    /// Calls `body` with the window's bytes, its page offset, and whether it ends the page.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer, Int, Bool) -> Result) -> Result {
        buffer.withUnsafeBytes { bytes in
            body(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), start, source.isComplete && start + count >= source.byteCount)
        }
    }
}

/// Element names a `StructureScanner` met, by number, with what libxml2 and the cuts
/// make of each.
struct ScannedNames {
    struct Facts {
        var tag: HTMLTag
        /// Which open elements an end tag may close (those of no higher priority).
        var endPriority: Int = 100
        var isVoid = false
        var isRawText = false
        var isHead = false
        var isFrame = false
        /// Elements libxml2 puts in an implied `head`.
        var belongsInHead = false
        var staysOpen = false
        var isSplittable = false
        var isBlock = false
        var hidesLinks = false
        /// A replaced element (layout shows its `title`, not its content).
        var isReplaced = false
        /// What is inside is not styled (a title, dropped content).
        var isUnstyledInside = false
    }

    private(set) var facts: [Facts] = []
    /// By name: the open elements its start tag closes (libxml2's start-close table).
    private(set) var closes: [[Int32]] = []
    /// By name: its bytes, in lower case.
    private(set) var bytes: [[UInt8]] = []
    private var ids: [[UInt8]: Int32] = [:]
    private let cutting: HTMLParser.Cutting
    private let linklessTags: Set<HTMLTag>
    private(set) var html: Int32 = 0
    private(set) var head: Int32 = 0
    private(set) var body: Int32 = 0
    /// Numbers of names of up to 16 bytes, by their bytes packed in two words: open
    /// addressing, a power-of-two table at most half full (a look-up per tag, at the
    /// scanner's speed; a dictionary of byte arrays would allocate).
    private var packedKeys: [(UInt64, UInt64, Int32)] = Array(repeating: (0, 0, -1), count: 256)
    private var packedCount = 0

    init(cutting: HTMLParser.Cutting, linklessTags: Set<HTMLTag>) {
        self.cutting = cutting
        self.linklessTags = linklessTags
        html = id(of: Array("html".utf8))
        head = id(of: Array("head".utf8))
        body = id(of: Array("body".utf8))
        for (new, closed) in Self.startClose {
            let closedIDs = closed.split(separator: " ").map { id(of: Array($0.utf8)) }
            closes[Int(id(of: Array(new.utf8)))] = closedIDs
        }
    }

    /// The number of the name in `count` bytes at `pointer` (any case; libxml2 reads
    /// at most 100 bytes of a name).
    mutating func id(_ pointer: UnsafePointer<UInt8>, count: Int) -> Int32 {
        let count = min(count, 100)
        guard count <= 16, count > 0 else {
            return id(of: (0..<count).map { Self.lowercased(pointer[$0]) })
        }
        // Name bytes are never 0: the words padded with zeros tell names apart.
        var words: (UInt64, UInt64) = (0, 0)
        for index in 0..<count {
            let byte = UInt64(Self.lowercased(pointer[index]))
            if index < 8 { words.0 |= byte << (8 * UInt64(index)) } else { words.1 |= byte << (8 * UInt64(index - 8)) }
        }
        let mask = packedKeys.count - 1
        var slot = Int(truncatingIfNeeded: ((words.0 ^ (words.1 &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while packedKeys[slot].2 >= 0 {
            if packedKeys[slot].0 == words.0, packedKeys[slot].1 == words.1 { return packedKeys[slot].2 }
            slot = (slot + 1) & mask
        }
        let found = id(of: (0..<count).map { Self.lowercased(pointer[$0]) })
        packedKeys[slot] = (words.0, words.1, found)
        packedCount += 1
        if packedCount * 2 > packedKeys.count { growPacked() }
        return found
    }

    private mutating func growPacked() {
        let entries = packedKeys.filter { $0.2 >= 0 }
        packedKeys = Array(repeating: (0, 0, -1), count: packedKeys.count * 2)
        let mask = packedKeys.count - 1
        for entry in entries {
            var slot = Int(truncatingIfNeeded: ((entry.0 ^ (entry.1 &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
            while packedKeys[slot].2 >= 0 { slot = (slot + 1) & mask }
            packedKeys[slot] = entry
        }
    }

    static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// The number of a lower-case name.
    mutating func id(of name: [UInt8]) -> Int32 {
        if let id = ids[name] { return id }
        let id = Int32(facts.count)
        ids[name] = id
        facts.append(makeFacts(String(decoding: name, as: UTF8.self)))
        closes.append([])
        bytes.append(name)
        return id
    }

    private func makeFacts(_ name: String) -> Facts {
        let tag = HTMLTag(name: name)
        var facts = Facts(tag: tag)
        facts.endPriority = Self.endPriorities[name] ?? 100
        facts.isVoid = Self.voidNames.contains(name)
        facts.isRawText = name == "script" || name == "style"
        facts.isHead = name == "head"
        facts.isFrame = name == "frame" || name == "frameset" || name == "noframes"
        facts.belongsInHead = ["script", "style", "meta", "link", "title", "base"].contains(name)
        facts.staysOpen = tag != .unknown && cutting.staysOpen.contains(tag)
        facts.isSplittable = tag != .unknown && cutting.splittable.contains(tag)
        facts.isBlock = tag != .unknown && cutting.blocks.contains(tag)
        facts.hidesLinks = DocumentBuilder.droppedTags.contains(name) || name == "title" || (tag != .unknown && linklessTags.contains(tag))
        facts.isReplaced = tag != .unknown && linklessTags.contains(tag)
        facts.isUnstyledInside = name == "title" || DocumentBuilder.droppedTags.contains(name)
        return facts
    }

    /// libxml2's empty elements (its parser ends them at their start tag).
    static let voidNames: Set<String> = ["area", "base", "basefont", "br", "col", "frame", "hr", "img", "input", "isindex", "link", "meta", "param"]

    /// libxml2's end-tag priorities (others: 100).
    static let endPriorities: [String: Int] = [
        "div": 150, "td": 160, "th": 160, "tr": 170, "thead": 180, "tbody": 180, "tfoot": 180, "table": 190, "head": 200, "body": 200, "html": 220,
    ]

    /// For each start tag, the open elements it closes first (while the innermost is
    /// one of them), as libxml2 2.9 does.
    static let startClose: [(String, String)] = [
        ("a", "a head"), ("abbr", "head"), ("acronym", "head"), ("address", "head p ul"), ("b", "head"), ("bdo", "head"),
        ("big", "head"), ("blockquote", "head p"), ("body", "head link p style title"), ("br", "head"), ("caption", "p"),
        ("center", "b font head i p"), ("cite", "head"), ("code", "head"), ("col", "caption col p"), ("colgroup", "caption col colgroup p"),
        ("dd", "address dir dt head listing menu p pre xmp"), ("dfn", "head"), ("dir", "head p"), ("div", "head p"),
        ("dl", "address dir dt head listing menu p pre xmp"), ("dt", "address dd dir head listing menu p pre xmp"), ("em", "head"),
        ("fieldset", "a h1 h2 h3 h4 h5 h6 head legend listing p pre xmp"), ("font", "head"),
        ("form", "address dir dl form h1 h2 h3 h4 h5 h6 head hr listing menu ol p pre ul xmp"), ("frameset", "head link p style title"),
        ("h1", "head p"), ("h2", "head p"), ("h3", "head p"), ("h4", "head p"), ("h5", "head p"), ("h6", "head p"), ("head", "p"),
        ("hr", "head p"), ("i", "head"), ("iframe", "head"), ("img", "head"), ("kbd", "head"),
        ("li", "address dl h1 h2 h3 h4 h5 h6 head li listing p pre xmp"), ("listing", "head p"), ("map", "head"), ("menu", "head p ul"),
        ("noscript", "script"), ("ol", "head p ul"), ("optgroup", "option"), ("option", "option"),
        ("p", "b big h1 h2 h3 h4 h5 h6 head i p s small strike tt u"), ("pre", "head p ul"), ("q", "head"), ("s", "head"),
        ("samp", "head"), ("small", "head"), ("span", "head"), ("strike", "head"), ("strong", "head"), ("sub", "head"), ("sup", "head"),
        ("table", "a h1 h2 h3 h4 h5 h6 head listing p pre xmp"), ("tbody", "caption col colgroup p tbody td tfoot th thead tr"),
        ("td", "a b font i p span td th u"), ("tfoot", "caption col colgroup p tbody td th thead tr"), ("th", "a b font i p span td th u"),
        ("thead", "caption col colgroup"), ("title", "p"), ("tr", "caption col colgroup p td th tr"), ("tt", "head"), ("u", "head"),
        ("ul", "address dir head listing menu ol p pre xmp"), ("var", "head"), ("xmp", "head p"),
    ]
}
