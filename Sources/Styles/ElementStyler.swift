import Glibc

/// Styles elements as a parse meets their start tags, in document order: it keeps
/// the open elements (their names, ids, classes and the attributes the sheets ask
/// about, and their computed styles) and the children each has had so far, which is
/// all that selectors can see of the tree at a start tag.
///
/// Elements alike share one computed style, matched once, as browsers' style sharing
/// does: alike in name, in the ids, classes and attributes the selectors read and in
/// link-ness, under parents alike (so, by induction, with ancestors alike), and
/// matched alike by the rules that read siblings, they match the same rules.
///
/// What only the rest of the page could tell (`:last-child`, `:nth-last-child()`,
/// `:only-child`, `:last-of-type`, `:empty`) is not known when an element starts:
/// such selectors see no following sibling and no child, as a styler that reads the
/// page once must.
package final class ElementStyler {
    /// What selectors read of an element: one object, shared by the levels and the
    /// states that hold it (matching reaches it at every step, and a copy of its
    /// strings would cost a count taken and given back for each).
    final class Element: Hashable, Sendable {
        struct Attribute: Hashable, Sendable {
            var name: String
            var value: String
        }
        let name: String
        let id: String?
        let classes: [String]
        let attributes: [Attribute]
        let isLink: Bool
        let styleAttribute: String?

        init(name: String, id: String?, classes: [String], attributes: [Attribute], isLink: Bool, styleAttribute: String?) {
            self.name = name
            self.id = id
            self.classes = classes
            self.attributes = attributes
            self.isLink = isLink
            self.styleAttribute = styleAttribute
        }

        static func == (left: Element, right: Element) -> Bool {
            left === right
                || (left.name == right.name && left.id == right.id && left.classes == right.classes && left.attributes == right.attributes
                    && left.isLink == right.isLink && left.styleAttribute == right.styleAttribute)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(name) }

        func attributeValue(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    }

    /// The style of an element's `::after`, and the element (its text is made at the
    /// element's end, with the counters then, and its attributes): a box, copied with
    /// its level as one reference.
    final class After: Equatable, Sendable {
        let style: ComputedStyle
        let element: Element

        init(style: ComputedStyle, element: Element) {
            self.style = style
            self.element = element
        }

        static func == (left: After, right: After) -> Bool { left === right || (left.style == right.style && left.element == right.element) }
    }

    /// An open element (or the document, first) and the children it has had so far:
    /// how many, how many of each name, and the last few themselves (a body of a
    /// million paragraphs keeps 32).
    struct Level: Equatable, Sendable {
        /// Its element's style (shared by the elements alike: a level takes it with one
        /// count, not a copy of the style's own).
        var styled: Styled
        var style: ComputedStyle { styled.style }
        /// The style of its `::after` (its text is made at its end, with the counters
        /// then) and the element, and whether its `::before` put something at its
        /// start.
        var after: After?
        var hasBefore = false
        /// The counters whose scope is its children (`counter-reset` on one of them,
        /// and what follows it), by name.
        var counters: [String: Int] = [:]
        /// Its element's keys, as the ancestor filter counts them.
        var hashes: [UInt32] = []
        var recent: [Element] = []
        var count = 0
        var countsByName = NameCounts()

        /// Child `index` (from 0), if it is among the last kept (in a ring: child
        /// `index` is at `index % keptSiblings`; past `count`, children of an element
        /// that had this level before, left to be written over).
        func child(_ index: Int) -> Element? {
            guard index >= 0, index < count, index >= count - ElementStyler.keptSiblings else { return nil }
            return recent[index % ElementStyler.keptSiblings]
        }

        /// Makes a closed level the level of an element opening, keeping the room its
        /// arrays had (and the children it had, to be written over).
        mutating func open(styled: Styled, after: After?, hashes: [UInt32]) {
            self.styled = styled
            self.after = after
            hasBefore = false
            if !counters.isEmpty { counters.removeAll(keepingCapacity: true) }
            self.hashes = hashes
            count = 0
            countsByName.removeAll()
        }

        mutating func append(_ element: Element, countsNames: Bool) {
            let slot = count % ElementStyler.keptSiblings
            if slot < recent.count {
                recent[slot] = element
            } else {
                // (Room for a few at once: grown one at a time, a list of children
                // would be made again at its second, third, fifth child...)
                if recent.isEmpty { recent.reserveCapacity(8) }
                recent.append(element)
            }
            count += 1
            if countsNames { countsByName.add(element.name) }
        }

        mutating func skip(_ skipped: Int, byName: [String: Int]) {
            let kept = ElementStyler.keptSiblings
            while recent.count < min(kept, count + skipped) { recent.append(ElementStyler.nowhere) }
            for index in max(count, count + skipped - kept)..<(count + skipped) { recent[index % kept] = ElementStyler.nowhere }
            count += skipped
            for (name, number) in byName { countsByName.add(name, number) }
        }

        /// The level without the children left over from an element before.
        var withoutLeftovers: Level {
            guard recent.count > count else { return self }
            var level = self
            level.recent.removeLast(recent.count - count)
            return level
        }

        static func == (left: Level, right: Level) -> Bool {
            (left.styled === right.styled || left.style == right.style) && left.after == right.after
                && left.hasBefore == right.hasBefore && left.counters == right.counters && left.hashes == right.hashes && left.recent == right.recent
                && left.count == right.count && left.countsByName == right.countsByName
        }
    }

    /// A start tag met before, as its bytes were (its name, then its attributes'
    /// names and values, each after its length): what was made of it, made once for
    /// all the start tags alike (a page's tags are mostly the same few, and making
    /// its strings, its element and its keys again cost a third of styling).
    private final class KnownTag {
        let bytes: [UInt8]
        /// The hash of `bytes` (`start(name:parsedAttributes:)`).
        let hash: UInt64
        let facts: Sharing.TagFacts
        /// The likeness of the parent it was last met under, and the elements alike
        /// there (a tag comes under the same parent many times in a row).
        var lastParent = -1
        var lastAlike: Alike?

        init(bytes: [UInt8], hash: UInt64, facts: Sharing.TagFacts) {
            self.bytes = bytes
            self.hash = hash
            self.facts = facts
        }
    }

    /// Elements alike but for their siblings: the rules that read siblings which may
    /// concern them (those that cannot match an element as it starts left out), and
    /// their styles by which of these rules match.
    private final class Alike {
        let readers: [SiblingReader]
        var styles: [SiblingMatches: Styled] = [:]
        /// Their style, where no rule that concerns them reads siblings.
        var styleForAll: Styled?

        init(readers: [SiblingReader]) {
            self.readers = readers
        }
    }

    /// What the cascade gives elements alike: the number that names their likeness,
    /// their style, and their pseudo-elements' where these draw something.
    /// (A class: shared by the elements alike, each takes it with one count.)
    package final class Styled: Sendable {
        let likeness: Int
        package let style: ComputedStyle
        let pseudo: PseudoStyles?
        /// What is read of the style at every element, known at once (read of the
        /// style, each would copy it, and count its parts).
        let changesCounters: Bool
        package let hidesElement: Bool
        package let hidesListMarker: Bool
        package let display: ComputedStyle.Display

        init(likeness: Int, style: ComputedStyle, pseudo: PseudoStyles?) {
            self.likeness = likeness
            self.style = style
            self.pseudo = pseudo
            changesCounters = style.changesCounters
            hidesElement = style.hidesElement
            hidesListMarker = style.listStyleType == "none"
            display = style.display
        }
    }

    /// The styles of `::before` and `::after` where they draw something (their text is
    /// each element's own: `attr()` reads its attributes). A class: most elements
    /// have none, and a style shared is copied at every element.
    final class PseudoStyles: Sendable {
        let before: ComputedStyle?
        let after: ComputedStyle?

        init(before: ComputedStyle?, after: ComputedStyle?) {
            self.before = before
            self.after = after
        }
    }

    // The styler's state is not checked for exclusive access: one parse drives a
    // styler, on one thread, and nothing reads it while a change to it is under way
    // (matching reads the levels between changes); the checks cost a quarter of
    // styling.
    @exclusivity(unchecked) private var alike: [Likeness: Alike] = [:]
    /// What this styler shares with the page's others (its cascade's).
    private let sharing: Sharing
    /// Start tags met, in a slot by the hash of their read parts (a tag whose slot
    /// another has is made again, and takes its place: so `likenessesKept` at most).
    @exclusivity(unchecked) private var knownTags = [KnownTag?](repeating: nil, count: ElementStyler.likenessesKept)
    /// The parts of the start tag being styled that the sheets may read
    /// (`collectReadParts`), where the parser keeps them.
    /// (Kept by hand: an array's count and uniqueness checked at every part cost as
    /// much as the hashing.)
    @exclusivity(unchecked) private var tagParts = UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>.allocate(capacity: 0)
    @exclusivity(unchecked) private var tagPartCount = 0
    @exclusivity(unchecked) private var tagPartCapacity = 0
    /// The start tag being styled, as `KnownTag` keeps its bytes.
    @exclusivity(unchecked) private var tagBytes: [UInt8] = []
    /// The attributes the sheets may read, and how much of each.
    private let readAttributes: [(name: [UInt8], read: AttributeRead)]
    private let distinctions: Cascade.Distinctions
    /// Likenesses and start tags kept at most (a power of 2); past them, those kept
    /// are forgotten.
    static let likenessesKept = 4_096

    /// What a node out of reach reads as (never reached).
    static let nowhere = Element(name: "", id: nil, classes: [], attributes: [], isLink: false, styleAttribute: nil)

    /// The earlier siblings kept for `+`, `~` and `:nth-child(... of S)`.
    package static let keptSiblings = 32

    private let cascade: Cascade
    /// The open levels, the document first, and past them (from `openLevels` on)
    /// levels closed, kept to be opened again: an element's level is made once per
    /// depth, not once per element (its arrays made and given back at every element
    /// cost a tenth of a styled parse).
    @exclusivity(unchecked) private var levels: [Level]
    /// How many levels are open.
    @exclusivity(unchecked) private var openLevels: Int
    @exclusivity(unchecked) private var scratch = Cascade.Scratch()
    /// The keys of the open elements down to `keyedDepth`.
    @exclusivity(unchecked) private var ancestors = AncestorFilter()
    /// The keys of the open elements down to `keyedDepth`, each once, and how many of
    /// them have each.
    @exclusivity(unchecked) private var openKeys = OpenKeyCounts()
    /// How many of the open elements, the outermost, `ancestors` and `openKeys` count:
    /// brought up to all of them only where the cascade is asked (most elements share
    /// a style met before), and cut back as those counted close; so the elements that
    /// open and close below it, most of a page, cost them nothing.
    @exclusivity(unchecked) private var keyedDepth = 0
    /// For each counter's name, the levels whose `counters` have one of that name,
    /// outermost first: the innermost found at once, however deep the page.
    @exclusivity(unchecked) private var counterScopes: [String: [Int]] = [:]
    /// Open elements kept as levels at most, the outermost: an element deeper is
    /// styled as a child of the deepest kept (`deeper`), as a browser's parser puts
    /// elements nested deeper than 512 beside the 512th. So a page nested a hundred
    /// thousand deep keeps 512 levels, selectors look through 512 ancestors at most
    /// (under `.top div` every element would look through all the others above it),
    /// and its deep elements, alike, share a style made once.
    package static let keptLevels = 512
    /// The elements open below the deepest level kept, outermost first: what each
    /// is styled, in runs of the same (a page nested deep nests the same few
    /// elements over and over).
    @exclusivity(unchecked) private var deeper = DeeperElements()
    /// Values of a counter `counters()` shows at most, the innermost (a page nested
    /// a hundred thousand deep would otherwise make each line longer than the last).
    static let shownCounterInstances = 100
    /// Whether a selector counts elements of a name (`:nth-of-type()` and its kin).
    private let countsNames: Bool

    /// Where a styler stands: the open elements and what selectors know of their
    /// children so far. A parse that starts again inside them (a part of a page, from
    /// a checkpoint) goes on from it, and styles the rest as the parse that made it.
    package struct State: Hashable, Sendable {
        fileprivate var levels: [Level]
        fileprivate var deeper = DeeperElements()

        /// What is known of open element `depth` (0: the outermost) where it is open.
        private func opened(_ depth: Int) -> DeeperElements.Element? {
            if levels.indices.contains(depth + 1) {
                let level = levels[depth + 1]
                return DeeperElements.Element(styled: level.styled, after: level.after, hasBefore: level.hasBefore)
            }
            return depth + 1 >= levels.count ? deeper.element(depth + 1 - levels.count) : nil
        }

        /// The computed style of open element `depth` (0: the outermost), in its box
        /// (read without a copy of the style).
        package func styled(ofOpen depth: Int) -> Styled? { opened(depth)?.styled }

        /// Whether the `::before` of open element `depth` added text at its start.
        package func before(ofOpen depth: Int) -> Bool { opened(depth)?.hasBefore ?? false }

        /// Whether open element `depth` has an `::after` that adds text at its end.
        package func hasAfter(ofOpen depth: Int) -> Bool { opened(depth)?.after != nil }

        /// How many elements are open.
        package var depth: Int { levels.count - 1 + deeper.count }

        /// The state with its first `count` levels (the document first): where the
        /// styler stood when the elements open then were open, without the children
        /// the innermost has had since; `nil` past the levels kept (the deepest has
        /// had the elements below it as its children since).
        package func keepingLevels(_ count: Int) -> State? {
            count <= levels.count && (count < levels.count || deeper.count == 0) ? State(levels: Array(levels.prefix(count))) : nil
        }

        package static func == (left: State, right: State) -> Bool { left.levels == right.levels && left.deeper == right.deeper }
        package func hash(into hasher: inout Hasher) { hasher.combine(depth) }
    }

    /// A styler at the start of a page, or from `state`.
    package init(cascade: Cascade, from state: State? = nil) {
        self.cascade = cascade
        countsNames = cascade.countsTypes
        distinctions = cascade.distinctions
        let read = cascade.readAttributeNames
        readAttributes =
            [("class", .whole), ("style", .whole), ("id", read.contains("id") ? .whole : .ifNamed), ("href", read.contains("href") ? .whole : .presence)]
            .map { (Array($0.0.utf8), $0.1) } + read.subtracting(["class", "style", "id", "href"]).sorted().map { (Array($0.utf8), .whole) }
        sharing = cascade.sharing
        levels = state?.levels ?? [Level(styled: Styled(likeness: 0, style: ComputedStyle(), pseudo: nil))]
        deeper = state?.deeper ?? DeeperElements()
        openLevels = levels.count
        for (index, level) in levels.enumerated() {
            for name in level.counters.keys { counterScopes[name, default: []].append(index) }
        }
    }

    /// Where it stands now.
    package var state: State { State(levels: levels.prefix(openLevels).map(\.withoutLeftovers), deeper: deeper) }

    /// How many elements are open.
    package var depth: Int { openLevels - 1 + deeper.count }

    /// The style of the innermost open element (the document's before any), in its box.
    private var innermostStyled: Styled {
        @inline(__always) get { deeper.count == 0 ? levels[openLevels - 1].styled : deeper.last!.styled }
    }

    /// The `::after` of the innermost open element, if it has one that may add text.
    private var innermostAfter: After? {
        @inline(__always) get { deeper.count == 0 ? levels[openLevels - 1].after : deeper.last!.after }
    }

    /// The computed style of the innermost open element (the document's before any).
    package var currentStyle: ComputedStyle { innermostStyled.style }

    /// A number that names the computed style (and the pseudo-elements' styles) of
    /// the innermost open element, the same for the elements alike, another for any
    /// other style this styler made.
    package var currentLikeness: Int { innermostStyled.likeness }

    /// Opens an element with `name` (lower case) and `attributes` (names in lower
    /// case, as HTML parsers give them), and gives its computed style.
    package func start(name: String, attributes: [(name: String, value: String)]) -> ComputedStyle {
        Self.withParsed(attributes) { start(name: name, parsedAttributes: $0) }
    }

    /// Counts an element that opens and closes here as the innermost open element's
    /// child, unstyled (as `start(name:attributes:)` then `end()` would, where its
    /// style changes nothing else): its later siblings' selectors see it, and a state
    /// keeps no more of it. Only where the sheets step no counter
    /// (`Cascade.mayStepCounters`) and its `style` attribute does not either.
    package func addUnstyledChild(name: String, attributes: [(name: String, value: String)]) {
        Self.withParsed(attributes) { parsed in
            let tag = knownTag(name: name, parsedAttributes: parsed, liftedClass: nil)
            levels[openLevels - 1].append(tag.facts.element, countsNames: countsNames)
        }
    }

    /// `attributes` as a parser gives them, C strings (names and values in turn, ended
    /// by a `nil`), to `body`.
    private static func withParsed<Result>(
        _ attributes: [(name: String, value: String)], _ body: (UnsafePointer<UnsafePointer<UInt8>?>?) -> Result
    ) -> Result {
        let strings = attributes.flatMap { [$0.name, $0.value] }.map { string in
            let bytes = Array(string.utf8) + [0]
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            copy.initialize(from: bytes, count: bytes.count)
            return copy
        }
        defer { strings.forEach { $0.deallocate() } }
        let pointers = strings.map { UnsafePointer<UInt8>?(UnsafePointer($0)) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// Opens an element with `name` (lower case) and the attributes an HTML parser
    /// gives: names (lower case) and values in turn, as C strings, a value `nil` for
    /// none, ended by a name `nil`; and gives its computed style.
    ///
    /// Only what the sheets may read of the tag is looked at: its id where a selector
    /// names it, its classes, its `style`, whether it has an `href`, the attributes
    /// selectors read and `content` shows. Tags alike in these are one `KnownTag`,
    /// whose strings are made once.
    ///
    /// `liftedClass` is the value of its `class` where the parser was not given it.
    package func start(
        name: String, parsedAttributes attributes: UnsafePointer<UnsafePointer<UInt8>?>?, liftedClass: UnsafeBufferPointer<UInt8>? = nil
    ) -> ComputedStyle {
        openElement(name: name, parsedAttributes: attributes, liftedClass: liftedClass)
        return currentStyle
    }

    /// What a parse reads of an element's style at every element, given at once (one
    /// call, where a getter each cost as much as the rest of an element's styling
    /// read from another module).
    package struct Opened {
        /// Whether its style hides it, and whether its `list-style-type` is `none`.
        package let hides: Bool
        package let hidesListMarker: Bool
        /// Its `display` (a table's part makes an element a part of a table).
        package let display: ComputedStyle.Display
        /// The number of its style (`currentLikeness`).
        package let likeness: Int
        /// Whether its `::before` adds text (`generatedBefore`), and whether it has an
        /// `::after` that may.
        package let hasBefore: Bool
        package let hasAfter: Bool
    }

    /// Opens an element as `start(name:parsedAttributes:liftedClass:)` does, and
    /// gives what is read of its style at every element: the rest is read of the
    /// styler (`currentStyle` and its kin) where needed, and most elements need little
    /// (a style copied out at every element cost a count taken and given back for
    /// each of its parts).
    @discardableResult
    package func open(
        name: String, parsedAttributes attributes: UnsafePointer<UnsafePointer<UInt8>?>?, liftedClass: UnsafeBufferPointer<UInt8>? = nil
    ) -> Opened {
        openElement(name: name, parsedAttributes: attributes, liftedClass: liftedClass)
        let styled = innermostStyled
        return Opened(
            hides: styled.hidesElement, hidesListMarker: styled.hidesListMarker, display: styled.display, likeness: styled.likeness,
            hasBefore: hasGeneratedBefore, hasAfter: innermostAfter != nil)
    }

    private func openElement(name: String, parsedAttributes attributes: UnsafePointer<UnsafePointer<UInt8>?>?, liftedClass: UnsafeBufferPointer<UInt8>?) {
        start(knownTag(name: name, parsedAttributes: attributes, liftedClass: liftedClass))
    }

    /// The start tag of `name` and `attributes`, as met before (else made now).
    private func knownTag(name: String, parsedAttributes attributes: UnsafePointer<UnsafePointer<UInt8>?>?, liftedClass: UnsafeBufferPointer<UInt8>?) -> KnownTag {
        var nameString = name
        return nameString.withUTF8 { nameBytes in
            // (FNV-1a over the parts and their lengths: the tag's key, made without
            // copying the tag, which most often was met before.)
            // (The parts found first, then hashed in a loop of its own: a part handed
            // to a closure that hashes it was a call each.)
            collectReadParts(name: nameBytes, attributes, liftedClass: liftedClass)
            let parts = UnsafeBufferPointer(start: tagParts, count: tagPartCount)
            var hash: UInt64 = 14_695_981_039_346_656_037
            for part in parts { hash = Self.hash(part, into: hash) }
            let slot = Int(truncatingIfNeeded: hash) & (Self.likenessesKept - 1)
            if let known = knownTags[slot], known.hash == hash, Self.holds(known.bytes, parts) { return known }
            tagBytes.removeAll(keepingCapacity: true)
            for part in parts { appendTagBytes(part) }
            let facts = sharing.tag(tagBytes) { number in tagFacts(name: name, attributes: Self.attributes(in: tagBytes), number: number) }
            let made = KnownTag(bytes: tagBytes, hash: hash, facts: facts)
            knownTags[slot] = made
            return made
        }
    }

    /// `hash` with `part` (its length, then its bytes eight at a time) mixed in.
    @inline(__always)
    private static func hash(_ part: UnsafeBufferPointer<UInt8>, into hash: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = (hash ^ UInt64(part.count)) &* multiplier
        guard let base = part.baseAddress else { return hash }
        var offset = 0
        while offset + 8 <= part.count {
            hash = (hash ^ UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        var last: UInt64 = 0
        var shift: UInt64 = 0
        while offset < part.count {
            last |= UInt64(base[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ last) &* multiplier
        return hash ^ (hash >> 29)
    }

    private func growTagParts() {
        let grown = UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>.allocate(capacity: max(16, tagPartCapacity * 2))
        grown.moveInitialize(from: tagParts, count: tagPartCount)
        tagParts.deallocate()
        tagParts = grown
        tagPartCapacity = max(16, tagPartCapacity * 2)
    }

    deinit { tagParts.deallocate() }

    /// Puts in `tagParts` each part of a start tag that the sheets may read, in order:
    /// its name, then the name and the value of each attribute they may read (its
    /// value empty where only its presence counts).
    private func collectReadParts(
        name: UnsafeBufferPointer<UInt8>, _ attributes: UnsafePointer<UnsafePointer<UInt8>?>?, liftedClass: UnsafeBufferPointer<UInt8>?
    ) {
        tagPartCount = 0
        @inline(__always) func visit(_ part: UnsafeBufferPointer<UInt8>) {
            if tagPartCount == tagPartCapacity { growTagParts() }
            tagParts[tagPartCount] = part
            tagPartCount += 1
        }
        visit(name)
        if let liftedClass {
            visit(Self.classBytes)
            visit(liftedClass)
        }
        var index = 0
        while let attributeName = attributes?[index] {
            let nameBytes = Self.bytes(of: attributeName)
            let valueString = attributes?[index + 1]
            index += 2
            // (A value's length is found only where it is read: most attributes are
            // not, and an `href` or a `title` is long.)
            let read = readAttribute(nameBytes)
            switch read {
            case .unread: continue
            case .presence:
                visit(nameBytes)
                visit(UnsafeBufferPointer(start: nil, count: 0))
                continue
            case .whole, .ifNamed: break
            }
            let value = valueString.map(Self.bytes) ?? UnsafeBufferPointer(start: nil, count: 0)
            if read == .ifNamed, !distinctions.mayName(hash: AncestorFilter.hash(bytes: value, kind: 1)) { continue }
            visit(nameBytes)
            visit(value)
        }
    }

    /// Whether `bytes` (as `tagBytes` holds a tag) are `parts`.
    private static func holds(_ bytes: [UInt8], _ parts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.withUnsafeBufferPointer { kept in
            var offset = 0
            for part in parts {
                guard offset + 4 + part.count <= kept.count,
                    UnsafeRawPointer(kept.baseAddress! + offset).loadUnaligned(as: UInt32.self).littleEndian == UInt32(truncatingIfNeeded: part.count),
                    part.isEmpty || memcmp(kept.baseAddress! + offset + 4, part.baseAddress!, part.count) == 0
                else { return false }
                offset += 4 + part.count
            }
            return offset == kept.count
        }
    }

    /// How much of an attribute the sheets may read.
    private enum AttributeRead {
        case whole, presence, unread
        /// (An id: read where a selector names it.)
        case ifNamed
    }

    /// How much of the attribute of name `name` the sheets may read.
    private func readAttribute(_ name: UnsafeBufferPointer<UInt8>) -> AttributeRead {
        for read in readAttributes where read.name.count == name.count {
            if read.name.withUnsafeBufferPointer({ memcmp($0.baseAddress!, name.baseAddress!, name.count) == 0 }) { return read.read }
        }
        return .unread
    }

    /// `class`, as a part of a tag (made once, never freed).
    private nonisolated(unsafe) static let classBytes: UnsafeBufferPointer<UInt8> = {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 5)
        _ = bytes.initialize(from: "class".utf8)
        return UnsafeBufferPointer(bytes)
    }()

    /// The bytes of a C string, without its 0.
    private static func bytes(of string: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: string, count: strlen(string))
    }

    /// Adds a name or a value to `tagBytes`, after its length.
    private func appendTagBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: bytes.count).littleEndian) { tagBytes.append(contentsOf: $0) }
        tagBytes.append(contentsOf: bytes)
    }

    /// The attributes of a start tag as `tagBytes` holds them.
    private static func attributes(in bytes: [UInt8]) -> [(name: String, value: String)] {
        var strings: [String] = []
        var index = 0
        while index < bytes.count {
            let count = bytes[index..<(index + 4)].reversed().reduce(0) { $0 << 8 | Int($1) }
            strings.append(String(decoding: bytes[(index + 4)..<(index + 4 + count)], as: UTF8.self))
            index += 4 + count
        }
        // (The first is the element's name.)
        return stride(from: 1, to: strings.count - 1, by: 2).map { (strings[$0], strings[$0 + 1]) }
    }

    /// What the start tag of `name` and `attributes` gives, its likeness base
    /// numbered by `number`.
    private func tagFacts(name: String, attributes: [(name: String, value: String)], number: (LikenessBase) -> Int) -> Sharing.TagFacts {
        var id: String?
        var classes: [String] = []
        var styleAttribute: String?
        var isLink = false
        for (attributeName, value) in attributes {
            // (Told apart by their lengths first: a string compared with one it is not
            // costs a slow call.)
            switch attributeName.utf8.count {
            case 2 where attributeName == "id": id = value
            case 4 where attributeName == "href": isLink = name == "a" || name == "area"
            case 5 where attributeName == "class": classes = Self.words(value)
            case 5 where attributeName == "style": styleAttribute = value
            default: break
            }
        }
        // (The attributes in the order of their names: a tag whose class the reader
        // lifted gives it first, and is the same element.)
        let element = Element(
            name: name, id: id, classes: classes,
            attributes: attributes.map { Element.Attribute(name: $0.name, value: $0.value) }.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) },
            isLink: isLink,
            styleAttribute: styleAttribute)
        // (The name's, the id's, the classes': for the ancestor filter, and to know
        // which of them a selector names.)
        let hashes = AncestorFilter.hashes(name: name, id: id, classes: classes)
        let base = LikenessBase(
            name: name,
            id: id.flatMap { distinctions.mayName(hash: hashes[1]) ? $0 : nil },
            classes: classes.indices.filter { distinctions.mayName(hash: hashes[$0 + (id == nil ? 1 : 2)]) }.map { classes[$0] },
            attributes: distinctions.attributeNames.isEmpty ? [] : element.attributes.filter { distinctions.attributeNames.contains($0.name) },
            isLink: isLink, styleAttribute: styleAttribute)
        let readers = cascade.selectorsReadingSiblings(id: base.id, classes: base.classes, type: name).compactMap(SiblingReader.init)
        return Sharing.TagFacts(element: element, hashes: hashes, base: number(base), readers: readers)
    }

    /// Opens the element of start tag `tag`.
    private func start(_ tag: KnownTag) {
        let facts = tag.facts
        let element = facts.element
        let parentLevel = openLevels - 1
        // (The levels reached in place, once: each access of an array's element to
        // change it checks that the array is not shared.)
        let (childIndex, parentLikeness) = levels.withUnsafeMutableBufferPointer { levels in
            levels[parentLevel].append(element, countsNames: countsNames)
            return (levels[parentLevel].count - 1, levels[parentLevel].styled.likeness)
        }
        let subject = Node(styler: self, level: parentLevel, index: childIndex, element: element)
        let likeness = Likeness(parent: parentLikeness, base: facts.base)
        let elementsAlike: Alike
        if tag.lastParent == parentLikeness, let known = tag.lastAlike {
            elementsAlike = known
        } else if let known = alike[likeness] {
            elementsAlike = known
        } else {
            if alike.count >= Self.likenessesKept { alike.removeAll(keepingCapacity: true) }
            elementsAlike = Alike(readers: facts.readers)
            alike[likeness] = elementsAlike
        }
        if tag.lastParent != parentLikeness {
            tag.lastParent = parentLikeness
            tag.lastAlike = elementsAlike
        }
        let styled: Styled
        if elementsAlike.readers.isEmpty {
            if let shared = elementsAlike.styleForAll {
                styled = shared
            } else {
                styled = sharing.styled(likeness, matches: SiblingMatches()) { style(of: subject) }
                elementsAlike.styleForAll = styled
            }
        } else {
            var matches = SiblingMatches()
            let position = subject.index + 1
            for (index, reader) in elementsAlike.readers.enumerated() where reader.matches(subject, position: position) {
                matches.insert(index)
            }
            if let shared = elementsAlike.styles[matches] {
                styled = shared
            } else {
                styled = sharing.styled(likeness, matches: matches) { style(of: subject) }
                elementsAlike.styles[matches] = styled
            }
        }
        // Its counters step (in its parent's scope), then its `::before`'s (in its own).
        if styled.changesCounters { changeCounters(styled.style) }
        let after = styled.pseudo?.after.map { After(style: $0, element: element) }
        let isDeeper = openLevels > Self.keptLevels
        if isDeeper {
            deeper.append(DeeperElements.Element(styled: styled, after: after, hasBefore: false))
        } else if openLevels < levels.count {
            let opening = openLevels
            levels.withUnsafeMutableBufferPointer { $0[opening].open(styled: styled, after: after, hashes: facts.hashes) }
            openLevels += 1
        } else {
            levels.append(Level(styled: styled, after: after, hashes: facts.hashes))
            openLevels += 1
        }
        // (Most elements have none: the content, a style and a string, is not touched
        // for them; an optional of it copied at every element cost a twentieth of a
        // styled parse.)
        if let before = styled.pseudo?.before {
            changeCounters(before)
            generatedBefore = GeneratedContent(before, attributeValue: element.attributeValue, counters: counterValues)
            hasGeneratedBefore = generatedBefore != nil
        } else if hasGeneratedBefore {
            generatedBefore = nil
            hasGeneratedBefore = false
        }
        if isDeeper {
            if hasGeneratedBefore { deeper.markLastHasBefore() }
        } else if hasGeneratedBefore || levels[openLevels - 1].hasBefore {
            // (`open` cleared it: most elements have none, and are not written again.)
            levels[openLevels - 1].hasBefore = hasGeneratedBefore
        }
    }

    /// Applies `style`'s `counter-reset` and `counter-increment`, an element's
    /// starting now or a pseudo-element's of the innermost open one: a reset starts a
    /// counter in the parent's scope (the element's and what follows it), an
    /// increment steps the innermost counter of its name (started at 0 there if none).
    private func changeCounters(_ style: ComputedStyle) {
        let scope = openLevels - 1
        for reset in style.counterResets {
            if levels[scope].counters.updateValue(reset.value, forKey: reset.name) == nil { counterScopes[reset.name, default: []].append(scope) }
        }
        for increment in style.counterIncrements {
            guard let level = counterScopes[increment.name]?.last else {
                levels[scope].counters[increment.name] = increment.value
                counterScopes[increment.name, default: []].append(scope)
                continue
            }
            levels[level].counters[increment.name, default: 0] &+= increment.value
        }
    }

    /// The values of the counters of `name` in scope, outermost first (the innermost
    /// `shownCounterInstances`).
    private func counterValues(_ name: String) -> [Int] {
        (counterScopes[name] ?? []).suffix(Self.shownCounterInstances).compactMap { levels[$0].counters[name] }
    }

    /// Counts the keys of an element opening.
    private func addAncestorKeys(_ hashes: [UInt32]) {
        ancestors.add(hashes)
        for hash in hashes { openKeys.add(hash) }
    }

    /// Counts off the keys of an element closing (the last opened): those no other
    /// open element has are the list's last.
    private func removeAncestorKeys(_ hashes: [UInt32]) {
        ancestors.remove(hashes)
        for hash in hashes.reversed() { openKeys.remove(hash) }
    }

    /// What the cascade gives `subject`, the element being started, under the open ones.
    private func style(of subject: Node) -> (style: ComputedStyle, pseudo: PseudoStyles?) {
        while keyedDepth < openLevels - 1 {
            keyedDepth += 1
            addAncestorKeys(levels[keyedDepth].hashes)
        }
        let ancestorKeys = AncestorKeys(keys: openKeys.keys, filter: ancestors)
        let style = cascade.style(of: subject, parent: openLevels > 1 ? currentStyle : nil, scratch: &scratch, ancestors: ancestorKeys)
        var pseudoStyles: PseudoStyles?
        if cascade.stylesPseudoElements, !style.hidesElement {
            func pseudo(_ element: PseudoElement) -> ComputedStyle? {
                let pseudoStyle = cascade.style(of: subject, parent: style, pseudo: element, scratch: &scratch, ancestors: ancestorKeys)
                return pseudoStyle.content == nil || pseudoStyle.hidesElement || pseudoStyle.isClippedAway ? nil : pseudoStyle
            }
            // (Only where a rule for it matched the element.)
            let before = scratch.matchedBefore ? pseudo(.before) : nil
            let after = scratch.matchedAfter ? pseudo(.after) : nil
            if before != nil || after != nil { pseudoStyles = PseudoStyles(before: before, after: after) }
        }
        return (style, pseudoStyles)
    }

    /// The content `::before` gives the element started last, `nil` for none.
    @exclusivity(unchecked) package private(set) var generatedBefore: GeneratedContent?
    /// Whether there is one (`generatedBefore != nil`, known without reading it).
    @exclusivity(unchecked) package private(set) var hasGeneratedBefore = false

    /// The content `::after` gives the innermost open element as it ends, `nil` for
    /// none (its counters step first).
    package func generatedAfter() -> GeneratedContent? {
        guard let after = innermostAfter else { return nil }
        // (Its counters are the element's children's: a pseudo-element is a child.)
        changeCounters(after.style)
        return GeneratedContent(after.style, attributeValue: after.element.attributeValue, counters: counterValues)
    }

    /// Whether the innermost open element has an `::after` that may add text.
    package var hasGeneratedAfter: Bool { innermostAfter != nil }

    /// The words of a `class` attribute, split at ASCII white space.
    static func words(_ value: String) -> [String] {
        value.utf8.split { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }.map { String(Substring($0)) }
    }

    /// Counts `count` children of the innermost open element that are not read (of
    /// the names `byName` counts): selectors that look back at them find nothing
    /// there, until later children take their places among the kept.
    package func skipChildren(_ count: Int, byName: [String: Int]) {
        guard count > 0 else { return }
        levels[openLevels - 1].skip(count, byName: countsNames ? byName : [:])
    }

    /// Closes the innermost open element.
    package func end() {
        if deeper.count > 0 {
            deeper.removeLast()
            return
        }
        guard openLevels > 1 else { return }
        openLevels -= 1
        if keyedDepth == openLevels {
            removeAncestorKeys(levels[openLevels].hashes)
            keyedDepth -= 1
        }
        // (Most elements start no counter: their levels' dictionaries are not read.)
        guard !levels[openLevels].counters.isEmpty else { return }
        for name in levels[openLevels].counters.keys where counterScopes[name]?.last == openLevels { counterScopes[name]?.removeLast() }
    }

    /// How many children level `level` has had, read in place (a level copied would
    /// have its style's and its arrays' counts taken and given back, at every step of
    /// matching).
    fileprivate func childCount(ofLevel level: Int) -> Int {
        levels.withUnsafeBufferPointer { $0[level].count }
    }

    /// Child `index` of level `level` if it is kept, read in place.
    fileprivate func child(_ index: Int, ofLevel level: Int) -> Element? {
        levels.withUnsafeBufferPointer { $0[level].child(index) }
    }

    /// An element the styler holds: child `index` of level `level`.
    struct Node: StyledElement {
        /// (Unowned: a node lives only while its styler matches; counting references
        /// at every step of matching cost a third of styling.)
        unowned(unsafe) let styler: ElementStyler
        let level: Int
        let index: Int

        /// (Only elements kept are ever reached.)
        private unowned(unsafe) let element: Element

        init(styler: ElementStyler, level: Int, index: Int) {
            self.init(styler: styler, level: level, index: index, element: styler.child(index, ofLevel: level) ?? ElementStyler.nowhere)
        }

        /// Child `index` of level `level`, `element` (known already: not looked up).
        init(styler: ElementStyler, level: Int, index: Int, element: Element) {
            self.styler = styler
            self.level = level
            self.index = index
            self.element = element
        }

        var parentElement: Node? {
            guard level > 0 else { return nil }
            return Node(styler: styler, level: level - 1, index: styler.childCount(ofLevel: level - 1) - 1)
        }

        var previousSiblingElement: Node? {
            index > 0 && styler.child(index - 1, ofLevel: level) != nil ? Node(styler: styler, level: level, index: index - 1) : nil
        }

        /// (The following siblings are still to come.)
        var nextSiblingElement: Node? { nil }
        var knowsFollowingSiblings: Bool { false }

        func position(ofType: Bool) -> Int? {
            guard ofType else { return index + 1 }
            // The last child so far (the subject, or an ancestor) is the last of its
            // name too: its level's count of the name. An earlier sibling walks.
            guard index == styler.levels[level].count - 1 else { return nil }
            return styler.levels[level].countsByName[element.name]
        }

        func hasLocalName(_ name: String) -> Bool { element.name == name }
        func hasSameLocalName(as other: Node) -> Bool { element.name == other.element.name }
        func hasID(_ id: String) -> Bool { element.id == id }
        func hasClass(_ name: String) -> Bool { element.classes.contains(name) }
        func attributeValue(_ name: String) -> String? { element.attributeValue(name) }
        var isLink: Bool { element.isLink }
        /// (Its children are still to come.)
        var isEmpty: Bool { false }
        var isRoot: Bool { level == 0 && index == 0 }
        var localName: String { element.name }
        var elementID: String? { element.id }
        var classNames: [String] { element.classes }
        var styleAttribute: String? { element.styleAttribute }
    }
}
