/// An element as selectors see it: its name, id, classes and attributes, and its
/// neighbours among the elements of the tree. docscroll's document gives one; so do
/// the tests' small trees.
package protocol SelectorElement {
    /// The parent element; `nil` for the root (or where the tree known stops).
    var parentElement: Self? { get }
    /// The element just before among its parent's children (text skipped).
    var previousSiblingElement: Self? { get }
    /// The element just after among its parent's children.
    var nextSiblingElement: Self? { get }
    /// Whether its name is `name` (given in lower case).
    func hasLocalName(_ name: String) -> Bool
    /// Whether it has the same name as `other`.
    func hasSameLocalName(as other: Self) -> Bool
    /// Whether its `id` is `id`.
    func hasID(_ id: String) -> Bool
    /// Whether `name` is among the words of its `class`.
    func hasClass(_ name: String) -> Bool
    /// The value of its attribute `name` (given in lower case), if it has it.
    func attributeValue(_ name: String) -> String?
    /// Whether it is a link (`a` or `area` with an `href`).
    var isLink: Bool { get }
    /// Whether it has no children but comments (no elements, no text).
    var isEmpty: Bool { get }
    /// Whether it is the document's root element.
    var isRoot: Bool { get }
    /// Whether `nextSiblingElement` is known (not where elements are styled as they
    /// start: then what counts from the end matches nothing).
    var knowsFollowingSiblings: Bool { get }
    /// Its position among its parent's element children (from 1), among those of its
    /// name with `ofType`, where the tree knows it without a walk; `nil` to walk.
    func position(ofType: Bool) -> Int?
}

extension SelectorElement {
    package var knowsFollowingSiblings: Bool { true }
    package func position(ofType: Bool) -> Int? { nil }
}

extension Selector {
    /// Whether the selector matches `element` (for a selector with a pseudo-element,
    /// whether it styles that pseudo-element of `element`).
    package func matches<Element: SelectorElement>(_ element: Element) -> Bool {
        Self.match(compounds[...], element) == .matched
    }

    /// How matching ended, so that a failure far up the tree is not tried again from
    /// every ancestor (Servo's selector matching does the same, after WebKit):
    /// what failed past a child or descendant combinator fails for every element
    /// further up, so the search stops instead of trying every ancestor again.
    private enum Outcome {
        case matched
        case restartFromClosestLaterSibling
        case restartFromClosestDescendant
        case failedEverywhere
    }

    /// Matches the compounds from the first of `parts` (the subject) at `element`;
    /// recursion as deep as the selector's compounds, which are few.
    private static func match<Element: SelectorElement>(
        _ parts: ArraySlice<(compound: CompoundSelector, combinator: Combinator?)>, _ element: Element
    ) -> Outcome {
        guard let first = parts.first, first.compound.matches(element) else { return .restartFromClosestLaterSibling }
        guard let combinator = first.combinator else { return .matched }
        let rest = parts.dropFirst()
        let notFound: Outcome = combinator == .nextSibling || combinator == .subsequentSibling ? .restartFromClosestDescendant : .failedEverywhere
        var candidate = next(from: element, by: combinator)
        while let current = candidate {
            let outcome = match(rest, current)
            switch (outcome, combinator) {
            case (.matched, _), (.failedEverywhere, _), (_, .nextSibling):
                return outcome
            case (_, .child):
                return .restartFromClosestDescendant
            case (.restartFromClosestDescendant, .subsequentSibling):
                return outcome
            default:
                break
            }
            candidate = next(from: current, by: combinator)
        }
        return notFound
    }

    private static func next<Element: SelectorElement>(from element: Element, by combinator: Combinator) -> Element? {
        switch combinator {
        case .descendant, .child: element.parentElement
        case .nextSibling, .subsequentSibling: element.previousSiblingElement
        }
    }
}

extension CompoundSelector {
    func matches<Element: SelectorElement>(_ element: Element) -> Bool {
        if let type, !element.hasLocalName(type) { return false }
        return conditions.allSatisfy { $0.matches(element) }
    }
}

extension SimpleSelector {
    func matches<Element: SelectorElement>(_ element: Element) -> Bool {
        switch self {
        case .id(let id): return element.hasID(id)
        case .class(let name): return element.hasClass(name)
        case .attribute(let name, let match, let ignoresCase):
            guard let value = element.attributeValue(name) else { return false }
            guard let match else { return true }
            return match.matches(ignoresCase ? value.asciiLowercased : value, ignoresCase: ignoresCase)
        case .pseudoClass(let pseudo): return pseudo.matches(element)
        }
    }
}

extension AttributeMatch {
    /// Whether `value` matches (already lower-cased where case is ignored).
    func matches(_ value: String, ignoresCase: Bool) -> Bool {
        func folded(_ text: String) -> String { ignoresCase ? text.asciiLowercased : text }
        switch self {
        case .equals(let text): return value == folded(text)
        case .includesWord(let text):
            let word = folded(text)
            return !word.isEmpty && !word.contains(where: \.isWhitespace) && value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).contains { $0 == word }
        case .dashPrefix(let text):
            let prefix = folded(text)
            return value == prefix || value.hasPrefix(prefix + "-")
        // (An empty prefix, suffix or substring matches nothing.)
        case .prefix(let text): return !text.isEmpty && value.hasPrefix(folded(text))
        case .suffix(let text): return !text.isEmpty && value.hasSuffix(folded(text))
        case .substring(let text): return !text.isEmpty && value.contains(folded(text))
        }
    }
}

extension PseudoClass {
    func matches<Element: SelectorElement>(_ element: Element) -> Bool {
        switch self {
        case .not(let list): return !list.contains { $0.pseudoElement == nil && $0.matches(element) }
        case .is(let list), .where(let list): return list.contains { $0.pseudoElement == nil && $0.matches(element) }
        case .nth(let pattern, let last, let ofType, let of):
            // Only elements with a parent have siblings to count (the root is first).
            func counts(_ sibling: Element) -> Bool {
                if ofType { return sibling.hasSameLocalName(as: element) }
                if let of { return of.contains { $0.pseudoElement == nil && $0.matches(sibling) } }
                return true
            }
            if of != nil, !counts(element) { return false }
            if last, !element.knowsFollowingSiblings { return false }
            if !last, of == nil, let known = element.position(ofType: ofType) { return pattern.matches(known) }
            var position = 1
            var sibling = last ? element.nextSiblingElement : element.previousSiblingElement
            while let current = sibling {
                if counts(current) { position += 1 }
                sibling = last ? current.nextSiblingElement : current.previousSiblingElement
            }
            return pattern.matches(position)
        case .empty: return element.isEmpty
        case .root: return element.isRoot
        case .link: return element.isLink
        case .never: return false
        }
    }
}
