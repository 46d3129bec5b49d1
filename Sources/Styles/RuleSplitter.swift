/// Cuts a stylesheet's bytes into its rules without reading them: where each style
/// rule starts and ends, each at-rule's name, prelude and block. A sheet of a million
/// rules is gone through once this way, its tokens skimmed (`CSSTokenizer.skimming`),
/// and a rule is read whole (`CSSParser`) only when an element may need it.
///
/// The cuts are the parser's own (CSS Syntax Level 3 §5.4): brackets are matched as
/// it matches them, so reading a rule from its cut gives what reading the whole sheet
/// gives.
struct RuleSplitter {
    enum Piece {
        /// A style rule, from its prelude through its block's `}`; whether its
        /// selectors are simple enough to be filed unread (`fileUnread`).
        case style(Range<Int>, isSimple: Bool)
        /// `@name prelude { block }`: `block` is the content between the braces, `nil`
        /// when the rule ended with `;`.
        case at(name: String, prelude: Range<Int>, block: Range<Int>?)
    }

    private let bytes: [UInt8]
    private var tokens: CSSTokenizer
    /// Whether `<!--` and `-->` are passed over (at a sheet's top level only).
    private let isTopLevel: Bool
    private var keys = SimpleSelectorKeys()
    /// The blocks open in the rule being cut.
    private var open = OpenBlocks()

    init(_ bytes: [UInt8], in range: Range<Int>, isTopLevel: Bool) {
        self.bytes = bytes
        tokens = .skimming(bytes, in: range)
        self.isTopLevel = isTopLevel
    }

    mutating func next() -> Piece? {
        while true {
            let start = tokens.offset
            guard let kind = tokens.skim() else { return nil }
            switch kind {
            case .whitespace: continue
            case .cdo, .cdc where isTopLevel: continue
            case .atKeyword:
                let name = CSSTokenizer.exactToken(bytes, in: start..<tokens.offset).flatMap { if case .atKeyword(let name) = $0 { name } else { nil } }
                return atRule(name: name ?? "")
            default:
                keys.start()
                if let piece = styleRule(from: start, first: kind) { return piece }
            }
        }
    }

    /// Files the style rule just given (`isSimple`) under its selectors' keys.
    func fileUnread(into rules: inout UnreadRules, source: Int, range: Range<Int>, serial: Int, names: inout [UInt32]) {
        rules.add(source: source, range: range, serial: serial, keys: keys.found.keys)
        names += keys.found.names
    }

    /// The rest of an at-rule: its prelude up to `;` or a block.
    private mutating func atRule(name: String) -> Piece {
        let preludeStart = tokens.offset
        open.removeAll()
        while true {
            let tokenStart = tokens.offset
            guard let kind = tokens.skim() else { return .at(name: name, prelude: preludeStart..<tokenStart, block: nil) }
            if open.isEmpty, kind == .semicolon { return .at(name: name, prelude: preludeStart..<tokenStart, block: nil) }
            if open.isEmpty, kind == .openCurly {
                let blockStart = tokens.offset
                var readsAttributes = false
                let blockEnd = skipBlock(readsAttributes: &readsAttributes)
                return .at(name: name, prelude: preludeStart..<tokenStart, block: blockStart..<blockEnd)
            }
            track(kind)
        }
    }

    /// A style rule from `start`, whose first token is of `first` kind; `nil` when
    /// the sheet ends before its block (the rule is then dropped).
    private mutating func styleRule(from start: Int, first: CSSTokenKind) -> Piece? {
        open.removeAll()
        var kind = first
        var tokenStart = start
        while true {
            if open.isEmpty, kind == .openCurly {
                var readsAttributes = false
                _ = skipBlock(readsAttributes: &readsAttributes)
                return .style(start..<tokens.offset, isSimple: !readsAttributes && keys.finish())
            }
            track(kind)
            keys.read(kind, delim: tokens.delim, bytes: bytes, range: tokenStart..<tokens.offset, escaped: tokens.sawEscape, nested: !open.isEmpty)
            tokenStart = tokens.offset
            guard let next = tokens.skim() else { return nil }
            kind = next
        }
    }

    /// Goes through a block whose `{` was read, to its `}` (or the end); gives where
    /// its content ends. Notes whether it calls `attr()` (a value that reads the
    /// element's attributes, which are then kept for it).
    private mutating func skipBlock(readsAttributes: inout Bool) -> Int {
        open.removeAll()
        open.append(.closeCurly)
        while true {
            let tokenStart = tokens.offset
            guard let kind = tokens.skim() else { return tokenStart }
            if kind == .function, !readsAttributes {
                readsAttributes = tokens.sawEscape || Self.isAttr(bytes, tokenStart..<(tokens.offset - 1))
            }
            track(kind)
            if open.isEmpty { return tokenStart }
        }
    }

    private static func isAttr(_ bytes: [UInt8], _ name: Range<Int>) -> Bool {
        name.count == 4 && zip(bytes[name], "attr".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// Opens or closes a block as the parser would: a closing token closes only the
    /// innermost block, when it is that block's; otherwise it is content.
    private mutating func track(_ kind: CSSTokenKind) {
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
    private var depth = 0

    private static let kinds: [CSSTokenKind] = [.closeCurly, .closeParen, .closeSquare]
    private static let inWord = 32

    var isEmpty: Bool { depth == 0 }

    var last: CSSTokenKind? {
        guard depth > 0 else { return nil }
        guard depth <= Self.inWord else { return deeper.last }
        return Self.kinds[Int(shallow >> UInt64(2 * (depth - 1))) & 3]
    }

    mutating func append(_ kind: CSSTokenKind) {
        if depth < Self.inWord {
            let code = UInt64(Self.kinds.firstIndex(of: kind) ?? 0)
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

/// The keys a simple selector list files its rule under, read from its tokens as
/// they are skimmed: for each selector, the rarest thing its subject names (an id,
/// else a class, else its type) and the rarest an ancestor must have, hashed as
/// `AncestorFilter` hashes them.
///
/// Simple is: type, class, id and `*` selectors, descendant and child combinators,
/// pseudo-classes of states a page at rest is not in and `:link`; each selector's
/// subject naming something. Anything else (sibling combinators, attributes,
/// functional pseudo-classes, pseudo-elements, escapes, names not in ASCII) is left
/// to the full reading, which files the rule by what it read: a key found here is
/// one the selector needs, so a rule is never passed over by an element it matches.
struct SimpleSelectorKeys {
    /// A selector's keys: its subject's, and an ancestor's if it needs one.
    struct Keys {
        var subject: UInt32
        var ancestor: UInt32?
    }

    /// What a rule's simple selector list gave.
    struct Found {
        var keys: [Keys]
        /// The ids' and the classes' hashes it names.
        var names: [UInt32]
    }

    private typealias Key = (kind: UInt32, hash: UInt32)

    private(set) var found = Found(keys: [], names: [])
    private var isSimple = true
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
    /// What the last token asked for: a class's name after `.`, a pseudo-class's after `:`.
    private var expecting: Expectation = .nothing

    private enum Expectation { case nothing, className, pseudoClass }

    /// Pseudo-classes that neither read siblings nor need more than the element.
    private static let plainPseudoClasses = SelectorParser.states.union(["link", "any-link"])

    mutating func start() {
        found.keys.removeAll(keepingCapacity: true)
        found.names.removeAll(keepingCapacity: true)
        isSimple = true
        startSelector()
    }

    private mutating func startSelector() {
        compoundKey = nil
        inCompound = false
        ancestorKey = nil
        combinatorPending = false
        childPending = false
        expecting = .nothing
    }

    /// Reads the next token of the prelude, of `kind` (`delim` its code point where
    /// it is one), at `range` of `bytes` (`nested` inside brackets).
    mutating func read(_ kind: CSSTokenKind, delim: Unicode.Scalar, bytes: [UInt8], range: Range<Int>, escaped: Bool, nested: Bool) {
        guard isSimple else { return }
        guard !escaped, !nested else { return fail() }
        switch expecting {
        case .className:
            expecting = .nothing
            guard kind == .ident, let hash = Self.hash(bytes[range], kind: 2) else { return fail() }
            take((2, hash))
            return
        case .pseudoClass:
            expecting = .nothing
            guard kind == .ident, let name = Self.lowercased(bytes[range]), Self.plainPseudoClasses.contains(name) else { return fail() }
            return
        case .nothing: break
        }
        switch kind {
        case .ident:
            guard beginPart(first: true), let hash = Self.hash(bytes[range].lazy.map(Self.lowercased), kind: 0) else { return fail() }
            compoundKey = (0, hash)
        case .idHash:
            guard beginPart(first: false), let hash = Self.hash(bytes[(range.lowerBound + 1)..<range.upperBound], kind: 1) else { return fail() }
            take((1, hash))
        case .delim where delim == ".":
            guard beginPart(first: false) else { return fail() }
            expecting = .className
        case .delim where delim == "*":
            guard beginPart(first: true) else { return fail() }
        case .colon:
            guard beginPart(first: false) else { return fail() }
            expecting = .pseudoClass
        case .whitespace:
            if inCompound { combinatorPending = true }
        case .delim where delim == ">":
            guard inCompound, !childPending else { return fail() }
            combinatorPending = true
            childPending = true
        case .comma:
            endSelector()
        default:
            fail()
        }
    }

    /// Ends the list at its block; whether it was simple (its keys are in `found`).
    mutating func finish() -> Bool {
        guard isSimple else { return false }
        endSelector()
        return isSimple && found.keys.count <= UnreadRules.maximumListLength
    }

    private mutating func fail() {
        isSimple = false
    }

    /// A part of a compound begins (`first`: one that must begin it, a name or `*`);
    /// after a combinator, it begins the next compound. Whether it may.
    private mutating func beginPart(first: Bool) -> Bool {
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
        found.names.append(key.hash)
        if compoundKey.map({ Self.rank(key.kind) > Self.rank($0.kind) }) ?? true { compoundKey = key }
    }

    private static func rank(_ kind: UInt32) -> Int { kind == 1 ? 2 : kind == 2 ? 1 : 0 }

    /// Ends a selector at `,` or at the block: its last compound is its subject,
    /// which must name something.
    private mutating func endSelector() {
        guard inCompound, !childPending, expecting == .nothing, let subject = compoundKey else { return fail() }
        found.keys.append(Keys(subject: subject.hash, ancestor: ancestorKey?.hash))
        startSelector()
    }

    /// `AncestorFilter.hash` of a name's bytes; `nil` for a name not in ASCII.
    private static func hash(_ name: some Collection<UInt8>, kind: UInt32) -> UInt32? {
        name.allSatisfy { $0 < 0x80 } ? AncestorFilter.hash(bytes: name, kind: kind) : nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    private static func lowercased(_ name: ArraySlice<UInt8>) -> String? {
        guard name.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(decoding: name.map(lowercased), as: UTF8.self)
    }
}
