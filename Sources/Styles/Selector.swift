/// A complex selector of Selectors Level 4: compound selectors joined by
/// combinators, kept right to left as it is matched, with its specificity and any
/// pseudo-element (`::before`, `::after`) it styles.
package struct Selector: Equatable, Sendable {
    /// How a compound relates to the one on its right.
    package enum Combinator: Equatable, Sendable {
        /// ` `: an ancestor.
        case descendant
        /// `>`: the parent.
        case child
        /// `+`: the sibling just before.
        case nextSibling
        /// `~`: a sibling before.
        case subsequentSibling
    }

    /// The compounds, the subject (the rightmost) first; each with the combinator
    /// that joins it to the next one along (to its left), `nil` for the last.
    package var compounds: [(compound: CompoundSelector, combinator: Combinator?)]
    package var pseudoElement: PseudoElement?

    package static func == (left: Selector, right: Selector) -> Bool {
        left.pseudoElement == right.pseudoElement && left.compounds.count == right.compounds.count
            && zip(left.compounds, right.compounds).allSatisfy { $0.compound == $1.compound && $0.combinator == $1.combinator }
    }

    /// (ids, classes, attributes and pseudo-classes, types and pseudo-elements), as
    /// Selectors Level 4 §17 counts them.
    package var specificity: Specificity {
        var total = compounds.reduce(Specificity()) { $0 + $1.compound.specificity }
        if pseudoElement != nil { total.types += 1 }
        return total
    }
}

extension Selector {
    /// Whether it counts siblings of a name (`:nth-of-type()` and its kin), in
    /// `:not()` and the like too.
    var countsTypes: Bool {
        compounds.contains { part in
            part.compound.conditions.contains { condition in
                switch condition {
                case .pseudoClass(.nth(_, _, true, _)): true
                case .pseudoClass(.nth(_, _, _, let list?)), .pseudoClass(.not(let list)), .pseudoClass(.is(let list)), .pseudoClass(.where(let list)):
                    list.contains(where: \.countsTypes)
                default: false
                }
            }
        }
    }

    /// Whether its match may differ between two elements alike in name, classes, id,
    /// attributes and link-ness, whose ancestors are alike too: it reads siblings
    /// (`+`, `~`) or a place among them (`:nth-child()` and its kin, `:root`,
    /// `:empty`), anywhere in it. Only these are matched again for an element whose
    /// style another one shares (`ElementStyler`).
    var readsSiblings: Bool {
        compounds.contains { part in
            if part.combinator == .nextSibling || part.combinator == .subsequentSibling { return true }
            return part.compound.conditions.contains { condition in
                switch condition {
                case .pseudoClass(.nth), .pseudoClass(.root), .pseudoClass(.empty): true
                case .pseudoClass(.not(let list)), .pseudoClass(.is(let list)), .pseudoClass(.where(let list)): list.contains(where: \.readsSiblings)
                default: false
                }
            }
        }
    }

    /// Adds the hashes (`AncestorFilter.hash`) of the ids and the classes the
    /// selector names (in `:not()` and the like too).
    func collectNames(into names: inout NameFilter) {
        for (compound, _) in compounds {
            for condition in compound.conditions {
                switch condition {
                case .id(let id): names.insert(AncestorFilter.hash(id, kind: 1))
                case .class(let name): names.insert(AncestorFilter.hash(name, kind: 2))
                case .pseudoClass(.not(let list)), .pseudoClass(.is(let list)), .pseudoClass(.where(let list)), .pseudoClass(.nth(_, _, _, let list?)):
                    for selector in list { selector.collectNames(into: &names) }
                default: break
                }
            }
        }
    }

    /// Adds the names of the attributes the selector reads (in `:not()` and the
    /// like too).
    func collectAttributeNames(into names: inout Set<String>) {
        for (compound, _) in compounds {
            for condition in compound.conditions {
                switch condition {
                case .attribute(let name, _, _): names.insert(name)
                case .pseudoClass(.not(let list)), .pseudoClass(.is(let list)), .pseudoClass(.where(let list)), .pseudoClass(.nth(_, _, _, let list?)):
                    for selector in list { selector.collectAttributeNames(into: &names) }
                default: break
                }
            }
        }
    }
}

/// A selector's weight in the cascade, compared field by field.
package struct Specificity: Comparable, Sendable, Hashable {
    package var ids = 0
    package var classes = 0
    package var types = 0

    package init(ids: Int = 0, classes: Int = 0, types: Int = 0) {
        self.ids = ids
        self.classes = classes
        self.types = types
    }

    package static func < (left: Specificity, right: Specificity) -> Bool {
        (left.ids, left.classes, left.types) < (right.ids, right.classes, right.types)
    }

    static func + (left: Specificity, right: Specificity) -> Specificity {
        Specificity(ids: left.ids + right.ids, classes: left.classes + right.classes, types: left.types + right.types)
    }
}

/// What docscroll draws of an element besides its content.
package enum PseudoElement: Equatable, Sendable {
    case before, after
}

/// Simple selectors that all hold of one element.
package struct CompoundSelector: Equatable, Sendable {
    /// The element's name in lower case; `nil` for any (`*`, or none written).
    package var type: String?
    package var conditions: [SimpleSelector] = []

    var specificity: Specificity {
        conditions.reduce(Specificity(types: type == nil ? 0 : 1)) { $0 + $1.specificity }
    }
}

/// A condition on an element beside its name.
package enum SimpleSelector: Equatable, Sendable {
    case id(String)
    case `class`(String)
    /// `[name]`, or `[name op value]` (`i`: ASCII case ignored).
    case attribute(name: String, match: AttributeMatch?, ignoresCase: Bool)
    case pseudoClass(PseudoClass)

    var specificity: Specificity {
        switch self {
        case .id: Specificity(ids: 1)
        case .class, .attribute: Specificity(classes: 1)
        case .pseudoClass(let pseudo): pseudo.specificity
        }
    }
}

/// How an attribute's value is compared.
package enum AttributeMatch: Equatable, Sendable {
    /// `=`
    case equals(String)
    /// `~=`: one of its white-space separated words.
    case includesWord(String)
    /// `|=`: it, or it followed by `-`.
    case dashPrefix(String)
    /// `^=`
    case prefix(String)
    /// `$=`
    case suffix(String)
    /// `*=`
    case substring(String)
}

/// The pseudo-classes docscroll can decide from a document at rest.
package enum PseudoClass: Equatable, Sendable {
    case not([Selector])
    case `is`([Selector])
    case `where`([Selector])
    /// `:nth-child(an+b [of S])` and its kin: from the end (`last`), among the same
    /// type only (`ofType`).
    case nth(NthPattern, last: Bool, ofType: Bool, of: [Selector]?)
    case empty
    case root
    /// `:link` and `:any-link` (every link is unvisited here).
    case link
    /// A state no document at rest is in (`:hover`, `:focus`, `:visited`, ...):
    /// it matches nothing, and keeps the selector valid.
    case never

    var specificity: Specificity {
        switch self {
        case .where: Specificity()
        // The most specific of the arguments.
        case .not(let list), .is(let list): list.map(\.specificity).max() ?? Specificity()
        case .nth(_, _, _, let of?): Specificity(classes: 1) + (of.map(\.specificity).max() ?? Specificity())
        default: Specificity(classes: 1)
        }
    }
}

/// `an+b`: the positions (from 1) it names.
package struct NthPattern: Equatable, Sendable {
    package var a: Int
    package var b: Int

    package init(a: Int, b: Int) {
        self.a = a
        self.b = b
    }

    /// Whether position `index` (from 1) is `a*n + b` for some n ≥ 0.
    package func matches(_ index: Int) -> Bool {
        guard a != 0 else { return index == b }
        let difference = index - b
        return difference % a == 0 && difference / a >= 0
    }
}
