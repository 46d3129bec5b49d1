/// The targets of a page's numbered links, in order, their UTF-8 kept in one buffer.
///
/// A page of documentation numbers a link every few hundred bytes. Kept as a `String`
/// each, every target cost reference counting each time it was read from the model,
/// handed from a unit's layout to its page's and from a fragment to the dump's
/// References list, and dropped: a quarter of the layout's retains and releases on the
/// Python manual's first 10 MB (its index pages).
/// Here a target is bytes copied once into the layout's buffer and once more when a
/// page takes a unit's; a `String` is made only for a target that is read as one.
package struct LinkTargets: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable, Equatable {
    private var bytes = ByteArena()
    /// Where each target ends in `bytes`; it starts where the one before ends.
    private var ends: [Int] = []

    package init() {}

    package init(arrayLiteral targets: String...) {
        for target in targets { append(target) }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { ends.count }

    package subscript(index: Int) -> String {
        withUTF8(of: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 of target `index`, in place.
    func withUTF8<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withBytes((index == 0 ? 0 : ends[index - 1])..<ends[index], body)
    }

    /// Bytes of the targets' text.
    var byteCount: Int { bytes.count }

    mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(utf8)
        ends.append(bytes.count)
    }

    mutating func append(_ target: String) {
        var target = target
        target.withUTF8 { append($0) }
    }

    mutating func append(contentsOf other: LinkTargets) {
        guard !other.isEmpty else { return }
        let base = bytes.count
        _ = other.bytes.withBytes { bytes.append($0) }
        // (A loop over the buffer: appending a lazy map of them costs many times more.)
        other.ends.withUnsafeBufferPointer { for end in $0 { ends.append(end + base) } }
    }

    /// Targets `range` (counted from the first), as targets of their own.
    func targets(_ range: Range<Int>) -> LinkTargets {
        var part = LinkTargets()
        for index in range { withUTF8(of: index) { part.append($0) } }
        return part
    }

    mutating func removeAll() {
        bytes.removeAll()
        ends.removeAll(keepingCapacity: true)
    }

    package static func == (left: LinkTargets, right: LinkTargets) -> Bool {
        left.count == right.count && left.bytes == right.bytes && left.ends == right.ends
    }
}
