/// The keys of the open elements (`AncestorFilter` hashes), each once in the order
/// first met, and how many open elements have each: counted at every start and end
/// tag, so kept in an open-addressed table of its own (a dictionary cost a tenth of
/// a styled parse).
struct OpenKeyCounts {
    /// The keys, each once: those an element brought are last while it is open.
    private(set) var keys: [UInt32] = []
    /// Slots of (key, count); a count of 0 marks an empty slot.
    private var slots = [(key: UInt32, count: UInt32)](repeating: (0, 0), count: 64)
    private var used = 0

    /// Counts `key` once more.
    mutating func add(_ key: UInt32) {
        var slot = home(of: key)
        while slots[slot].count != 0 {
            if slots[slot].key == key {
                slots[slot].count += 1
                return
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = (key, 1)
        keys.append(key)
        used += 1
        if used * 2 > slots.count { grow() }
    }

    /// Counts `key` once less (it was added); a key counted no more leaves the list,
    /// where it is the last when elements close in the reverse order they opened.
    mutating func remove(_ key: UInt32) {
        var slot = home(of: key)
        while slots[slot].count != 0, slots[slot].key != key { slot = (slot + 1) & (slots.count - 1) }
        guard slots[slot].count != 0 else { return }
        slots[slot].count -= 1
        guard slots[slot].count == 0 else { return }
        used -= 1
        if keys.last == key { keys.removeLast() }
        // Moves back the later keys of the run that would be cut off from their
        // home slots (deletion without tombstones).
        var hole = slot
        var next = (slot + 1) & (slots.count - 1)
        while slots[next].count != 0 {
            let home = home(of: slots[next].key)
            // Whether `home` lies cyclically in (hole, next]: then the key stays.
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !stays {
                slots[hole] = slots[next]
                slots[next] = (0, 0)
                hole = next
            }
            next = (next + 1) & (slots.count - 1)
        }
    }

    /// How many open elements have `key`.
    func count(of key: UInt32) -> Int {
        var slot = home(of: key)
        while slots[slot].count != 0 {
            if slots[slot].key == key { return Int(slots[slot].count) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return 0
    }

    private func home(of key: UInt32) -> Int {
        // (The keys are FNV hashes, whose low bits vary little for short names.)
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots.count - 1)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, 0), count: old.count * 2)
        for entry in old where entry.count != 0 {
            var slot = home(of: entry.key)
            while slots[slot].count != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = entry
        }
    }
}
