/// Facts about element and attribute names, found by the address libxml2 keeps each
/// name at: its parser interns names in a dictionary, one address per name for the
/// whole parse, so an element costs no string and no hash after its name's first
/// sight (a profile of the checkpoint index showed names and set look-ups at about a
/// fifth of its time).
struct InternedNames {
    /// What an element's name says.
    struct Element {
        /// Its name, lower case.
        var name: String
        var tag: HTMLTag
        var isTitle: Bool
        /// Content never shown (`head`, `script`, `style`, `template`).
        var isDropped: Bool
        /// With cutting: may stay open across a cut, ends a block a cut may follow, is a
        /// list or quote (not a container) a cut may leave open.
        var staysOpen: Bool
        var isBlock: Bool
        var isSplittable: Bool
        /// `HTMLTag.isPlainInline`.
        var isPlainInline: Bool
    }

    /// The tag sets of `HTMLParser.Cutting`, when cutting.
    private let staysOpen: Set<HTMLTag>
    private let blocks: Set<HTMLTag>
    private let splittable: Set<HTMLTag>
    private var elements = AddressTable<Element>()
    /// For attribute names: the name when the model keeps the attribute, else `nil`,
    /// whether counting links needs it, and whether it is `id` or `name`.
    private var attributes = AddressTable<(kept: String?, counts: Bool, namesAnchor: Bool)>()
    /// Every attribute's name (what a styler reads).
    private var attributeNames = AddressTable<String>()

    init(cutting: HTMLParser.Cutting?) {
        staysOpen = cutting?.staysOpen ?? []
        blocks = cutting?.blocks ?? []
        splittable = cutting?.splittable ?? []
    }

    /// Forgets the addresses seen: a new parser keeps names elsewhere (and may keep
    /// other names where these were).
    mutating func forgetAddresses() {
        elements = AddressTable()
        attributes = AddressTable()
        attributeNames = AddressTable()
    }

    /// The name of the attribute named at `pointer`.
    mutating func attributeName(_ pointer: UnsafeRawPointer) -> String {
        attributeNames.value(at: pointer) { $0 }
    }

    /// The facts of the element named at `pointer` (a NUL-terminated lower-case name).
    mutating func element(_ pointer: UnsafeRawPointer) -> Element {
        elements.value(at: pointer) { [staysOpen, blocks, splittable] name in
            let tag = HTMLTag(name: name)
            return Element(
                name: name, tag: tag, isTitle: name == "title", isDropped: DocumentBuilder.droppedTags.contains(name),
                staysOpen: staysOpen.contains(tag), isBlock: blocks.contains(tag), isSplittable: splittable.contains(tag),
                isPlainInline: tag.isPlainInline)
        }
    }

    /// The name of the attribute named at `pointer` when the model keeps it, else `nil`,
    /// whether counting links needs it (`DocumentBuilder.countingAttributes`), and
    /// whether it is `id` or `name`, which may name an element to jump to.
    mutating func keptAttribute(_ pointer: UnsafeRawPointer) -> (kept: String?, counts: Bool, namesAnchor: Bool) {
        attributes.value(at: pointer) { name in
            (DocumentBuilder.keptAttributes.contains(name) ? name : nil, DocumentBuilder.countingAttributes.contains(name),
             name == "id" || name == "name")
        }
    }
}

/// Values by the address of a NUL-terminated name: open addressing, linear probing,
/// a power-of-two table kept at most half full.
struct AddressTable<Value> {
    private var keys: [UnsafeRawPointer?] = Array(repeating: nil, count: 64)
    private var values: [Value?] = Array(repeating: nil, count: 64)
    private var count = 0

    /// The value for the name at `pointer`, made from the name on its first sight.
    mutating func value(at pointer: UnsafeRawPointer, make: (String) -> Value) -> Value {
        var slot = Self.slot(pointer, count: keys.count)
        while let key = keys[slot] {
            if key == pointer, let value = values[slot] { return value }
            slot = (slot + 1) & (keys.count - 1)
        }
        let value = make(String(cString: pointer.assumingMemoryBound(to: CChar.self)))
        keys[slot] = pointer
        values[slot] = value
        count += 1
        if count * 2 > keys.count { grow() }
        return value
    }

    /// A slot for an address: its bits mixed (Fibonacci hashing).
    private static func slot(_ pointer: UnsafeRawPointer, count: Int) -> Int {
        let bits = UInt(bitPattern: pointer) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: bits >> 40) & (count - 1)
    }

    private mutating func grow() {
        let entries = zip(keys, values).compactMap { key, value in key.flatMap { key in value.map { (key, $0) } } }
        keys = Array(repeating: nil, count: keys.count * 2)
        values = Array(repeating: nil, count: keys.count)
        for (key, value) in entries {
            var slot = Self.slot(key, count: keys.count)
            while keys[slot] != nil { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            values[slot] = value
        }
    }
}
