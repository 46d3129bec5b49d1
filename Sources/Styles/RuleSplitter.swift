/// Cuts a stylesheet's bytes into its rules without reading them: where each style
/// rule starts and ends, each at-rule's name, prelude and block. A sheet of a million
/// rules is gone through once this way, and a rule is read whole (`CSSParser`) only
/// when an element may need it.
///
/// The cuts are the parser's own (CSS Syntax Level 3 §5.4). Most rules are cut byte
/// by byte, looking only at what can end a rule: brackets, strings, comments and
/// unquoted `url()`s, which the tokenizer reads as one token each. A rule that holds
/// a `\` (an escape, which can hide any of these) is cut again from its start by
/// the tokenizer's own tokens (`CSSTokenizer.skim()`).
struct RuleSplitter {
    enum Piece {
        /// A style rule, from its prelude through its block's `}`; its prelude where
        /// it holds no string, comment or bracket and its block no `attr()` (a rule
        /// that may be filed unread, `UnreadRules.add`).
        case style(Range<Int>, plainPrelude: Range<Int>?)
        /// `@name prelude { block }`: `block` is the content between the braces, `nil`
        /// when the rule ended with `;`.
        case at(name: String, prelude: Range<Int>, block: Range<Int>?)
    }

    private let bytes: [UInt8]
    /// Where the next piece is looked for (where the last one ended).
    private(set) var position: Int
    private let end: Int
    /// Whether `<!--` and `-->` are passed over (at a sheet's top level only).
    private let isTopLevel: Bool
    /// The blocks open in the rule being cut.
    private var open = OpenBlocks()

    init(_ bytes: [UInt8], in range: Range<Int>, isTopLevel: Bool) {
        self.bytes = bytes
        position = range.lowerBound
        end = min(range.upperBound, bytes.count)
        self.isTopLevel = isTopLevel
    }

    /// What cutting a piece byte by byte came to.
    private enum Cut {
        case piece(Piece)
        /// A style rule the sheet ends in before its block: dropped.
        case dropped
        /// An escape: cut again by tokens.
        case escape
    }

    mutating func next() -> Piece? {
        while true {
            skipSpace()
            guard position < end else { return nil }
            let start = position
            let cut = bytes.withUnsafeBufferPointer { bytes in
                bytes[start] == UInt8(ascii: "@") && Self.startsIdentifier(bytes, start + 1, end) ? atRule(bytes, from: start) : styleRule(bytes, from: start)
            }
            switch cut {
            case .piece(let piece): return piece
            case .dropped: return nil
            case .escape:
                var tokens = CSSTokenizer.skimming(bytes, in: start..<end)
                defer { position = tokens.offset }
                if let piece = Self.cutByTokens(&tokens, bytes: bytes, open: &open) { return piece }
            }
        }
    }

    // MARK: - Byte by byte

    /// Passes white space and comments (and `<!--`, `-->` at the top level) between rules.
    private mutating func skipSpace() {
        while position < end {
            let byte = bytes[position]
            if CSSTokenizer.isWhitespace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < end, bytes[position + 1] == UInt8(ascii: "*") {
                position = bytes.withUnsafeBufferPointer { Self.afterComment($0, position, end) }
            } else if isTopLevel, Self.has(bytes, "<!--", at: position, end) {
                position += 4
            } else if isTopLevel, Self.has(bytes, "-->", at: position, end) {
                position += 3
            } else {
                return
            }
        }
    }

    private mutating func atRule(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Cut {
        var index = start + 1
        while index < end, CSSTokenizer.isName(bytes[index]) { index += 1 }
        if index < end, bytes[index] == UInt8(ascii: "\\") { return .escape }
        let name = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
        let preludeStart = index
        open.removeAll()
        while index < end {
            let byte = bytes[index]
            if open.isEmpty, byte == UInt8(ascii: ";") {
                position = index + 1
                return .piece(.at(name: name, prelude: preludeStart..<index, block: nil))
            }
            if open.isEmpty, byte == UInt8(ascii: "{") {
                var readsAttributes = false
                guard let (contentEnd, after) = block(bytes, from: index + 1, readsAttributes: &readsAttributes) else { return .escape }
                position = after
                return .piece(.at(name: name, prelude: preludeStart..<index, block: (index + 1)..<contentEnd))
            }
            guard let next = step(bytes, at: index, readsAttributes: nil) else { return .escape }
            index = next
        }
        position = end
        return .piece(.at(name: name, prelude: preludeStart..<end, block: nil))
    }

    private mutating func styleRule(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Cut {
        var index = start
        var isPlain = true
        open.removeAll()
        while index < end {
            let byte = bytes[index]
            if open.isEmpty, byte == UInt8(ascii: "{") {
                let prelude = start..<index
                var readsAttributes = false
                guard let (_, after) = block(bytes, from: index + 1, readsAttributes: &readsAttributes) else { return .escape }
                position = after
                return .piece(.style(start..<after, plainPrelude: isPlain && !readsAttributes ? prelude : nil))
            }
            guard Self.isSpecial(byte) else {
                index += 1
                continue
            }
            isPlain = false
            guard let next = step(bytes, at: index, readsAttributes: nil) else { return .escape }
            index = next
        }
        position = end
        return .dropped
    }

    /// Goes through a block from its content's start to its `}` (or the end): where
    /// its content ends and where the rule does; `nil` at an escape. Notes whether it
    /// calls `attr()` (a value that reads the element's attributes, which are then
    /// kept for it).
    private mutating func block(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, readsAttributes: inout Bool) -> (Int, Int)? {
        open.removeAll()
        open.append(.closeCurly)
        var index = start
        while index < end {
            // (Most bytes can end nothing: passed in a tight loop.)
            while index < end, !Self.isSpecial(bytes[index]) { index += 1 }
            guard index < end else { break }
            if bytes[index] == UInt8(ascii: "}"), open.last == .closeCurly, open.depth == 1 { return (index, index + 1) }
            guard let next = step(bytes, at: index, readsAttributes: &readsAttributes) else { return nil }
            index = next
        }
        return (end, end)
    }

    /// Steps over what starts at `index`: a string, a comment, an unquoted `url()` or
    /// one byte (a bracket opening or closing a block); `nil` at an escape.
    private mutating func step(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, readsAttributes: UnsafeMutablePointer<Bool>?) -> Int? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\\"):
            return nil
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return Self.afterString(bytes, index, end)
        case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "*"):
            return Self.afterComment(bytes, index, end)
        case UInt8(ascii: "("):
            if Self.namesFunction("url", before: index, bytes) {
                var look = index + 1
                while look < end, CSSTokenizer.isWhitespace(bytes[look]) { look += 1 }
                if look >= end || bytes[look] != UInt8(ascii: "\"") && bytes[look] != UInt8(ascii: "'") {
                    // An address without quotes: one token to its `)`.
                    while look < end, bytes[look] != UInt8(ascii: ")") {
                        if bytes[look] == UInt8(ascii: "\\") { return nil }
                        look += 1
                    }
                    return min(end, look + 1)
                }
            }
            if let readsAttributes, Self.namesFunction("attr", before: index, bytes) { readsAttributes.pointee = true }
            open.append(.closeParen)
        case UInt8(ascii: "["): open.append(.closeSquare)
        case UInt8(ascii: "{"): open.append(.closeCurly)
        case UInt8(ascii: ")"): if open.last == .closeParen { open.removeLast() }
        case UInt8(ascii: "]"): if open.last == .closeSquare { open.removeLast() }
        case UInt8(ascii: "}"): if open.last == .closeCurly { open.removeLast() }
        default: break
        }
        return index + 1
    }

    private mutating func step(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, readsAttributes: inout Bool) -> Int? {
        withUnsafeMutablePointer(to: &readsAttributes) { step(bytes, at: index, readsAttributes: $0) }
    }

    /// `{ } ( ) [ ] " ' / \`: the bytes that may open or close something.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        let low: UInt64 = 1 << 0x22 | 1 << 0x27 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2F
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5C - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
        guard byte < 128 else { return false }
        return (byte < 64 ? low >> UInt64(byte) : high >> UInt64(byte - 64)) & 1 != 0
    }

    /// Whether the `(` at `index` ends an identifier token `name` (any case): one
    /// the tokenizer would read as a function of that name (not a hash's, an
    /// at-keyword's or a dimension's name, nor the end of a longer one).
    private static func namesFunction(_ name: StaticString, before index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = name.utf8CodeUnitCount
        guard index >= count else { return false }
        for offset in 0..<count where bytes[index - count + offset] | 0x20 != name.utf8Start[offset] { return false }
        guard index > count else { return true }
        let start = index - count
        let before = bytes[start - 1]
        // (`<!--` is a token of its own: its `-` ends no name.)
        if start >= 4, bytes[start - 4] == UInt8(ascii: "<"), bytes[start - 3] == UInt8(ascii: "!"), bytes[start - 2] == UInt8(ascii: "-"), before == UInt8(ascii: "-") {
            return true
        }
        return !CSSTokenizer.isName(before) && before != UInt8(ascii: "#") && before != UInt8(ascii: "@") && before != UInt8(ascii: "\\")
    }

    /// After the string whose quote is at `index`: past its closing quote, or at the
    /// newline that cuts it. An escape in it is stepped over (§4.3.5: the code point
    /// after a `\\`, a newline too, is the string's; an icon font's sheet escapes
    /// every one of its hundreds of `content` strings).
    private static func afterString(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> Int {
        let quote = bytes[index]
        var index = index + 1
        while index < end {
            let byte = bytes[index]
            if byte == quote { return index + 1 }
            if CSSTokenizer.isNewline(byte) { return index }
            if byte == UInt8(ascii: "\\") {
                // (A CR LF escaped is one newline; any other code point's bytes past
                // its first are no quote, no newline, no backslash.)
                index += index + 2 < end && bytes[index + 1] == 0x0D && bytes[index + 2] == 0x0A ? 3 : 2
                continue
            }
            index += 1
        }
        return min(index, end)
    }

    private static func afterComment(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> Int {
        var index = index + 2
        while index + 1 < end, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
        return min(end, index + 2)
    }

    private static func has(_ bytes: [UInt8], _ text: StaticString, at index: Int, _ end: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= end else { return false }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
        return true
    }

    /// Whether an identifier starts at `index` (§4.3.9), escapes aside (which make the
    /// rule cut by tokens).
    static func startsIdentifier(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> Bool {
        guard index < end else { return false }
        let first = bytes[index]
        if first == UInt8(ascii: "-") {
            guard index + 1 < end else { return false }
            let second = bytes[index + 1]
            return CSSTokenizer.isNameStart(second) || second == UInt8(ascii: "-") || second == UInt8(ascii: "\\")
        }
        return CSSTokenizer.isNameStart(first) || first == UInt8(ascii: "\\")
    }

    // MARK: - By tokens

    /// Cuts the piece at the tokenizer's position by its tokens; `nil` where a style
    /// rule has no block before the end. (Its selectors are not filed unread.)
    private static func cutByTokens(_ tokens: inout CSSTokenizer, bytes: [UInt8], open: inout OpenBlocks) -> Piece? {
        let start = tokens.offset
        guard let first = tokens.skim() else { return nil }
        var preludeStart = start
        var name: String?
        if first == .atKeyword, case .atKeyword(let keyword)? = CSSTokenizer.exactToken(bytes, in: start..<tokens.offset) {
            name = keyword
            preludeStart = tokens.offset
        }
        open.removeAll()
        var kind: CSSTokenKind? = name == nil ? first : tokens.skim()
        var tokenStart = name == nil ? start : preludeStart
        while let current = kind {
            if open.isEmpty, current == .semicolon, let name { return .at(name: name, prelude: preludeStart..<tokenStart, block: nil) }
            if open.isEmpty, current == .openCurly {
                let blockStart = tokens.offset
                open.append(.closeCurly)
                var blockEnd = tokens.offset
                while !open.isEmpty {
                    blockEnd = tokens.offset
                    guard let inner = tokens.skim() else { break }
                    track(inner, in: &open)
                }
                if let name { return .at(name: name, prelude: preludeStart..<tokenStart, block: blockStart..<blockEnd) }
                return .style(start..<tokens.offset, plainPrelude: nil)
            }
            track(current, in: &open)
            tokenStart = tokens.offset
            kind = tokens.skim()
        }
        if let name { return .at(name: name, prelude: preludeStart..<tokenStart, block: nil) }
        return nil
    }

    /// Opens or closes a block as the parser would: a closing token closes only the
    /// innermost block, when it is that block's; otherwise it is content.
    private static func track(_ kind: CSSTokenKind, in open: inout OpenBlocks) {
        switch kind {
        case .openCurly: open.append(.closeCurly)
        case .openParen, .function: open.append(.closeParen)
        case .openSquare: open.append(.closeSquare)
        case .closeCurly, .closeParen, .closeSquare: if open.last == kind { open.removeLast() }
        default: break
        }
    }
}

/// The closing marks of open blocks, innermost last: the first 32 as two bits each
/// in a word (a rule's blocks, nearly always), deeper ones in an array.
private struct OpenBlocks {
    private var shallow: UInt64 = 0
    private var deeper: [CSSTokenKind] = []
    private(set) var depth = 0

    private static let inWord = 32

    var isEmpty: Bool { depth == 0 }

    var last: CSSTokenKind? {
        guard depth > 0 else { return nil }
        guard depth <= Self.inWord else { return deeper.last }
        switch (shallow >> UInt64(2 * (depth - 1))) & 3 {
        case 0: return .closeCurly
        case 1: return .closeParen
        default: return .closeSquare
        }
    }

    mutating func append(_ kind: CSSTokenKind) {
        if depth < Self.inWord {
            let code: UInt64 = kind == .closeCurly ? 0 : kind == .closeParen ? 1 : 2
            let shift = UInt64(2 * depth)
            shallow = shallow & ~(3 << shift) | code << shift
        } else {
            deeper.append(kind)
        }
        depth += 1
    }

    mutating func removeLast() {
        depth -= 1
        if depth >= Self.inWord { deeper.removeLast() }
    }

    mutating func removeAll() {
        depth = 0
        if !deeper.isEmpty { deeper.removeAll(keepingCapacity: true) }
    }
}

/// The keys a simple selector list files its rule under, read from its prelude's
/// bytes: for each selector, the rarest thing its subject names (an id, else a
/// class, else its type) and the rarest an ancestor must have, hashed as
/// `AncestorFilter` hashes them.
///
/// Simple is: type, class, id and `*` selectors, descendant and child combinators,
/// pseudo-classes of states a page at rest is not in and `:link`, and `::before` or
/// `::after` (or `:before`, `:after`) ending a selector; each selector's subject
/// naming something; names in ASCII. Anything else (sibling combinators,
/// attributes, functional pseudo-classes, other pseudo-elements, comments) is left
/// to the full reading, which files the rule by what it read. A key found here is one the
/// selector needs, so a rule is never passed over by an element it matches; where
/// the list is not valid at all, reading it gives nothing, wherever it was filed.
struct SimpleSelectorKeys {
    /// A selector's keys: its subject's, and an ancestor's if it needs one.
    struct Keys {
        var subject: UInt32
        var ancestor: UInt32?
    }

    private typealias Key = (kind: UInt32, hash: UInt32)

    /// The best key of the compound being read, and whether one is being read.
    private var compoundKey: Key?
    private var inCompound = false
    /// The best key of the compounds before it (all ancestors': no sibling
    /// combinator is simple).
    private var ancestorKey: Key?
    /// Whether a combinator (white space or `>`) came after the compound, and
    /// whether it was a `>`.
    private var combinatorPending = false
    private var childPending = false
    /// Whether the selector being read has ended in a pseudo-element (nothing but its
    /// end may follow), and whether any selector read did.
    private var afterPseudoElement = false
    private(set) var stylesPseudoElements = false

    /// Pseudo-classes that neither read siblings nor need more than the element.
    static let plainPseudoClasses = SelectorParser.states.union(["link", "any-link"])

    /// Their names' hashes (`AncestorFilter.hash`, kind 3), sorted, where no count of
    /// references is kept (both halves of a sheet read them at once, `StyleSheet`),
    /// never freed. No other name the selector parser knows has one of them (a test
    /// checks), so a hash found names a pseudo-class of these.
    nonisolated(unsafe) private static let plainPseudoClassHashes: UnsafeBufferPointer<UInt32> = {
        let hashes = plainPseudoClasses.map { AncestorFilter.hash($0, kind: 3) }.sorted()
        let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: hashes.count)
        _ = buffer.initialize(from: hashes)
        return UnsafeBufferPointer(buffer)
    }()

    /// The hashes of `before` and `after` (`AncestorFilter.hash`, kind 3): the
    /// pseudo-elements a selector may end in and be simple (no pseudo-class has
    /// their names).
    private static let pseudoElementHashes = (AncestorFilter.hash("before", kind: 3), AncestorFilter.hash("after", kind: 3))

    private static func isPseudoElement(hash: UInt32) -> Bool { hash == pseudoElementHashes.0 || hash == pseudoElementHashes.1 }

    /// Whether a pseudo-class's name of hash `hash` is one of `plainPseudoClasses`.
    static func isPlainPseudoClass(hash: UInt32) -> Bool {
        var low = 0
        var high = plainPseudoClassHashes.count
        while low < high {
            let middle = (low + high) / 2
            if plainPseudoClassHashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < plainPseudoClassHashes.count && plainPseudoClassHashes[low] == hash
    }

    /// Reads the selector list at `prelude` of `bytes` (one without strings,
    /// comments or brackets), giving `selector` each selector's keys and `name` the
    /// hash of each id and class named; whether it is simple (else what they were
    /// given is to be forgotten).
    mutating func read(
        _ bytes: UnsafeBufferPointer<UInt8>, _ prelude: Range<Int>, selector: (Keys) -> Void, name: (UInt32) -> Void
    ) -> Bool {
        startSelector()
        var index = prelude.lowerBound
        let end = prelude.upperBound
        while index < end {
            let byte = bytes[index]
            switch byte {
            case _ where CSSTokenizer.isWhitespace(byte):
                if inCompound { combinatorPending = true }
                index += 1
            case UInt8(ascii: "."):
                guard beginPart(first: false), let (range, hash) = Self.identifier(bytes, index + 1, end, kind: 2) else { return false }
                take((2, hash))
                name(hash)
                index = range.upperBound
            case UInt8(ascii: "#"):
                guard beginPart(first: false), let (range, hash) = Self.identifier(bytes, index + 1, end, kind: 1) else { return false }
                take((1, hash))
                name(hash)
                index = range.upperBound
            case UInt8(ascii: "*"):
                guard beginPart(first: true) else { return false }
                index += 1
            case UInt8(ascii: ":"):
                let isElementSyntax = index + 1 < end && bytes[index + 1] == UInt8(ascii: ":")
                let nameStart = index + (isElementSyntax ? 2 : 1)
                guard beginPart(first: false), let (range, hash) = Self.identifier(bytes, nameStart, end, kind: 3, lowercased: true) else { return false }
                if Self.isPseudoElement(hash: hash) {
                    // (The element's own keys file it: a pseudo-element is its child.)
                    afterPseudoElement = true
                    stylesPseudoElements = true
                } else if isElementSyntax || !Self.isPlainPseudoClass(hash: hash) {
                    return false
                }
                index = range.upperBound
            case UInt8(ascii: ">"):
                guard inCompound, !childPending, !afterPseudoElement else { return false }
                combinatorPending = true
                childPending = true
                index += 1
            case UInt8(ascii: ","):
                guard endSelector(selector) else { return false }
                index += 1
            default:
                guard beginPart(first: true), let (range, hash) = Self.identifier(bytes, index, end, kind: 0, lowercased: true) else { return false }
                compoundKey = (0, hash)
                index = range.upperBound
            }
        }
        return endSelector(selector)
    }

    private mutating func startSelector() {
        afterPseudoElement = false
        compoundKey = nil
        inCompound = false
        ancestorKey = nil
        combinatorPending = false
        childPending = false
    }

    /// A part of a compound begins (`first`: one that must begin it, a name or `*`);
    /// after a combinator, it begins the next compound. Whether it may.
    private mutating func beginPart(first: Bool) -> Bool {
        guard !afterPseudoElement else { return false }
        if combinatorPending {
            if let key = compoundKey, ancestorKey.map({ Self.rank(key.kind) > Self.rank($0.kind) }) ?? true { ancestorKey = key }
            compoundKey = nil
            inCompound = false
            combinatorPending = false
            childPending = false
        }
        defer { inCompound = true }
        return !(first && inCompound)
    }

    /// Takes a key of the current compound: an id's over a class's over a name's.
    private mutating func take(_ key: Key) {
        if compoundKey.map({ Self.rank(key.kind) > Self.rank($0.kind) }) ?? true { compoundKey = key }
    }

    private static func rank(_ kind: UInt32) -> Int { kind == 1 ? 2 : kind == 2 ? 1 : 0 }

    /// Ends a selector at `,` or at the block: its last compound is its subject,
    /// which must name something. Whether it may end there.
    private mutating func endSelector(_ selector: (Keys) -> Void) -> Bool {
        guard inCompound, !childPending, let subject = compoundKey else { return false }
        selector(Keys(subject: subject.hash, ancestor: ancestorKey?.hash))
        startSelector()
        return true
    }

    /// The identifier at `index`, in ASCII: its bytes, and its hash as a key of
    /// `kind` (`AncestorFilter.hash`, of its lower case where `lowercased`); `nil`
    /// where none starts there or it holds other bytes.
    private static func identifier(
        _ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int, kind: UInt32, lowercased: Bool = false
    ) -> (Range<Int>, UInt32)? {
        guard RuleSplitter.startsIdentifier(bytes, index, end) else { return nil }
        var last = index
        var hash = AncestorFilter.hash(bytes: EmptyCollection(), kind: kind)
        while last < end {
            var byte = bytes[last]
            guard CSSTokenizer.isName(byte) else { break }
            guard byte < 0x80, byte != 0 else { return nil }
            if lowercased { byte = Self.lowercased(byte) }
            hash = AncestorFilter.hash(adding: byte, to: hash)
            last += 1
        }
        return last > index ? (index..<last, hash) : nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
