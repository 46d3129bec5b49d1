/// Bytes kept out of the way until they are read back: the program gives a temporary
/// file (`SpillFile`), so that what a stream keeps for its end is not held in the
/// process's memory; `MemorySpill` keeps them in memory.
package protocol SpillStore: AnyObject {
    /// Appends `bytes` after those appended before.
    func append(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Bytes `range` of all those appended, or nil when they cannot be read back.
    func read(_ range: Range<Int>) -> [UInt8]?
}

/// A spill store in memory: for tests, and where no file can be had.
package final class MemorySpill: SpillStore {
    private var bytes = ByteArena()

    package init() {}

    package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(bytes)
    }

    package func read(_ range: Range<Int>) -> [UInt8]? {
        bytes.withBytes(range) { Array($0) }
    }
}

/// The targets of a streamed page's links, from its first fragment to its end, when
/// its References list is written: a page of documentation numbers a link every few
/// hundred bytes, so that held in memory they grew with the page (30 MB for 100 MB of
/// the Python manual) while the rest of a stream holds a few fragments. Each target
/// goes to the store as its length and its bytes; the References list reads them
/// back a part at a time, in order.
struct LinkSpill {
    private let store: any SpillStore
    private(set) var count = 0
    /// Bytes written to the store.
    private var bytes = 0
    /// Where every `partTargets`-th target starts in the store.
    private var partStarts: [Int] = [0]
    /// Targets a part read back holds.
    let partTargets: Int

    init(store: any SpillStore, partTargets: Int) {
        self.store = store
        self.partTargets = max(1, partTargets)
    }

    /// Spills `targets` after those spilled before.
    mutating func append(_ targets: LinkTargets) {
        guard !targets.isEmpty else { return }
        var record: [UInt8] = []
        for index in targets.indices {
            if count > 0, count.isMultiple(of: partTargets) { partStarts.append(bytes + record.count) }
            targets.withUTF8(of: index) { target in
                withUnsafeBytes(of: UInt32(target.count).littleEndian) { record.append(contentsOf: $0) }
                record.append(contentsOf: target)
            }
            count += 1
        }
        record.withUnsafeBufferPointer { store.append($0) }
        bytes += record.count
    }

    /// Targets `part * partTargets` up to the next part's (or the last), read back;
    /// where the store cannot give them back, each says so in its place (the numbers
    /// of the links on the page stay right).
    func targets(ofPart part: Int) -> LinkTargets {
        let end = part + 1 < partStarts.count ? partStarts[part + 1] : bytes
        var targets = LinkTargets()
        guard let record = store.read(partStarts[part]..<end) else {
            for _ in 0..<min(partTargets, count - part * partTargets) { targets.append(Self.unreadableTarget) }
            return targets
        }
        var at = 0
        record.withUnsafeBufferPointer { record in
            while at + 4 <= record.count {
                var length: UInt32 = 0
                withUnsafeMutableBytes(of: &length) { $0.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: record[at..<at + 4]))) }
                let start = at + 4
                at = start + Int(UInt32(littleEndian: length))
                targets.append(UnsafeBufferPointer(rebasing: record[start..<at]))
            }
        }
        return targets
    }

    /// What a target that could not be read back shows.
    static let unreadableTarget = "(target lost: the temporary file keeping it could not be read)"

    /// Parts the targets are read back in.
    var partCount: Int { count == 0 ? 0 : partStarts.count }
}
