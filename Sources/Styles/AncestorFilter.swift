/// The names, ids and classes of an element's ancestors, counted in a small table of
/// hashes (a counting Bloom filter, as browsers keep one): a selector that needs an
/// ancestor of a name, id or class that no ancestor has is passed over without being
/// matched. It may say "perhaps" wrongly, never "no".
package struct AncestorFilter: Sendable {
    private var counts = [UInt16](repeating: 0, count: Self.size)
    private static let size = 1 << 12

    package init() {}

    /// The hash of a key: a type name (`kind` 0), an id (1) or a class (2).
    static func hash(_ key: String, kind: UInt32) -> UInt32 {
        hash(bytes: key.utf8, kind: kind)
    }

    /// The hash of a key's UTF-8 bytes.
    static func hash(bytes: some Sequence<UInt8>, kind: UInt32) -> UInt32 {
        bytes.reduce(2_166_136_261 ^ kind) { hash(adding: $1, to: $0) }
    }

    /// The hash of a key's bytes so far, with one more.
    @inline(__always)
    static func hash(adding byte: UInt8, to hash: UInt32) -> UInt32 {
        (hash ^ UInt32(byte)) &* 16_777_619
    }

    /// The keys of an element (its name, id and classes) as hashes.
    static func hashes(name: String, id: String?, classes: [String]) -> [UInt32] {
        var hashes = [hash(name, kind: 0)]
        if let id { hashes.append(hash(id, kind: 1)) }
        for name in classes { hashes.append(hash(name, kind: 2)) }
        return hashes
    }

    mutating func add(_ hashes: [UInt32]) {
        for hash in hashes {
            let slot = Int(hash) & (Self.size - 1)
            // (A count that reached the top stays there: "perhaps" for good.)
            if counts[slot] < .max { counts[slot] += 1 }
        }
    }

    mutating func remove(_ hashes: [UInt32]) {
        for hash in hashes {
            let slot = Int(hash) & (Self.size - 1)
            if counts[slot] > 0, counts[slot] < .max { counts[slot] -= 1 }
        }
    }

    /// Whether every key may be an ancestor's.
    func mayContain(all hashes: [UInt32]) -> Bool {
        hashes.allSatisfy(mayContain)
    }

    /// Whether the key of hash `hash` may be an ancestor's.
    func mayContain(_ hash: UInt32) -> Bool {
        counts[Int(hash) & (Self.size - 1)] > 0
    }
}

extension Selector {
    /// The names (kind 0), ids (1) and classes (2) that ancestors of a matched
    /// element must have, hashed: those of the compounds joined to the subject by
    /// descendant and child combinators alone (one after a sibling combinator is an
    /// ancestor's sibling, and not counted).
    private var ancestorKeys: [(kind: UInt32, hash: UInt32)] {
        var keys: [(kind: UInt32, hash: UInt32)] = []
        for index in compounds.indices.dropFirst() {
            guard let joining = compounds[index - 1].combinator, joining == .descendant || joining == .child else { break }
            let compound = compounds[index].compound
            if let type = compound.type { keys.append((0, AncestorFilter.hash(type, kind: 0))) }
            for condition in compound.conditions {
                switch condition {
                case .id(let id): keys.append((1, AncestorFilter.hash(id, kind: 1)))
                case .class(let name): keys.append((2, AncestorFilter.hash(name, kind: 2)))
                default: break
                }
            }
        }
        return keys
    }

    /// The hashes of `ancestorKeys`, for `AncestorFilter.mayContain(all:)`.
    var ancestorHashes: [UInt32] { ancestorKeys.map(\.hash) }

    /// Of `ancestorHashes`, the one fewest ancestors have, likely: an id's, else a
    /// class's, else a name's; `nil` when it needs none.
    var rarestAncestorKey: UInt32? {
        let keys = ancestorKeys
        return (keys.first { $0.kind == 1 } ?? keys.first { $0.kind == 2 } ?? keys.first)?.hash
    }
}

/// The ids and the classes a sheet's selectors name, as a set of their hashes that
/// may say "perhaps" wrongly (a bit a hash), never "no": what tells elements apart
/// for sharing styles (`Cascade.Distinctions`), where a wrong "perhaps" costs only a
/// style not shared.
package struct NameFilter: Sendable {
    private var bits: [UInt64] = []

    init() {}

    /// A filter of about `bits` bits (a bit for eight bytes of a sheet: a name and
    /// its rule take more, most far more; and a filter the caches hold is filled
    /// fast).
    init(bits: Int) {
        var words = 8
        while words * 64 < bits { words <<= 1 }
        self.bits = [UInt64](repeating: 0, count: words)
    }

    private static func slot(_ hash: UInt32, mask: Int) -> Int {
        Int((hash ^ (hash >> 13)) &* 0x5BD1_E995) & mask
    }

    /// An empty filter of as many bits as `other`.
    init(sizedAs other: NameFilter) {
        bits = [UInt64](repeating: 0, count: other.bits.count)
    }

    /// Hashes inserted, set in `bits` by `flush()` a few thousand at a time (in a
    /// tight loop, their bits' words are fetched at once, not one after another).
    private var pending: [UInt32] = []

    mutating func insert(_ hash: UInt32) {
        pending.append(hash)
        if pending.count >= 4_096 { flush() }
    }

    /// Sets the bits of the hashes inserted: before the filter is read.
    mutating func flush() {
        let mask = bits.count * 64 - 1
        bits.withUnsafeMutableBufferPointer { bits in
            for hash in pending {
                let slot = Self.slot(hash, mask: mask)
                bits[slot >> 6] |= 1 << UInt64(slot & 63)
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Adds the names of `other`, a filter of as many bits.
    mutating func formUnion(_ other: NameFilter) {
        precondition(bits.count == other.bits.count && other.pending.isEmpty, "filters of one size, flushed")
        flush()
        for index in bits.indices { bits[index] |= other.bits[index] }
    }

    /// Whether a name of hash `hash` may be one of them.
    func mayContain(_ hash: UInt32) -> Bool {
        guard !bits.isEmpty else { return false }
        assert(pending.isEmpty, "a filter read before it is flushed")
        let slot = Self.slot(hash, mask: bits.count * 64 - 1)
        return bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0
    }
}
