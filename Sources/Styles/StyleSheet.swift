import Dispatch

/// A stylesheet's style rules that hold for a screen: `@media` and `@supports`
/// evaluated as it is read, `@import`ed sheets read in their place, each rule filed
/// under the rarest thing its subject names (its id, a class, its type), so that an
/// element is matched against the few rules that may concern it, as browsers do.
///
/// Only declarations of properties docscroll draws (`ComputedStyle`) and custom
/// properties are kept: the rest of a sheet costs its reading only.
package struct StyleSheet: Sendable {
    /// A selector and the declarations it gives, with its place in the sheet.
    struct Rule: Sendable {
        var selector: Selector
        var specificity: Specificity
        /// Its declarations in `declarations`.
        var declarations: Range<Int>
        /// Its order in the sheet (imported sheets' rules first).
        var order: Int
        /// What its selector needs of the ancestors (`AncestorFilter`).
        var ancestorHashes: [UInt32]
    }

    private(set) var rules: [Rule] = []
    private(set) var declarations: [CSSParser.Declaration] = []
    private var filed = RuleIndex()
    /// The rules whose selectors read siblings (`Selector.readsSiblings`).
    private var readingSiblings = RuleIndex()
    /// The rules simple enough to be filed unread, read when they may apply.
    private(set) var unread = UnreadRules()
    /// The attributes the selectors read, lower case (`class` and `id` aside).
    private(set) var attributeNames: Set<String> = []
    /// The attributes `content` reads (`attr()`), lower case.
    private(set) var contentAttributeNames: Set<String> = []
    /// The ids and the classes the selectors name, hashed (`AncestorFilter.hash`).
    private(set) var names = NameFilter()
    /// Whether its colour declarations are kept (`MediaEnvironment.drawsColors`).
    private(set) var readsColors = true
    /// Whether a selector counts siblings of an element's name.
    private(set) var countsTypes = false
    /// Whether a rule styles `::before` or `::after`, read or filed unread.
    var stylesPseudoElements: Bool { readStylesPseudoElements || unread.stylesPseudoElements }
    private var readStylesPseudoElements = false
    /// How many style rules the sheet has read so far (`Rule.order` counts by them).
    private var serial = 0

    /// The elements whose borders layout reads.
    static let tableParts: Set<String> = ["table", "thead", "tbody", "tfoot", "tr", "td", "th"]

    /// The elements laid out with a blank line above and below them by docscroll's
    /// own defaults (a browser's have margins there too): their margins and paddings
    /// above and below add nothing, and are not read.
    static let spacedByDefault: Set<String> = [
        "p", "pre", "listing", "xmp", "plaintext", "blockquote", "dl", "figure", "table", "fieldset", "details", "h1", "h2", "h3", "h4", "h5", "h6",
    ]

    /// How deep `@import` may go (a sheet that imports itself stops there).
    static let maximumImportDepth = 8
    /// How deep `@media` and `@supports` may nest.
    static let maximumBlockDepth = 16

    /// Gives an `@import`ed sheet: its address as written and the location of the
    /// sheet that imports it (the one given to `init`, or one this gave before); its
    /// bytes and its own location, or `nil` (not read, as for the network).
    package typealias Importer = (_ address: String, _ from: String?) -> (bytes: [UInt8], location: String)?

    /// What reading a sheet and its imports needs throughout.
    private struct Reading {
        var environment: MediaEnvironment
        var names: NameFilter
        /// Sheets of this many bytes or more are read in two halves at once.
        var halvedBytes: Int
        /// Sheets of this many bytes or more file their simple rules unread.
        var unreadBytes: Int
    }

    /// Reads `bytes`, a sheet at `location`, for `environment`.
    package init(_ bytes: [UInt8], location: String? = nil, environment: MediaEnvironment = MediaEnvironment(), importing: Importer = { _, _ in nil }) {
        self.init(bytes, location: location, environment: environment, importing: importing, halvedFrom: Self.halvedBytes, unreadFrom: Self.unreadBytes)
    }

    /// Reads `bytes`, sheets of `halvedFrom` bytes or more in two halves at once, the
    /// simple rules of sheets of `unreadFrom` bytes or more filed unread.
    init(
        _ bytes: [UInt8], location: String? = nil, environment: MediaEnvironment = MediaEnvironment(), importing: Importer = { _, _ in nil },
        halvedFrom halvedBytes: Int = halvedBytes, unreadFrom unreadBytes: Int
    ) {
        var reading = Reading(environment: environment, names: NameFilter(bits: bytes.count / 8), halvedBytes: halvedBytes, unreadBytes: unreadBytes)
        readsColors = environment.drawsColors
        add(sheet: bytes, location: location, reading: &reading, importing: importing, depth: 0)
        unread.seal()
        reading.names.flush()
        names = reading.names
    }

    package init(_ text: String, environment: MediaEnvironment = MediaEnvironment(), importing: Importer = { _, _ in nil }) {
        self.init(Array(text.utf8), environment: environment, importing: importing)
    }

    /// Reads `text`, its simple rules filed unread whatever its size (for tests).
    init(unread text: String) {
        self.init(Array(text.utf8), unreadFrom: 0)
    }

    /// How many style rules apply (each selector of a list counts once; rules filed
    /// unread count as one).
    package var ruleCount: Int { rules.count + unread.rules.count }

    /// Sheets of this many bytes or more are read in two halves at once.
    static let halvedBytes = 1 << 20
    /// Sheets of this many bytes or more file their simple rules unread: a rule read
    /// at once costs more to read, less to find (`Cascade`). A page's own theme is
    /// small and most of its rules apply; a large sheet is most often a framework's
    /// or an icon font's, of which a page uses few (mdbook's pages link Font Awesome:
    /// 700 rules, a third of a small page's styled dump when read at once; filed
    /// unread, 28% fewer instructions, where a page of 0.7 MB under a theme of 18 KB
    /// takes 4% more).
    static let unreadBytes = 16 << 10

    /// Reads a whole sheet (the page's, or one imported). A large one's second half
    /// is read on another thread from where a rule likely starts, and kept if the
    /// first half's reading ends there between two rules (else the first goes on).
    private mutating func add(sheet bytes: [UInt8], location: String?, reading: inout Reading, importing: Importer, depth: Int) {
        let source = unread.addSource(bytes)
        guard bytes.count >= reading.halvedBytes, let boundary = Self.likelyRuleStart(in: bytes) else {
            _ = add(bytes, range: 0..<bytes.count, source: source, isTopLevel: true, location: location, reading: &reading, importing: importing, depth: depth)
            return
        }
        final class Half: @unchecked Sendable {
            var sheet: StyleSheet?
        }
        let half = Half()
        var laterReading = reading
        laterReading.names = NameFilter(sizedAs: reading.names)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { [laterReading] in
            half.sheet = StyleSheet(bytes, from: boundary, reading: laterReading, depth: depth)
        }
        let reachedBoundary = add(
            bytes, range: 0..<bytes.count, source: source, isTopLevel: true, location: location, reading: &reading, importing: importing, depth: depth,
            stoppingAt: boundary)
        done.wait()
        if reachedBoundary, let later = half.sheet { append(later, source: source, names: &reading.names) }
    }

    /// The rules of `bytes` from `start` on, where a rule starts, at the top level
    /// after other rules (no `@import` holds there).
    private init(_ bytes: [UInt8], from start: Int, reading: Reading, depth: Int) {
        var reading = reading
        let source = unread.addSource(bytes)
        _ = add(
            bytes, range: start..<bytes.count, source: source, isTopLevel: true, importsAllowed: false, location: nil, reading: &reading,
            importing: { _, _ in nil }, depth: depth)
        reading.names.flush()
        self.names = reading.names
    }

    /// After the middle of `bytes`, where a rule likely starts: after a `}` that
    /// ends a line, or is followed by no other `}`.
    private static func likelyRuleStart(in bytes: [UInt8]) -> Int? {
        var index = bytes.count / 2
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "}"), bytes[index + 1] == 0x0A || bytes[index + 1] != UInt8(ascii: "}") && !CSSTokenizer.isWhitespace(bytes[index + 1]) {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// Adds the rules of `later`, read from where this sheet's reading stopped, of the
    /// same source.
    private mutating func append(_ later: StyleSheet, source: Int, names: inout NameFilter) {
        let declarationOffset = declarations.count
        declarations += later.declarations
        for var rule in later.rules {
            rule.declarations = (rule.declarations.lowerBound + declarationOffset)..<(rule.declarations.upperBound + declarationOffset)
            rule.order += serial << 24
            file(rule)
        }
        contentAttributeNames.formUnion(later.contentAttributeNames)
        unread.append(later.unread, source: source, serialOffset: serial)
        serial += later.serial
        names.formUnion(later.names)
    }

    /// Reads the rules of `bytes[range]`: a sheet's top level, or an at-rule's block.
    /// Given `stoppingAt`, stops there if a rule ends there, and gives whether it did.
    private mutating func add(
        _ bytes: [UInt8], range: Range<Int>, source: Int, isTopLevel: Bool, importsAllowed: Bool? = nil, location: String?, reading: inout Reading,
        importing: Importer, depth: Int, stoppingAt boundary: Int? = nil
    ) -> Bool {
        var importsAllowed = importsAllowed ?? isTopLevel
        let filesUnread = bytes.count >= reading.unreadBytes
        var splitter = RuleSplitter(bytes, in: range, isTopLevel: isTopLevel)
        var boundary = boundary
        while true {
            if let stop = boundary {
                if splitter.position == stop { return true }
                if splitter.position > stop { boundary = nil }
            }
            guard let piece = splitter.next() else { break }
            switch piece {
            case .style(let rule, let plainPrelude):
                importsAllowed = false
                serial += 1
                if !filesUnread
                    || !(plainPrelude.map { unread.add(bytes, source: source, start: rule.lowerBound, prelude: $0, serial: serial, names: &reading.names) } ?? false)
                {
                    read(bytes, rule: rule, reading: &reading)
                }
            case .at(let name, let preludeRange, let block):
                let prelude = CSSParser.componentValues(of: bytes, in: preludeRange)
                switch name.asciiLowercased {
                case "import":
                    // Only before every other rule (`@charset` and `@layer` aside).
                    guard importsAllowed, depth < Self.maximumImportDepth, let (address, media) = Self.importTarget(prelude),
                        MediaQuery.matches(media, in: reading.environment), let imported = importing(address, location)
                    else { continue }
                    add(sheet: imported.bytes, location: imported.location, reading: &reading, importing: importing, depth: depth + 1)
                case "charset", "layer":
                    // (Statements may come before `@import`; a block may not.)
                    guard let block else { continue }
                    importsAllowed = false
                    guard depth < Self.maximumBlockDepth else { continue }
                    _ = add(bytes, range: block, source: source, isTopLevel: false, location: location, reading: &reading, importing: importing, depth: depth + 1)
                case "media":
                    importsAllowed = false
                    guard let block, depth < Self.maximumBlockDepth, MediaQuery.matches(prelude, in: reading.environment) else { continue }
                    _ = add(bytes, range: block, source: source, isTopLevel: false, location: location, reading: &reading, importing: importing, depth: depth + 1)
                case "supports":
                    importsAllowed = false
                    guard let block, depth < Self.maximumBlockDepth, Supports.holds(prelude) else { continue }
                    _ = add(bytes, range: block, source: source, isTopLevel: false, location: location, reading: &reading, importing: importing, depth: depth + 1)
                default:
                    // @font-face, @keyframes, @page, @namespace...: nothing drawn here.
                    importsAllowed = false
                }
            }
        }
        return false
    }

    /// A style rule read whole: its selectors and the declarations of it kept (those
    /// of properties docscroll draws, colours where `readsColors`, and custom
    /// properties); `nil` when its selectors are invalid or it keeps none.
    static func read(_ bytes: [UInt8], rule: Range<Int>, readsColors: Bool) -> (selectors: [Selector], declarations: [CSSParser.Declaration])? {
        guard mayKeep(bytes, rule: rule, readsColors: readsColors) else { return nil }
        return readWhole(bytes, rule: rule, readsColors: readsColors)
    }

    /// `read(_:rule:readsColors:)`, every rule parsed (`byTokens`: all of its tokens
    /// made, even where it is plain).
    static func readWhole(
        _ bytes: [UInt8], rule: Range<Int>, readsColors: Bool, byTokens: Bool = false
    ) -> (selectors: [Selector], declarations: [CSSParser.Declaration])? {
        let selectors: [Selector]
        let declarations: [CSSParser.Declaration]
        if !byTokens, let plain = plainParts(bytes, rule: rule) {
            // (A plain list is read from its bytes; what that reader leaves, the parser
            // reads from the list's component values.)
            let plainRead = bytes.withUnsafeBufferPointer { PlainSelectorReader.selectors($0, plain.prelude) }
            guard let read = plainRead ?? SelectorParser.selectors(CSSParser.componentValues(of: bytes, in: plain.prelude)) else { return nil }
            selectors = read
            // (Only the declarations of properties read are made into tokens: most of
            // a rule's set what docscroll does not draw.)
            declarations = bytes.withUnsafeBufferPointer { buffer in
                plain.declarations.filter { isReadProperty(UnsafeBufferPointer(rebasing: buffer[$0.name]), readsColors: readsColors) }
            }.flatMap { CSSParser.declarations(in: CSSParser.componentValues(of: bytes, in: $0.whole)) }
        } else {
            var parser = CSSParser(CSSTokenizer(bytes, in: rule))
            guard case .qualified(let prelude, let block)? = parser.nextRule(), let read = SelectorParser.selectors(prelude) else { return nil }
            selectors = read
            declarations = CSSParser.declarations(in: block)
        }
        let stylesPseudoElement = selectors.contains { $0.pseudoElement != nil }
        // (Borders are read of tables and their parts only: kept where a subject
        // may be one, by its name or by the `display` the rule gives it, so that the
        // rest of a page's elements are not given them.)
        let mayStyleTables =
            selectors.contains { tableParts.contains($0.compounds[0].compound.type ?? "table") }
            || declarations.contains { $0.name == "display" && ComputedStyle().applying($0, parent: ComputedStyle())?.display.isTablePart == true }
        // (Spacing above and below likewise where a subject may be an element not
        // spaced by default, and only where it may part blocks: see
        // `ComputedStyle.mayPartBlocks`.)
        let maySpace = selectors.contains { !spacedByDefault.contains($0.compounds[0].compound.type ?? "*") }
        let kept = declarations.filter {
            $0.name.hasPrefix("--")
                || ComputedStyle.knows($0.name, colors: readsColors) && (mayStyleTables || !ComputedStyle.borderProperties.contains($0.name))
                    && (!ComputedStyle.spacingProperties.contains($0.name) || ComputedStyle.mayPartBlocks($0, vertically: maySpace))
                || stylesPseudoElement && ComputedStyle.knowsForPseudoElements($0.name)
        }
        return kept.isEmpty ? nil : (selectors, kept)
    }

    /// A style rule's parts where it is plain: its prelude, and each declaration of its
    /// block (whole, and its name as written) where the block has no string, escape,
    /// comment, square bracket or nested block and its parentheses close, so that a
    /// `;` outside parentheses ends a declaration and its first `:` ends the name, as
    /// the tokens would have it. `nil` for a rule that is not plain, whose tokens are
    /// all made.
    static func plainParts(_ bytes: [UInt8], rule: Range<Int>) -> (prelude: Range<Int>, declarations: [(whole: Range<Int>, name: Range<Int>)])? {
        bytes.withUnsafeBufferPointer { bytes in
            guard rule.count >= 2, bytes[rule.upperBound - 1] == UInt8(ascii: "}"), let open = bytes[rule].firstIndex(of: UInt8(ascii: "{")),
                !bytes[rule.lowerBound..<open].contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\\") })
            else { return nil }
            var declarations: [(whole: Range<Int>, name: Range<Int>)] = []
            var start = open + 1
            var colon: Int?
            var depth = 0
            for index in (open + 1)..<rule.upperBound {
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "]"): return nil
                // (A parenthesis left open takes in all that follows, the `}` too.)
                case UInt8(ascii: "}") where index < rule.upperBound - 1 || depth > 0: return nil
                case UInt8(ascii: "/") where bytes[index + 1] == UInt8(ascii: "*"): return nil
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"): depth = max(0, depth - 1)
                case UInt8(ascii: ":") where colon == nil: colon = index
                case UInt8(ascii: ";") where depth == 0, UInt8(ascii: "}"):
                    if let colon { declarations.append((start..<index, start..<colon)) }
                    start = index + 1
                    colon = nil
                default: break
                }
            }
            return (rule.lowerBound..<open, declarations)
        }
    }

    /// Whether a style rule may keep a declaration: `false` only where its block,
    /// read as plain `name: value;` pairs, names no property docscroll reads (a
    /// comment, a string, an escape or a nested block in it: `true`). Most of a
    /// page's rules set margins, fonts or colours not drawn, and are passed over so
    /// without their tokens made.
    static func mayKeep(_ bytes: [UInt8], rule: Range<Int>, readsColors: Bool) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            guard let open = bytes[rule].firstIndex(of: UInt8(ascii: "{")) else { return true }
            // (Each declaration's name starts after the `{` or a `;`, the first `:`
            // after it ends the name: a `;` inside a value only starts a name that is
            // no property.)
            var nameStart = open + 1
            var readsName = true
            var index = open + 1
            while index < rule.upperBound - 1 {
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "{"): return true
                case UInt8(ascii: "/") where bytes[index + 1] == UInt8(ascii: "*"): return true
                case UInt8(ascii: ";"):
                    readsName = true
                    nameStart = index + 1
                case UInt8(ascii: ":") where readsName:
                    if isReadProperty(UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), readsColors: readsColors) { return true }
                    readsName = false
                default: break
                }
                index += 1
            }
            return false
        }
    }

    /// Whether a declaration's name, as written (blanks around it), may be of a
    /// property a rule keeps: custom properties and names beyond ASCII letters and
    /// `-` are.
    private static func isReadProperty(_ written: UnsafeBufferPointer<UInt8>, readsColors: Bool) -> Bool {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        guard let first = written.firstIndex(where: { !isBlank($0) }), let last = written.lastIndex(where: { !isBlank($0) }) else { return false }
        let name = written[first...last]
        if name.starts(with: [0x2D, 0x2D]) { return true }
        guard name.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 == 0x2D }) else { return true }
        // (Compared in place with the names of its length, in any case: a string made
        // and hashed for each of a sheet's declarations cost more than reading them.)
        let byLength = ComputedStyle.readNamesByLength
        guard name.count < byLength.count else { return false }
        return byLength[name.count].contains { known in
            (readsColors || !known.isColor) && zip(known.name, name).allSatisfy { $0 == $1 | 0x20 }
        }
    }

    /// The order of selector `position` of the `serial`th rule, for the cascade.
    static func order(serial: Int, position: Int) -> Int {
        serial << 24 | position
    }

    /// Reads a style rule now and files its selectors.
    private mutating func read(_ bytes: [UInt8], rule: Range<Int>, reading: inout Reading) {
        guard let (selectors, kept) = Self.read(bytes, rule: rule, readsColors: reading.environment.drawsColors) else { return }
        for declaration in kept where declaration.name == "content" || declaration.isCustom {
            Self.collectAttributesRead(by: declaration.value, into: &contentAttributeNames)
        }
        let range = declarations.count..<(declarations.count + kept.count)
        declarations += kept
        for (position, selector) in selectors.enumerated() {
            selector.collectNames(into: &reading.names)
            file(
                Rule(
                    selector: selector, specificity: selector.specificity, declarations: range, order: Self.order(serial: serial, position: position),
                    ancestorHashes: selector.ancestorHashes))
        }
    }

    /// Reads an unread rule (`UnreadRules`).
    func read(unread rule: Int) -> (selectors: [Selector], declarations: [CSSParser.Declaration])? {
        let (source, start) = unread.location(of: rule)
        // (Reading stops at the rule's end.)
        return Self.read(source, rule: start..<source.count, readsColors: readsColors)
    }

    /// The names of the attributes `attr()`s in `values` read.
    private static func collectAttributesRead(by values: [CSSComponentValue], into names: inout Set<String>) {
        for value in values {
            switch value {
            case .function(let name, let arguments):
                if name.asciiLowercased == "attr", case .token(.ident(let attribute))? = arguments.trimmed.first {
                    names.insert(attribute.asciiLowercased)
                }
                collectAttributesRead(by: arguments, into: &names)
            case .block(_, let content): collectAttributesRead(by: content, into: &names)
            case .token: break
            }
        }
    }

    /// `@import url(x) media` or `@import "x" media`: the address and the media.
    private static func importTarget(_ prelude: [CSSComponentValue]) -> (String, ArraySlice<CSSComponentValue>)? {
        var values = prelude.trimmed
        guard let first = values.first else { return nil }
        values = values.dropFirst()
        switch first {
        case .token(.url(let address)), .token(.string(let address)): return (address, values)
        case .function(let name, let arguments) where name.asciiLowercased == "url":
            guard case .token(.string(let address))? = arguments.trimmed.first else { return nil }
            return (address, values)
        default: return nil
        }
    }

    /// Files `rule` under its subject's id, else a class, else its type.
    private mutating func file(_ rule: Rule) {
        let index = rules.count
        rules.append(rule)
        rule.selector.collectAttributeNames(into: &attributeNames)
        countsTypes = countsTypes || rule.selector.countsTypes
        readStylesPseudoElements = readStylesPseudoElements || rule.selector.pseudoElement != nil
        filed.file(index, subject: rule.selector.compounds[0].compound, ancestorKey: rule.selector.rarestAncestorKey)
        if rule.selector.readsSiblings { readingSiblings.file(index, subject: rule.selector.compounds[0].compound, ancestorKey: nil) }
    }

    /// The rules that may match an element of this id, these classes and this type,
    /// under ancestors with these keys where they are known (the rest cannot), in no
    /// set order.
    func candidates(id: String?, classes: [String], type: String, ancestors: AncestorKeys? = nil, into found: inout [Int]) {
        filed.candidates(id: id, classes: classes, type: type, ancestors: ancestors, into: &found)
    }

    /// Of the rules that read siblings, those that may match an element of this id,
    /// these classes and this type, in an order set by these.
    func candidatesReadingSiblings(id: String?, classes: [String], type: String, into found: inout [Int]) {
        readingSiblings.candidates(id: id, classes: classes, type: type, ancestors: nil, into: &found)
    }
}

/// Rules filed under the rarest thing their subject names (its id, a class, its
/// type), so that an element is matched against the few that may concern it; and,
/// within each, under a name, id or class an ancestor must have, so that a sheet of
/// a hundred thousand `.cN > p` rules is not tried whole at every `p`.
private struct RuleIndex: Sendable {
    /// The rules filed under one subject key: those that need no ancestor, and the
    /// others by the hash of a key an ancestor needs (`AncestorFilter.hash`).
    private struct Bucket: Sendable {
        var plain: [Int] = []
        var byAncestor: [UInt32: [Int]] = [:]

        /// Adds the rules that may match under ancestors with `ancestors` keys (all
        /// when they are not known).
        func collect(into found: inout [Int], ancestors: AncestorKeys?) {
            found += plain
            guard !byAncestor.isEmpty else { return }
            guard let ancestors else {
                for rules in byAncestor.values { found += rules }
                return
            }
            // (Whichever is fewer is walked: the keys filed, or the ancestors'.)
            if byAncestor.count <= ancestors.keys.count {
                for (key, rules) in byAncestor where ancestors.filter.mayContain(key) { found += rules }
            } else {
                for key in ancestors.keys { if let rules = byAncestor[key] { found += rules } }
            }
        }
    }

    private var byID: [String: Bucket] = [:]
    private var byClass: [String: Bucket] = [:]
    private var byType: [String: Bucket] = [:]
    private var universal = Bucket()
    private var isEmpty = true

    /// Files rule `index`, whose subject is `subject` and whose ancestors must have
    /// the key of hash `ancestorKey`, if any.
    mutating func file(_ index: Int, subject: CompoundSelector, ancestorKey: UInt32?) {
        isEmpty = false
        func add(to bucket: inout Bucket) {
            if let ancestorKey { bucket.byAncestor[ancestorKey, default: []].append(index) } else { bucket.plain.append(index) }
        }
        if let id = subject.conditions.lazy.compactMap({ if case .id(let id) = $0 { id } else { nil } }).first {
            add(to: &byID[id, default: Bucket()])
        } else if let name = subject.conditions.lazy.compactMap({ if case .class(let name) = $0 { name } else { nil } }).first {
            add(to: &byClass[name, default: Bucket()])
        } else if let type = subject.type {
            add(to: &byType[type, default: Bucket()])
        } else {
            add(to: &universal)
        }
    }

    func candidates(id: String?, classes: [String], type: String, ancestors: AncestorKeys?, into found: inout [Int]) {
        guard !isEmpty else { return }
        if let id { byID[id]?.collect(into: &found, ancestors: ancestors) }
        for (offset, name) in classes.enumerated() where !classes[..<offset].contains(name) {
            byClass[name]?.collect(into: &found, ancestors: ancestors)
        }
        byType[type]?.collect(into: &found, ancestors: ancestors)
        universal.collect(into: &found, ancestors: ancestors)
    }
}

/// The keys an element's open ancestors have (their names, ids and classes, as
/// `AncestorFilter` hashes them), each once, and the filter that counts them.
package struct AncestorKeys {
    package var keys: [UInt32]
    package var filter: AncestorFilter

    package init(keys: [UInt32], filter: AncestorFilter) {
        self.keys = keys
        self.filter = filter
    }
}

/// `@supports` conditions: a declaration holds where docscroll draws the property
/// and reads the value; `selector(...)` where the selector reads.
enum Supports {
    static func holds(_ prelude: [CSSComponentValue]) -> Bool {
        condition(prelude.withoutWhitespace[...]) ?? false
    }

    private static func condition(_ values: ArraySlice<CSSComponentValue>) -> Bool? {
        if values.first?.keyword == "not" {
            guard values.count == 2, let last = values.last, let inner = inParens(last) else { return nil }
            return !inner
        }
        guard let first = values.first, var result = inParens(first) else { return nil }
        var rest = values.dropFirst()
        guard let joiner = rest.first?.keyword else { return result }
        guard joiner == "and" || joiner == "or" else { return nil }
        while rest.first?.keyword == joiner, let next = rest.dropFirst().first {
            guard let value = inParens(next) else { return nil }
            result = joiner == "and" ? result && value : result || value
            rest = rest.dropFirst(2)
        }
        return rest.isEmpty ? result : nil
    }

    private static func inParens(_ value: CSSComponentValue) -> Bool? {
        switch value {
        case .block(.openParen, let content):
            let inner = content.withoutWhitespace[...]
            if case .block(.openParen, _)? = inner.first { return condition(inner) }
            if inner.first?.keyword == "not" { return condition(inner) }
            guard let declaration = CSSParser.declarations(in: content).first else { return false }
            return ComputedStyle.knows(declaration.name) && ComputedStyle().applying(declaration, parent: ComputedStyle()) != nil
        case .function(let name, let arguments) where name.asciiLowercased == "selector":
            return SelectorParser.selectors(arguments.trimmed) != nil
        default:
            return false
        }
    }
}
