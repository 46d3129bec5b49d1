/// Reads a plain selector list (a style rule's prelude with no string, escape,
/// comment or bracket: `RuleSplitter`'s plain prelude) straight from its bytes, to the
/// selectors `SelectorParser` makes of its component values: most of a sheet's rules
/// are such lists, and making their tokens and values first cost more than the rest
/// of reading them.
///
/// It reads type, `*`, class and id selectors, the four combinators, pseudo-classes
/// without arguments and a closing `::before` or `::after`, names in ASCII; anything
/// else (a name with other bytes, `|`, a list with an empty or invalid selector)
/// gives `nil`, and is left to the parser, which then decides alone. So it never
/// gives selectors the parser would not (a test compares them on random lists).
///
/// `SimpleSelectorKeys` reads much the same lists for their keys alone, without
/// making selectors (what a sheet of a million rules can afford).
enum PlainSelectorReader {
    /// The selectors of `bytes[prelude]`, or `nil` where the parser is to read them.
    static func selectors(_ bytes: UnsafeBufferPointer<UInt8>, _ prelude: Range<Int>) -> [Selector]? {
        var selectors: [Selector] = []
        var index = prelude.lowerBound
        let end = prelude.upperBound
        while true {
            guard let selector = complex(bytes, &index, end) else { return nil }
            selectors.append(selector)
            guard index < end else { return selectors }
            // (`complex` stops only at the end or at a comma.)
            index += 1
        }
    }

    /// The complex selector from `index` to the next comma or the end (left there).
    private static func complex(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int) -> Selector? {
        // Left to right first, then turned around, as the parser does.
        var compounds: [CompoundSelector] = []
        var combinators: [Selector.Combinator] = []
        var pseudoElement: PseudoElement?
        var pending: Selector.Combinator?
        var sawSpace = false
        var compound: CompoundSelector?
        /// Whether the compound being read has a part yet (a name or `*` comes first).
        var hasPart = false
        func endCompound() {
            if let finished = compound { compounds.append(finished) }
            compound = nil
        }
        while index < end, bytes[index] != UInt8(ascii: ",") {
            let byte = bytes[index]
            if CSSTokenizer.isWhitespace(byte) {
                endCompound()
                sawSpace = true
                index += 1
                continue
            }
            if let combinator = combinator(byte) {
                endCompound()
                guard !compounds.isEmpty, pending == nil, pseudoElement == nil else { return nil }
                pending = combinator
                index += 1
                continue
            }
            if compound == nil {
                // A new compound: after a combinator, or after white space.
                if !compounds.isEmpty {
                    guard pseudoElement == nil, let joining = pending ?? (sawSpace ? .descendant : nil) else { return nil }
                    combinators.append(joining)
                }
                pending = nil
                compound = CompoundSelector()
                hasPart = false
            } else if pseudoElement != nil {
                return nil
            }
            sawSpace = false
            let isFirst = !hasPart
            hasPart = true
            switch byte {
            case UInt8(ascii: "*"):
                guard isFirst else { return nil }
                index += 1
            case UInt8(ascii: "."):
                guard let name = identifier(bytes, &index, from: index + 1, end) else { return nil }
                compound!.conditions.append(.class(name))
            case UInt8(ascii: "#"):
                guard let name = identifier(bytes, &index, from: index + 1, end) else { return nil }
                compound!.conditions.append(.id(name))
            case UInt8(ascii: ":"):
                let isElementSyntax = index + 1 < end && bytes[index + 1] == UInt8(ascii: ":")
                guard let name = identifier(bytes, &index, from: index + (isElementSyntax ? 2 : 1), end)?.asciiLowercased else { return nil }
                if name == "before" || name == "after" {
                    pseudoElement = name == "before" ? .before : .after
                } else {
                    guard !isElementSyntax, let pseudo = SelectorParser.pseudoClass(named: name) else { return nil }
                    compound!.conditions.append(.pseudoClass(pseudo))
                }
            default:
                guard isFirst, let name = identifier(bytes, &index, from: index, end) else { return nil }
                compound!.type = name.asciiLowercased
            }
        }
        endCompound()
        guard pending == nil, !compounds.isEmpty, compounds.count <= SelectorParser.maximumCompounds else { return nil }
        var parts: [(compound: CompoundSelector, combinator: Selector.Combinator?)] = []
        parts.reserveCapacity(compounds.count)
        for (offset, compound) in compounds.enumerated().reversed() {
            parts.append((compound, offset > 0 ? combinators[offset - 1] : nil))
        }
        return Selector(compounds: parts, pseudoElement: pseudoElement)
    }

    private static func combinator(_ byte: UInt8) -> Selector.Combinator? {
        switch byte {
        case UInt8(ascii: ">"): .child
        case UInt8(ascii: "+"): .nextSibling
        case UInt8(ascii: "~"): .subsequentSibling
        default: nil
        }
    }

    /// The identifier from `start`, in ASCII, with `index` moved past it; `nil` where
    /// none starts there, or it holds other bytes (left to the parser).
    private static func identifier(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, from start: Int, _ end: Int) -> String? {
        guard RuleSplitter.startsIdentifier(bytes, start, end) else { return nil }
        // (`-->` is a token of its own, which no selector holds.)
        if bytes[start] == UInt8(ascii: "-"), start + 2 < end, bytes[start + 1] == UInt8(ascii: "-"), bytes[start + 2] == UInt8(ascii: ">") { return nil }
        var last = start
        while last < end, CSSTokenizer.isName(bytes[last]) {
            guard bytes[last] < 0x80, bytes[last] != 0 else { return nil }
            last += 1
        }
        // (A backslash, which starts an escape, is no name byte: it ends the name,
        // and the parser reads the rest.)
        guard last > start, last == end || bytes[last] != UInt8(ascii: "\\") else { return nil }
        index = last
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<last]), as: UTF8.self)
    }
}
