import Glibc

/// Blanks out attributes of start tags before libxml2 reads them (their bytes made
/// spaces, so page offsets stay as they are): those the model never keeps
/// (`DocumentBuilder.keptAttributes`), and every one past the first `limit` of a tag.
///
/// libxml2 reads an attribute a character at a time, copies its value, and checks it
/// against every attribute of the tag before it; blanks it skips. Real pages spend much
/// of their markup on attributes nothing here reads (`class`, `rel`, `aria-*`), and a
/// tag of n attributes costs libxml2 n² / 2 comparisons (200,000 attributes, 2 MB,
/// took 45 s).
///
/// It reads the page as libxml2 2.9.14's tokenizer does, as far as markup goes: text
/// is skipped with `memchr` to the next `<`; `<` and a letter opens a start tag, whose
/// name, attributes (names, `=`, values quoted or not, junk skipped to a blank) and end
/// (`>` or `/>`) it follows; comments (to `-->` or `--!>`), doctypes and processing
/// instructions (to `>`) and end tags (to `>`) are passed over; the raw text of
/// `script` and `style` runs to `</script` or `</style`. Its state carries from one
/// window of the page to the next.
///
/// An attribute is blanked out for the model only when the tokenizer cannot have
/// misread it: it lies in one window, its name is a plain one, and it holds no `<`,
/// `>` or NUL, so that no blank can hide the end of a comment, a tag or a script from
/// libxml2, whatever libxml2 took the bytes for. Attributes past the limit are blanked
/// whatever they hold.
///
/// A tag is read straight through (`startTag`, `attributes`); the states below only
/// go on from a window's end inside a token, where no attribute is blanked for the
/// model, and hand back to the straight reading between attributes.
///
/// One long file, as one tokenizer: the straight reading of a tag and the states that
/// go on from a window's end follow the same rules of libxml2's, which read best side
/// by side.
struct AttributeFilter {
    /// Attributes of a tag passed as they are, at most.
    static let limit = 256

    private enum State {
        case text
        /// Right after a `<`.
        case lessThan
        /// After `<!`.
        case bang
        /// After `<!-`.
        case bangDash
        /// After `<!` and `matched` letters of `DOCTYPE` (any case).
        case doctypeName(matched: Int)
        /// In a doctype, or a quoted part of it (its quote).
        case doctype(quote: UInt8?)
        /// In a comment: how many of its bytes came (up to 3), and the last three
        /// (the last in the low byte).
        case comment(seen: Int, last: UInt32)
        /// After `</`: an end tag if a name follows.
        case endTagStart
        /// After a `<?`: a processing instruction if a name follows.
        case question
        /// Passed over to the next `>`: a processing instruction, an end tag.
        case toGreaterThan
        case tagName
        /// Between attributes (blanks skipped).
        case beforeAttribute
        /// A `/` between attributes or in junk: `/>` ends the tag, else it is junk.
        case slash
        case attributeName
        case afterAttributeName
        case beforeValue
        case quoted(UInt8)
        case unquoted
        /// Junk where an attribute name should be, skipped to a blank, `>` or `/>`.
        case junk
        /// In a `script`'s or `style`'s text; `matched` bytes of its end (`</name`) seen.
        case rawText(matched: Int)
        /// After `</name` in raw text: it ends there unless the name goes on.
        case rawTextEnd
    }

    /// Where the last window left the reading.
    private var savedState = State.text
    /// Whether the page is read with the model's attributes only (else, past the limit).
    private let dropsUnused: Bool
    /// Attributes of the open tag so far.
    private var attributes = 0
    /// Whether the attribute being read is past the limit, blanked byte by byte.
    private var blanking = false
    /// The open tag's name so far, lower case, up to eight bytes (`script`, `style`),
    /// and its length.
    private var tagName: UInt64 = 0
    private var tagNameLength = 0
    /// The name of the element whose raw text is being read, with `</` before it.
    private var rawTextEnd: [UInt8] = []
    /// Whether a start or an end tag came: libxml2 reads what follows as content, no
    /// longer skipping the blanks before it.
    private var hasReadTag = false
    /// Whether the tokenizer may have parted from libxml2's (a NUL byte, a quoted `>`
    /// in a doctype, markup libxml2 reads in ways not followed here): no attribute is
    /// blanked for the model after that.
    private var isUnsure = false

    /// Whether `class` attributes are taken out of start tags read whole in a window
    /// libxml2 reads as it is (`filter(_:liftable:)` with `liftable`), for the styler to
    /// read apart (`LiftedClass`): libxml2 reads an attribute's value a character at a
    /// time and copies it, which cost a styled parse more than all its styling.
    private let liftsClasses: Bool
    /// Whether classes are lifted for now (the reader holds few not yet asked for).
    var liftsClassesForNow = true
    /// Whether the window being read lifts classes.
    private var liftsClassesNow = false
    /// The classes lifted from the window read last, where their tags end in it, and
    /// their values one after another.
    private(set) var liftedClasses: [LiftedClass] = []
    private(set) var liftedClassBytes: [UInt8] = []

    /// A start tag's `class`, taken out: where libxml2 stands as it gives the element
    /// (its `>`, or the `/` of its `/>`), in the window's coordinates, and the value,
    /// in `liftedClassBytes`; the tag's name, lower case, its first eight bytes packed
    /// (the first lowest), and its length.
    struct LiftedClass: Equatable {
        var end: Int
        var value: Range<Int>
        var tagName: UInt64
        var tagNameLength: Int

        /// A tag's name (lower case) packed as `tagName` is.
        static func packed(_ name: String) -> UInt64 {
            var name = name
            return name.withUTF8 { bytes in
                var packed: UInt64 = 0
                for offset in 0..<min(8, bytes.count) { packed |= UInt64(bytes[offset]) << (8 * UInt64(offset)) }
                return packed
            }
        }
    }

    /// Attributes passed beside those the model keeps (those a page's selectors
    /// read): their first 16 bytes packed as `isKept` takes them, and their lengths (a
    /// longer name is told by these alone: another of its length and its first bytes
    /// is passed too, and read by no selector).
    private let alsoKept: [(low: UInt64, high: UInt64, length: Int)]

    /// A filter that blanks attributes the model does not keep (`dropsUnused`) but for
    /// `alsoKeeping` (lower case), and attributes past the limit.
    init(dropsUnused: Bool = true, alsoKeeping: Set<String> = [], liftsClasses: Bool = false) {
        self.dropsUnused = dropsUnused
        self.liftsClasses = liftsClasses && dropsUnused
        alsoKept = alsoKeeping.map { name in
            let packed = Self.packed(name)
            return (packed.0, packed.1, name.utf8.count)
        }
    }

    /// The first 16 bytes of a name packed eight bytes a word, the first byte lowest.
    private static func packed(_ name: String) -> (UInt64, UInt64) {
        var packed: (UInt64, UInt64) = (0, 0)
        for (offset, byte) in name.utf8.enumerated() where offset < 16 {
            let shifted = UInt64(byte) << (8 * UInt64(offset % 8))
            if offset < 8 { packed.0 |= shifted } else { packed.1 |= shifted }
        }
        return packed
    }

    /// Reads `bytes` (the next bytes of the page, in order), blanking out attributes
    /// in place.
    mutating func filter(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        var none: [Range<Int>]? = nil
        filter(bytes, liftable: &none)
    }

    /// `filter(_:)`, and with `liftable`, the text runs libxml2 need not read noted
    /// there, in order (`LiftedText.liftableRun`): runs right after the `>` of a tag, a
    /// comment or a doctype read here, while nothing is unsure.
    mutating func filter(_ bytes: UnsafeMutableBufferPointer<UInt8>, liftable: inout [Range<Int>]?) {
        liftedClasses.removeAll(keepingCapacity: true)
        liftedClassBytes.removeAll(keepingCapacity: true)
        liftsClassesNow = liftsClasses && liftsClassesForNow && liftable != nil
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        // (A local state is kept in registers.)
        var state = savedState
        defer { savedState = state }
        if !isUnsure, memchr(base, 0, count) != nil { isUnsure = true }
        var index = 0
        while index < count {
            let byte = base[index]
            switch state {
            case .text:
                guard let found = memchr(base + index, 0x3C, count - index) else { return }
                let lessThan = found.assumingMemoryBound(to: UInt8.self) - base
                // (The states that end at a `>` end a token libxml2 read as such.)
                if liftable != nil, index > 0, base[index - 1] == 0x3E, !isUnsure,
                   let run = LiftedText.liftableRun(base, from: index, to: lessThan, skipsBlanks: !hasReadTag) {
                    liftable!.append(run)
                }
                index = lessThan + 1
                // Most markup is a start or an end tag, read here at once.
                if index < count, Self.isLetter(base[index]) {
                    attributes = 0
                    index = startTag(base, from: index, count: count, state: &state)
                    continue
                }
                if index + 1 < count, base[index] == 0x2F, Self.startsName(base[index + 1]) {
                    hasReadTag = true
                    guard let end = memchr(base + index + 2, 0x3E, count - index - 2) else {
                        state = .toGreaterThan
                        return
                    }
                    index = end.assumingMemoryBound(to: UInt8.self) - base + 1
                    continue
                }
                state = .lessThan
                continue
            case .lessThan:
                if Self.isLetter(byte) {
                    attributes = 0
                    index = startTag(base, from: index, count: count, state: &state)
                    continue
                }
                switch byte {
                case 0x21: state = .bang
                case 0x3F: state = .question
                case 0x2F: state = .endTagStart
                default:
                    // A `<` that opens nothing is text; the byte after it is read anew.
                    state = .text
                    continue
                }
            case .bang:
                if byte == 0x2D {
                    state = .bangDash
                } else if byte | 0x20 == 0x64 {
                    state = .doctypeName(matched: 1)
                } else {
                    // `<!` and anything else is text to libxml2.
                    state = .text
                    continue
                }
            case .bangDash:
                guard byte == 0x2D else {
                    state = .text
                    continue
                }
                state = .comment(seen: 0, last: 0)
            case .doctypeName(let matched):
                guard byte | 0x20 == Self.doctype[matched] else {
                    state = .text
                    continue
                }
                state = matched + 1 == Self.doctype.count ? .doctype(quote: nil) : .doctypeName(matched: matched + 1)
            case .doctype(var quote):
                // libxml2 reads quotes only in a doctype's identifiers; a `>` inside
                // them is where the two readings part.
                while index < count {
                    let byte = base[index]
                    if let open = quote {
                        if byte == open {
                            quote = nil
                        } else if byte == 0x3E {
                            isUnsure = true
                        }
                    } else if byte == 0x22 || byte == 0x27 {
                        quote = byte
                    } else if byte == 0x3E {
                        break
                    }
                    index += 1
                }
                guard index < count else {
                    state = .doctype(quote: quote)
                    return
                }
                state = .text
            case .comment(var seen, var last):
                // The end is `-->` or `--!>`, after the two bytes past `<!--`: each `>`
                // is checked against the bytes before it.
                let found = memchr(base + index, 0x3E, count - index).map { $0.assumingMemoryBound(to: UInt8.self) - base } ?? count
                for offset in max(index, found - 3)..<found {
                    last = last << 8 | UInt32(base[offset])
                }
                seen = min(3, seen + found - index)
                guard found < count else {
                    state = .comment(seen: seen, last: last)
                    return
                }
                index = found + 1
                if seen >= 2, last & 0xFFFF == 0x2D2D || seen >= 3 && last & 0xFF_FFFF == 0x2D2D21 {
                    state = .text
                } else {
                    state = .comment(seen: min(seen + 1, 3), last: last << 8 | 0x3E)
                }
                continue
            case .endTagStart:
                // libxml2 reads an end tag to its `>` once a name starts; else it drops
                // the `</` and reads on.
                if Self.startsName(byte) { hasReadTag = true }
                state = Self.startsName(byte) ? .toGreaterThan : .text
                continue
            case .question:
                // A name must follow for a processing instruction; else libxml2 takes
                // the `<?` alone and reads on. (Names beyond ASCII are not followed.)
                if byte >= 0x80 { isUnsure = true }
                if Self.isLetter(byte) || byte == 0x5F || byte == 0x3A || byte >= 0x80 {
                    state = .toGreaterThan
                } else {
                    state = .text
                    continue
                }
            case .toGreaterThan:
                guard let found = memchr(base + index, 0x3E, count - index) else { return }
                index = found.assumingMemoryBound(to: UInt8.self) - base + 1
                state = .text
                continue
            case .tagName:
                while index < count, Self.isNameByte(base[index]) {
                    if tagNameLength < 8 { tagName |= UInt64(base[index] | 0x20) << (8 * UInt64(tagNameLength)) }
                    tagNameLength += 1
                    index += 1
                }
                guard index < count else { return }
                state = .beforeAttribute
                continue
            case .beforeAttribute:
                index = attributes(base, from: index, count: count, state: &state)
                continue
            case .slash:
                if byte == 0x3E {
                    state = endTag(selfClosing: true)
                } else {
                    // (`/` and what follows to a blank is junk.)
                    state = .junk
                    continue
                }
            case .attributeName:
                let nameStart = index
                while index < count, Self.isNameByte(base[index]) { index += 1 }
                if blanking { (base + nameStart).update(repeating: 0x20, count: index - nameStart) }
                guard index < count else { return }
                state = .afterAttributeName
                continue
            case .afterAttributeName:
                if byte == 0x3D {
                    if blanking { base[index] = 0x20 }
                    state = .beforeValue
                } else if Self.isBlank(byte) {
                    // (Blanks before a `=` are skipped.)
                } else {
                    // A name alone: what follows is the next attribute, or the end.
                    state = .beforeAttribute
                    continue
                }
            case .beforeValue:
                if Self.isBlank(byte) {
                    // (Blanks after the `=` are skipped.)
                } else if byte == 0x22 || byte == 0x27 {
                    if blanking { base[index] = 0x20 }
                    state = .quoted(byte)
                } else if byte == 0x3E {
                    // No value: the tag ends.
                    state = endTag(selfClosing: false)
                } else {
                    state = .unquoted
                    continue
                }
            case .quoted(let quote):
                let end = memchr(base + index, Int32(quote), count - index).map { $0.assumingMemoryBound(to: UInt8.self) - base } ?? count
                if blanking { (base + index).update(repeating: 0x20, count: end - index) }
                index = end
                guard index < count else { return }
                if blanking { base[index] = 0x20 }
                state = .beforeAttribute
            case .unquoted:
                // An unquoted value runs to a blank or `>` (a `<` or a quote is part of it).
                let valueStart = index
                while index < count, !Self.isBlank(base[index]), base[index] != 0x3E { index += 1 }
                if blanking { (base + valueStart).update(repeating: 0x20, count: index - valueStart) }
                guard index < count else { return }
                state = .beforeAttribute
                continue
            case .junk:
                if Self.isBlank(byte) || byte == 0x3E {
                    state = .beforeAttribute
                    continue
                }
                if byte == 0x2F { state = .slash }
            case .rawText(let matched):
                if matched == 0 {
                    guard let found = memchr(base + index, 0x3C, count - index) else { return }
                    index = found.assumingMemoryBound(to: UInt8.self) - base + 1
                    state = .rawText(matched: 1)
                    continue
                }
                if byte | (matched >= 2 ? 0x20 : 0) == rawTextEnd[matched] {
                    state = matched + 1 == rawTextEnd.count ? .rawTextEnd : .rawText(matched: matched + 1)
                } else {
                    state = .rawText(matched: 0)
                    continue
                }
            case .rawTextEnd:
                if Self.isNameByte(byte) {
                    // Another name (`</scripts>`): libxml2 drops that end tag, to its
                    // `>`, and reads on in the raw text; not followed here.
                    isUnsure = true
                    state = .rawText(matched: 0)
                } else {
                    state = .toGreaterThan
                }
                continue
            }
            index += 1
        }
    }

    /// Reads the start tag whose name starts at `start` straight through, blanking its
    /// attributes (`attributes(_:from:count:state:)`); gives where it ended, with
    /// `state` after it: the state to go on in, when the window ends inside it.
    private mutating func startTag(_ base: UnsafeMutablePointer<UInt8>, from start: Int, count: Int, state: inout State) -> Int {
        // (Read into locals, kept in registers; the filter's own fields are set where
        // the window ends inside the tag, for the states to go on from.)
        hasReadTag = true
        var index = start
        var name: UInt64 = 0
        while index < count, Self.isNameByte(base[index]) {
            if index - start < 8 { name |= UInt64(base[index] | 0x20) << (8 * UInt64(index - start)) }
            index += 1
        }
        tagName = name
        tagNameLength = index - start
        guard index < count else {
            state = .tagName
            return index
        }
        return attributes(base, from: index, count: count, state: &state, wholeTag: true)
    }

    /// Reads a start tag's attributes from `start` (between two) to its end straight
    /// through, blanking those to blank; gives where it ended, with `state` after it:
    /// the state to go on in, when the window ends inside the tag. With `wholeTag`
    /// (the tag read from its `<` in this window), its `class` may be lifted.
    private mutating func attributes(
        _ base: UnsafeMutablePointer<UInt8>, from start: Int, count: Int, state: inout State, wholeTag: Bool = false
    ) -> Int {
        var index = start
        var attributes = self.attributes
        defer { self.attributes = attributes }
        // The tag's first `class` (its attribute's range and its value's) while it can
        // be lifted, and whether one came; the later ones, which libxml2 drops.
        let mayLift = wholeTag && liftsClassesNow && !isUnsure
        var lifting: (attribute: Range<Int>, value: Range<Int>)?
        var hasClass = false
        var laterClasses: [Range<Int>] = []
        /// Lifts the class found, the tag ending at `end`.
        func liftClass(endingAt end: Int) {
            guard let lifting else { return }
            let valueStart = liftedClassBytes.count
            liftedClassBytes.append(contentsOf: UnsafeBufferPointer(start: base + lifting.value.lowerBound, count: lifting.value.count))
            (base + lifting.attribute.lowerBound).update(repeating: 0x20, count: lifting.attribute.count)
            for later in laterClasses { (base + later.lowerBound).update(repeating: 0x20, count: later.count) }
            liftedClasses.append(LiftedClass(end: end, value: valueStart..<liftedClassBytes.count, tagName: tagName, tagNameLength: tagNameLength))
        }
        while true {
            while index < count, Self.isBlank(base[index]) { index += 1 }
            guard index < count else {
                state = .beforeAttribute
                return index
            }
            let byte = base[index]
            if byte == 0x3E {
                liftClass(endingAt: index)
                state = endTag(selfClosing: false)
                return index + 1
            }
            guard Self.startsName(byte) else {
                // Junk to a blank, `>` or `/>`.
                while index < count, !Self.isBlank(base[index]), base[index] != 0x3E {
                    if base[index] == 0x2F, index + 1 < count, base[index + 1] == 0x3E {
                        liftClass(endingAt: index)
                        state = endTag(selfClosing: true)
                        return index + 2
                    }
                    index += 1
                }
                guard index < count else {
                    state = base[index - 1] == 0x2F ? .slash : .junk
                    return index
                }
                continue
            }
            // An attribute: its name.
            attributes += 1
            let blanking = attributes > Self.limit
            let attributeStart = index
            var low: UInt64 = 0
            var high: UInt64 = 0
            while index < count, Self.isNameByte(base[index]) {
                let offset = index - attributeStart
                if offset < 8 {
                    low |= UInt64(Self.lowercased(base[index])) << (8 * UInt64(offset))
                } else if offset < 16 {
                    high |= UInt64(Self.lowercased(base[index])) << (8 * UInt64(offset - 8))
                }
                index += 1
            }
            if blanking { (base + attributeStart).update(repeating: 0x20, count: index - attributeStart) }
            guard index < count else {
                self.blanking = blanking
                state = .attributeName
                return index
            }
            // libxml2 reads a name of at most 100 bytes; the rest is another.
            var isDropped = dropsUnused && !isUnsure && !blanking && index - attributeStart <= 100
                && !Self.isKept((low, high), length: index - attributeStart)
                && !(alsoKept.contains { $0.length == index - attributeStart && $0.low == low && $0.high == high })
            let isClass = mayLift && !blanking && index - attributeStart == 5 && low == Self.classPacked && high == 0
            var valueRead: Range<Int>?
            // `=` and a value, or the name alone.
            while index < count, Self.isBlank(base[index]) { index += 1 }
            guard index < count else {
                self.blanking = blanking
                state = .afterAttributeName
                return index
            }
            guard base[index] == 0x3D else {
                if isDropped { (base + attributeStart).update(repeating: 0x20, count: index - attributeStart) }
                // (A class with no value: libxml2 gives it, and drops later ones.)
                if isClass {
                    if hasClass { laterClasses.append(attributeStart..<index) } else { lifting = nil }
                    hasClass = true
                }
                continue
            }
            if blanking { base[index] = 0x20 }
            index += 1
            while index < count, Self.isBlank(base[index]) { index += 1 }
            guard index < count else {
                self.blanking = blanking
                state = .beforeValue
                return index
            }
            let quote = base[index]
            if quote == 0x22 || quote == 0x27 {
                if blanking { base[index] = 0x20 }
                index += 1
                let valueStart = index
                index = memchr(base + index, Int32(quote), count - index).map { $0.assumingMemoryBound(to: UInt8.self) - base } ?? count
                if blanking { (base + valueStart).update(repeating: 0x20, count: index - valueStart) }
                guard index < count else {
                    self.blanking = blanking
                    state = .quoted(quote)
                    return index
                }
                if isDropped, memchr(base + valueStart, 0x3C, index - valueStart) != nil || memchr(base + valueStart, 0x3E, index - valueStart) != nil {
                    isDropped = false
                }
                valueRead = valueStart..<index
                if blanking { base[index] = 0x20 }
                index += 1
            } else if quote == 0x3E {
                // No value: the tag ends.
                if isDropped { (base + attributeStart).update(repeating: 0x20, count: index - attributeStart) }
                if isClass, !hasClass { lifting = nil }
                liftClass(endingAt: index)
                state = endTag(selfClosing: false)
                return index + 1
            } else {
                // An unquoted value runs to a blank or `>` (a `<` or a quote is part of it).
                let valueStart = index
                while index < count, !Self.isBlank(base[index]), base[index] != 0x3E {
                    if base[index] == 0x3C { isDropped = false }
                    index += 1
                }
                if blanking { (base + valueStart).update(repeating: 0x20, count: index - valueStart) }
                guard index < count else {
                    self.blanking = blanking
                    state = .unquoted
                    return index
                }
                valueRead = valueStart..<index
            }
            if isDropped { (base + attributeStart).update(repeating: 0x20, count: index - attributeStart) }
            if isClass, let value = valueRead {
                if hasClass {
                    laterClasses.append(attributeStart..<index)
                } else if Self.isLiftable(UnsafeBufferPointer(start: base + value.lowerBound, count: value.count)) {
                    // (libxml2 reads references and would part from the bytes.)
                    lifting = (attributeStart..<index, value)
                }
                hasClass = true
            }
        }
    }

    /// `class`, packed as names are.
    private static let classPacked: UInt64 = 0x73_7361_6C63

    /// Whether an attribute's value reads the same to libxml2 as its bytes: no
    /// reference (`&`), no `<`, `>` or NUL.
    private static func isLiftable(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        !value.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0 }
    }

    /// Whether an attribute name, lower case and packed eight bytes a word, `length`
    /// bytes long, is one the model keeps.
    private static func isKept(_ name: (UInt64, UInt64), length: Int) -> Bool {
        guard length <= 16 else { return false }
        return keptNames.withUnsafeBufferPointer { names in
            let entry = names[slot(of: name, length: length)]
            return entry.length == length && entry.low == name.0 && entry.high == name.1
        }
    }

    /// The place of a packed name in `keptNames`.
    private static func slot(of name: (UInt64, UInt64), length: Int) -> Int {
        Int(truncatingIfNeeded: ((name.0 &+ name.1 &* 31 &+ UInt64(length)) &* 0x1656_67B1_9E37_79F9) >> 56)
    }

    /// The state after the end of a start tag (its `>`): raw text after a `script`'s or
    /// a `style`'s.
    private mutating func endTag(selfClosing: Bool) -> State {
        guard !selfClosing else { return .text }
        if tagNameLength == 6, tagName == Self.script {
            rawTextEnd = Array("</script".utf8)
        } else if tagNameLength == 5, tagName == Self.style {
            rawTextEnd = Array("</style".utf8)
        } else {
            return .text
        }
        return .rawText(matched: 0)
    }

    /// `script` and `style` as `tagName` packs them (the first byte lowest).
    private static let script: UInt64 = 0x7470_6972_6373
    private static let style: UInt64 = 0x65_6C79_7473

    /// The attribute names the model keeps, lower case, packed as `isKept` takes them, each
    /// in its `slot` (no two share one).
    static let keptNames: [(low: UInt64, high: UInt64, length: Int)] = {
        var table = [(low: UInt64, high: UInt64, length: Int)](repeating: (0, 0, -1), count: 256)
        for name in DocumentBuilder.keptAttributes {
            let packed = packed(name)
            let slot = slot(of: packed, length: name.utf8.count)
            precondition(table[slot].length < 0, "two kept attribute names share a slot: change the hash")
            table[slot] = (packed.0, packed.1, name.utf8.count)
        }
        return table
    }()

    /// `doctype`, lower case (libxml2 reads it in any case after `<!`).
    private static let doctype = Array("doctype".utf8)

    /// The first byte of a name, as libxml2 reads HTML names: a letter, `_`, `:`, `.`.
    private static func startsName(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == 0x5F || byte == 0x3A || byte == 0x2E
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    /// A byte of a name after its first, as libxml2 reads HTML names: letters, digits,
    /// `:`, `-`, `_`, `.`.
    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool {
        // One bit a byte below 128, in two words (no branch a class).
        let word: UInt64 = byte < 64 ? 0x07FF_6000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return byte < 128 && (word >> UInt64(byte & 63)) & 1 == 1
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// libxml2's blanks (`IS_BLANK_CH`): space, tab, line feed, carriage return.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte <= 0x20 && (UInt64(0x1_0000_2600) >> UInt64(byte)) & 1 == 1
    }
}
