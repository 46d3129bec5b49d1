/// An element as the cascade sees it: what selectors see, and what files its rules.
package protocol StyledElement: SelectorElement {
    /// Its name in lower case.
    var localName: String { get }
    /// Its `id`, if it has one.
    var elementID: String? { get }
    /// The words of its `class`.
    var classNames: [String] { get }
    /// Its `style` attribute's text, if it has one.
    var styleAttribute: String? { get }
}

/// Where declarations come from, weakest first among normal ones (CSS Cascading and
/// Inheritance Level 4 §6.2; important ones go the other way).
package enum CascadeOrigin: Int, Sendable, Comparable {
    /// docscroll's own defaults.
    case userAgent
    /// The reader's sheet (`--css`).
    case user
    /// The page's sheets and `style` attributes.
    case author

    package static func < (left: CascadeOrigin, right: CascadeOrigin) -> Bool { left.rawValue < right.rawValue }
}

/// The cascade over a page's sheets: which declarations win for an element
/// (origin and importance, then specificity, then order), custom properties and
/// `var()` resolved, inheritance from the parent's computed style.
package struct Cascade: Sendable {
    private let sheets: [Sheet]

    /// A sheet and its origin, in a box: matching reads the sheets at every element,
    /// and a sheet read out of an array of values would be copied there.
    private final class Sheet: Sendable {
        let sheet: StyleSheet
        let origin: CascadeOrigin

        init(sheet: StyleSheet, origin: CascadeOrigin) {
            self.sheet = sheet
            self.origin = origin
        }

        /// Adds the declarations of the rules (read at once) that match `element` to
        /// the scratch's applicable ones. (Here, the sheet is read in place.)
        func addMatches<Element: StyledElement>(
            of element: Element, id: String?, classes: [String], type: String, pseudo: PseudoElement?, ancestors: AncestorKeys?,
            sheetIndex: Int, scratch: inout Scratch
        ) {
            scratch.candidates.removeAll(keepingCapacity: true)
            sheet.candidates(id: id, classes: classes, type: type, ancestors: ancestors, into: &scratch.candidates)
            for index in scratch.candidates {
                let ruleFor = sheet.rules[index].selector.pseudoElement
                guard ruleFor == pseudo || (pseudo == nil && !(ruleFor == .before ? scratch.matchedBefore : scratch.matchedAfter)),
                    ancestors?.filter.mayContain(all: sheet.rules[index].ancestorHashes) ?? true,
                    sheet.rules[index].selector.matches(element)
                else { continue }
                if ruleFor != pseudo, let ruleFor {
                    scratch.noteMatch(of: ruleFor)
                    continue
                }
                let specificity = sheet.rules[index].specificity
                let order = sheet.rules[index].order
                for declaration in sheet.rules[index].declarations {
                    scratch.applicable.append(
                        Applicable(
                            sheet: sheetIndex, declaration: declaration,
                            rank: Cascade.rank(origin, important: sheet.declarations[declaration].isImportant, attribute: false),
                            specificity: specificity, order: order))
                }
            }
        }
    }

    /// `sheets` in the order they come (a later one wins ties).
    package init(_ sheets: [(sheet: StyleSheet, origin: CascadeOrigin)]) {
        self.sheets = sheets.map { Sheet(sheet: $0.sheet, origin: $0.origin) }
        distinctions = sheets.reduce(into: Distinctions()) { distinctions, entry in
            distinctions.names.append(entry.sheet.names)
            distinctions.attributeNames.formUnion(entry.sheet.attributeNames)
        }
        hasUnreadRules = sheets.contains { !$0.sheet.unread.isEmpty }
        stylesPseudoElements = sheets.contains { $0.sheet.stylesPseudoElements }
        readsColors = sheets.contains { $0.sheet.readsColors }
        mayStepCounters = sheets.contains { entry in
            !entry.sheet.unread.isEmpty || entry.sheet.declarations.contains { $0.name == "counter-reset" || $0.name == "counter-increment" }
        }
    }

    /// Whether colour declarations are kept (`MediaEnvironment.drawsColors`).
    private let readsColors: Bool

    /// Whether a rule styles `::before` or `::after` (else they are never looked for).
    package let stylesPseudoElements: Bool
    /// Whether a sheet has rules filed unread (`UnreadRules`).
    private let hasUnreadRules: Bool

    /// Whether a rule may step a counter (`counter-reset`, `counter-increment`; a rule
    /// filed unread may): else an element's style changes no counter, and one that
    /// opens and closes where a state is guessed need not be styled.
    package let mayStepCounters: Bool

    /// Whether any sheet has a rule.
    package var isEmpty: Bool { sheets.allSatisfy { $0.sheet.ruleCount == 0 } }

    /// Whether a selector counts siblings of an element's name (`:nth-of-type()`,
    /// `:first-of-type` and their kin).
    package var countsTypes: Bool { sheets.contains { $0.sheet.countsTypes } }

    /// The attributes an element's style may depend on, lower case: `class`, `id`,
    /// `style`, `href` (`:link`), those the selectors read and those `content` shows.
    package var attributeNames: Set<String> { readAttributeNames.union(["class", "id", "style", "href"]) }

    /// The attributes the selectors read or `content` shows, lower case.
    var readAttributeNames: Set<String> {
        sheets.reduce([]) { $0.union($1.sheet.attributeNames).union($1.sheet.contentAttributeNames) }
    }

    /// What tells elements apart for the cascade, beside their names and their
    /// ancestors: the ids and the classes some selector names, the attributes some
    /// selector reads. Two elements alike in these, under parents alike, whose
    /// sibling-reading rules (`siblingMatches`) match alike, have the same style.
    package struct Distinctions: Sendable {
        /// The ids' and the classes' hashes, sheet by sheet.
        fileprivate var names: [NameFilter] = []
        package var attributeNames: Set<String> = []

        /// Whether a selector may name the id or class of hash `hash`
        /// (`AncestorFilter.hash`).
        package func mayName(hash: UInt32) -> Bool {
            names.contains { $0.mayContain(hash) }
        }
    }

    package let distinctions: Distinctions

    /// What the stylers that style with this cascade share (the same page's parses).
    let sharing = ElementStyler.Sharing()

    /// The selectors of the rules that read siblings (`Selector.readsSiblings`) and may
    /// concern an element of this id, these classes and this name, in an order set by
    /// these. (The selectors themselves: one reached through its sheet at every
    /// element would copy the sheet there.)
    func selectorsReadingSiblings(id: String?, classes: [String], type: String) -> [Selector] {
        var selectors: [Selector] = []
        var found: [Int] = []
        for entry in sheets {
            found.removeAll(keepingCapacity: true)
            entry.sheet.candidatesReadingSiblings(id: id, classes: classes, type: type, into: &found)
            selectors += found.map { entry.sheet.rules[$0].selector }
        }
        return selectors
    }

    /// One declaration that applies, where it is (in a sheet, or in the `style`
    /// attribute's: sheet `sheets.count`), with what decides its precedence: no
    /// declaration is copied until it is applied.
    fileprivate struct Applicable {
        var sheet: Int
        var declaration: Int
        /// Whether `declaration` is in the scratch's rules read (`Scratch.read`).
        var isRead = false
        /// Origin and importance in one: normal user agent, user, author, `style`
        /// attributes; then important author (attributes after), user, user agent.
        var rank: Int
        var specificity: Specificity
        var order: Int
        /// Its place among the applicable ones, for a stable order.
        var position = 0
    }

    /// Buffers a styler keeps from one element to the next (each element would
    /// otherwise make and free its own).
    package struct Scratch {
        fileprivate var applicable: [Applicable] = []
        fileprivate var candidates: [Int] = []
        fileprivate var unreadCandidates: [UnreadRules.Candidate] = []
        fileprivate var keys: [UInt32] = []
        /// The rules filed unread that were read, by sheet and rule: their selectors,
        /// and their declarations' place in `declarations`.
        fileprivate var read: [Int: ReadRule?] = [:]
        fileprivate var declarations: [CSSParser.Declaration] = []
        /// Whether, in the last element's cascade, a rule for its `::before` or its
        /// `::after` matched: the cascade of either is needed only then.
        package fileprivate(set) var matchedBefore = false
        package fileprivate(set) var matchedAfter = false

        package init() {}

        /// Notes that a rule for `pseudo` matched, in an element's cascade.
        fileprivate mutating func noteMatch(of pseudo: PseudoElement) {
            if pseudo == .before { matchedBefore = true } else { matchedAfter = true }
        }

        /// Rule `rule` of sheet number `number`, filed unread, where it was read.
        fileprivate func known(_ rule: Int, number: Int) -> ReadRule?? { read[number << 40 | rule] }

        /// Reads rule `rule` of `sheet`, sheet number `number`, filed unread (once:
        /// `known` then gives it), or takes it from another styler's reading
        /// (`sharing`).
        fileprivate mutating func read(_ rule: Int, of sheet: StyleSheet, number: Int, sharing: ElementStyler.Sharing) -> ReadRule? {
            let key = number << 40 | rule
            var found: ReadRule?
            if let (selectors, kept) = sharing.readRule(key, read: { sheet.read(unread: rule) }) {
                found = ReadRule(
                    selectors: selectors, ancestorHashes: selectors.map(\.ancestorHashes), specificities: selectors.map(\.specificity),
                    declarations: declarations.count..<(declarations.count + kept.count), serial: Int(sheet.unread.rules[rule].serial))
                declarations += kept
            }
            read[key] = found
            return found
        }
    }

    /// A rule filed unread, read.
    fileprivate struct ReadRule {
        var selectors: [Selector]
        var ancestorHashes: [[UInt32]]
        /// The selectors' specificities (each found once).
        var specificities: [Specificity]
        var declarations: Range<Int>
        var serial: Int
    }

    /// The computed style of `element` (of its `pseudo`-element when given), its
    /// parent's being `parent` (`nil` for the root).
    package func style<Element: StyledElement>(of element: Element, parent: ComputedStyle?, pseudo: PseudoElement? = nil) -> ComputedStyle {
        var scratch = Scratch()
        return style(of: element, parent: parent, pseudo: pseudo, scratch: &scratch)
    }

    /// `style(of:parent:pseudo:)` with buffers kept by the caller, and the keys of the
    /// element's ancestors where the caller knows them (rules that need others are
    /// passed over, most without being looked at).
    package func style<Element: StyledElement>(
        of element: Element, parent: ComputedStyle?, pseudo: PseudoElement? = nil, scratch: inout Scratch, ancestors: AncestorKeys? = nil
    ) -> ComputedStyle {
        scratch.applicable.removeAll(keepingCapacity: true)
        if pseudo == nil {
            scratch.matchedBefore = false
            scratch.matchedAfter = false
        }
        let id = element.elementID
        let classes = element.classNames
        let type = element.localName
        for sheetIndex in sheets.indices {
            sheets[sheetIndex].addMatches(
                of: element, id: id, classes: classes, type: type, pseudo: pseudo, ancestors: ancestors, sheetIndex: sheetIndex, scratch: &scratch)
            if hasUnreadRules, !sheets[sheetIndex].sheet.unread.isEmpty {
                addUnread(sheet: sheetIndex, element: element, pseudo: pseudo, ancestors: ancestors, scratch: &scratch)
            }
        }
        guard !scratch.applicable.isEmpty || element.styleAttribute != nil else {
            return (parent ?? ComputedStyle()).inherited()
        }
        // (Taken out of the scratch and put back, so that it is not copied.)
        var applicable: [Applicable] = []
        swap(&applicable, &scratch.applicable)
        defer { swap(&applicable, &scratch.applicable) }
        var inAttribute: [CSSParser.Declaration] = []
        if pseudo == nil, let attribute = element.styleAttribute {
            inAttribute = CSSParser.declarations(ofAttribute: attribute).filter { $0.isCustom || ComputedStyle.knows($0.name, colors: readsColors) }
            for (index, declaration) in inAttribute.enumerated() {
                applicable.append(
                    Applicable(
                        sheet: sheets.count, declaration: index, rank: Self.rank(.author, important: declaration.isImportant, attribute: true),
                        specificity: Specificity(), order: 0))
            }
        }
        for index in applicable.indices { applicable[index].position = index }
        if applicable.count > 1 {
            applicable.sort { ($0.rank, $0.specificity, $0.sheet, $0.order, $0.position) < ($1.rank, $1.specificity, $1.sheet, $1.order, $1.position) }
        }
        func declaration(_ entry: Applicable) -> CSSParser.Declaration {
            if entry.isRead { return scratch.declarations[entry.declaration] }
            return entry.sheet < sheets.count ? sheets[entry.sheet].sheet.declarations[entry.declaration] : inAttribute[entry.declaration]
        }

        let inheritedFrom = parent ?? ComputedStyle()
        var style = inheritedFrom.inherited()
        // Custom properties first: the others' `var()`s read them.
        for entry in applicable {
            let custom = declaration(entry)
            if custom.isCustom { style.customProperties[custom.name] = custom.value }
        }
        for entry in applicable {
            var applied = declaration(entry)
            guard !applied.isCustom else { continue }
            if applied.hasVariable {
                // Invalid at computed-value time: the property is then unset.
                var budget = Self.maximumSubstitutedValues
                applied.value = Self.substitute(applied.value, in: style.customProperties, depth: 0, budget: &budget) ?? [.token(.ident("unset"))]
            }
            _ = style.apply(applied, parent: inheritedFrom)
        }
        return style
    }

    /// Adds what the rules of sheet `sheetIndex` filed unread give `element`: those
    /// filed by its keys are read (once a scratch) and matched.
    private func addUnread<Element: StyledElement>(
        sheet sheetIndex: Int, element: Element, pseudo: PseudoElement?, ancestors: AncestorKeys?, scratch: inout Scratch
    ) {
        scratch.keys = AncestorFilter.hashes(name: element.localName, id: element.elementID, classes: element.classNames)
        if scratch.keys.count > 2 {
            // (A class named twice is looked up once.)
            var seen = Set<UInt32>()
            scratch.keys = scratch.keys.filter { seen.insert($0).inserted }
        }
        scratch.unreadCandidates.removeAll(keepingCapacity: true)
        sheets[sheetIndex].sheet.unread.candidates(keys: scratch.keys, ancestors: ancestors, into: &scratch.unreadCandidates)
        for candidate in scratch.unreadCandidates {
            // (The sheet is reached only to read a rule: a copy of it counts a reference
            // to each of its parts.)
            guard let rule = scratch.known(candidate.rule, number: sheetIndex) ?? scratch.read(candidate.rule, of: sheets[sheetIndex].sheet, number: sheetIndex, sharing: sharing),
                candidate.position < rule.selectors.count
            else { continue }
            let selector = rule.selectors[candidate.position]
            let ruleFor = selector.pseudoElement
            guard ruleFor == pseudo || (pseudo == nil && !(ruleFor == .before ? scratch.matchedBefore : scratch.matchedAfter)),
                ancestors?.filter.mayContain(all: rule.ancestorHashes[candidate.position]) ?? true, selector.matches(element)
            else { continue }
            if ruleFor != pseudo, let ruleFor {
                scratch.noteMatch(of: ruleFor)
                continue
            }
            let order = StyleSheet.order(serial: rule.serial, position: candidate.position)
            for declaration in rule.declarations {
                let important = scratch.declarations[declaration].isImportant
                scratch.applicable.append(
                    Applicable(
                        sheet: sheetIndex, declaration: declaration, isRead: true,
                        rank: Self.rank(sheets[sheetIndex].origin, important: important, attribute: false), specificity: rule.specificities[candidate.position],
                        order: order))
            }
        }
    }

    fileprivate static func rank(_ origin: CascadeOrigin, important: Bool, attribute: Bool) -> Int {
        guard important else { return origin == .author && attribute ? 3 : origin.rawValue }
        switch origin {
        case .author: return attribute ? 5 : 4
        case .user: return 6
        case .userAgent: return 7
        }
    }

    // MARK: - var()

    /// `var()` nested in `var()` fallbacks, or custom properties naming each other,
    /// deeper than this are taken as a cycle (CSS Variables §2.3: invalid).
    static let maximumSubstitutionDepth = 16
    /// A declaration grown past this many values by substitution is invalid (custom
    /// properties that each name another twice would double it at every step).
    static let maximumSubstitutedValues = 10_000

    static func containsVariable(_ values: [CSSComponentValue]) -> Bool {
        values.contains { value in
            switch value {
            case .function(let name, let arguments): name.asciiLowercased == "var" || containsVariable(arguments)
            case .block(_, let content): containsVariable(content)
            case .token: false
            }
        }
    }

    /// `values` with each `var(--name[, fallback])` replaced; `nil` where one names
    /// nothing and has no fallback, or the references go too deep.
    private static func substitute(
        _ values: [CSSComponentValue], in properties: [String: [CSSComponentValue]], depth: Int, budget: inout Int
    ) -> [CSSComponentValue]? {
        budget -= values.count
        guard depth <= maximumSubstitutionDepth, budget >= 0 else { return nil }
        var result: [CSSComponentValue] = []
        for value in values {
            switch value {
            case .function(let name, let arguments) where name.asciiLowercased == "var":
                let parts = arguments.split(separator: .token(.comma), maxSplits: 1, omittingEmptySubsequences: false)
                guard case .token(.ident(let variable))? = Array(parts.first ?? []).trimmed.first, variable.hasPrefix("--") else { return nil }
                if let found = properties[variable], !found.isEmpty {
                    guard let inner = substitute(found, in: properties, depth: depth + 1, budget: &budget) else { return nil }
                    result += inner
                } else if parts.count == 2 {
                    guard let inner = substitute(Array(parts[1]), in: properties, depth: depth + 1, budget: &budget) else { return nil }
                    result += inner
                } else {
                    return nil
                }
            case .function(let name, let arguments):
                guard let inner = substitute(arguments, in: properties, depth: depth + 1, budget: &budget) else { return nil }
                result.append(.function(name, inner))
            case .block(let opening, let content):
                guard let inner = substitute(content, in: properties, depth: depth + 1, budget: &budget) else { return nil }
                result.append(.block(opening: opening, inner))
            case .token:
                result.append(value)
            }
        }
        return result
    }
}
