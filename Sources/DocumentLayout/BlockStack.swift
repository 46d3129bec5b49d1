import HTMLParsing
import RenderCore

/// The prefixes a block adds in front of its lines, as UTF-8: the first line's (a
/// list marker) and every later line's, with the columns each takes (known where
/// they are made, not measured again for every block). Held by what outlives the
/// stack (`DocumentLayoutEngine.Carry`); blocks are pushed with their bytes in place.
struct LinePrefixes: Sendable {
    var first: [UInt8] = []
    var firstColumns = 0
    var rest: [UInt8] = []
    var restColumns = 0
}

/// A continuation prefix of stacked blocks: where its bytes lie in the stack's
/// bytes, and the columns it takes.
private struct StackedPrefix {
    var start = 0
    var end = 0
    var columns = 0
}

/// One open block: what it adds in front of each line it holds. Plain values only
/// (its prefixes are kept by the stack), so that copying one costs no reference
/// counting.
struct BlockContext: Sendable {
    var tag: HTMLTag
    /// The element, so that each line can name the block it came from.
    var node: HTMLDocument.NodeIndex
    /// Where the prefix of the first line laid out inside this block and that of
    /// every later line lie in the stack's bytes (set when it is pushed), and the
    /// columns each takes.
    fileprivate(set) var firstPrefix = 0..<0
    fileprivate(set) var firstPrefixColumns = 0
    fileprivate(set) var restPrefix = 0..<0
    fileprivate(set) var restPrefixColumns = 0
    var markerPending = false
    /// For lists: the next item number and the width numbers are padded to.
    var nextNumber = 1
    var numberColumns = 0
    var ordered = false
    /// For ordered lists: how items are numbered (`type`) and whether they count down.
    var numbering = ListMarker.Numbering.decimal
    var reversed = false
    /// For table rows: cells seen so far.
    var cellCount = 0
    /// The continuation prefix of this block and those around it (set when pushed).
    fileprivate var stackedRest = StackedPrefix()

    init(tag: HTMLTag, node: HTMLDocument.NodeIndex) {
        self.tag = tag
        self.node = node
    }

    var isList: Bool { tag == .ul || tag == .ol || tag == .menu || tag == .dir }
}

/// The open blocks, with what layout asks of them kept up to date on push and pop, so
/// that no question costs time in proportion to the nesting depth: line prefixes,
/// the innermost list and table row, how many list items are open. Prefixes are
/// UTF-8 bytes, copied into lines as they are.
struct BlockStack {
    private(set) var blocks: [BlockContext] = []
    /// The bytes of the blocks' `stackedRest` prefixes (those of blocks `0...i`,
    /// clipped to `prefixLimit`, kept with block `i`): a block that adds none shares
    /// the one around it; each other one's bytes follow the last, so that they end
    /// where the innermost block's end.
    private var restPrefixBytes = ByteArena()
    /// Each open block's own prefixes, in order: a block's bytes end where the next
    /// one's start.
    private var blockPrefixBytes = ByteArena()
    /// Indices of blocks whose first-line marker is not shown yet, ascending.
    private var pendingMarkers: [Int] = []
    private var lists: [Int] = []
    private var rows: [Int] = []
    /// Open `li` elements.
    private(set) var listItemDepth = 0
    /// Open unordered lists, for choosing bullets.
    private(set) var unorderedDepth = 0
    /// Columns of indentation at most.
    private(set) var prefixLimit: Int

    init(prefixLimit: Int) {
        self.prefixLimit = max(0, prefixLimit)
    }

    var count: Int { blocks.count }

    /// Pops every block, keeping the storage, for a layout with indentation of at most
    /// `prefixLimit` columns.
    mutating func removeAll(prefixLimit: Int) {
        self.prefixLimit = max(0, prefixLimit)
        // Popped one by one: a unit's layout ends with a block or two open (the
        // containers around it), and `removeAll(keepingCapacity:)` costs more than
        // that many pops.
        while !blocks.isEmpty { pop() }
    }

    /// Opens `block`, which adds no prefix in front of its lines (most blocks): the
    /// prefix of the blocks around it holds, clipped already.
    @inline(__always)
    mutating func push(_ block: BlockContext) {
        var block = block
        block.firstPrefix = blockPrefixBytes.count..<blockPrefixBytes.count
        block.restPrefix = block.firstPrefix
        block.stackedRest = innermostRest
        open(block)
    }

    /// Opens `block`, which adds `prefixes` in front of its lines.
    mutating func push(_ block: BlockContext, prefixes: LinePrefixes) {
        prefixes.first.withUnsafeBufferPointer { first in
            prefixes.rest.withUnsafeBufferPointer { rest in
                push(block, first: first, firstColumns: prefixes.firstColumns, rest: rest, restColumns: prefixes.restColumns)
            }
        }
    }

    /// Opens `block`, which adds UTF-8 `first` in front of its first line and `rest`
    /// in front of each later one, `firstColumns` and `restColumns` wide (the bytes
    /// read where they lie: a list item's marker is made on the stack, a quote's bar
    /// is a constant).
    mutating func push(
        _ block: BlockContext, first: UnsafeBufferPointer<UInt8>, firstColumns: Int, rest: UnsafeBufferPointer<UInt8>, restColumns: Int
    ) {
        guard !first.isEmpty || !rest.isEmpty else { return push(block) }
        var block = block
        block.firstPrefix = blockPrefixBytes.append(first)
        block.restPrefix = blockPrefixBytes.append(rest)
        block.firstPrefixColumns = firstColumns
        block.restPrefixColumns = restColumns
        let outer = innermostRest
        if rest.isEmpty {
            block.stackedRest = outer
        } else if outer.columns >= prefixLimit, (0x20..<0x7F).contains(rest[0]) {
            // (The blocks around fill the prefix already: what this one adds is clipped
            // away whole. A page nested a hundred thousand deep would otherwise copy
            // and clip a full prefix at each block.)
            block.stackedRest = outer
        } else {
            let start = restPrefixBytes.appendCopy(of: outer.start..<outer.end).lowerBound
            restPrefixBytes.append(rest)
            var columns = outer.columns + block.restPrefixColumns
            if columns > prefixLimit {
                let clipped = restPrefixBytes.withBytes(start..<restPrefixBytes.count) { Self.clipped($0, to: prefixLimit) }
                restPrefixBytes.removeAll(from: start)
                restPrefixBytes.append(clipped.bytes)
                columns = clipped.columns
            }
            block.stackedRest = StackedPrefix(start: start, end: restPrefixBytes.count, columns: columns)
        }
        open(block)
    }

    /// Puts `block`, its prefixes placed, on the stack.
    @inline(__always)
    private mutating func open(_ block: BlockContext) {
        let index = blocks.count
        blocks.append(block)
        if block.markerPending { pendingMarkers.append(index) }
        if block.tag == .tr { rows.append(index) }
        if block.tag == .li { listItemDepth += 1 }
        if block.isList {
            lists.append(index)
            if !block.ordered { unorderedDepth += 1 }
        }
    }

    @discardableResult
    @inline(__always)
    mutating func pop() -> BlockContext? {
        guard let block = blocks.popLast() else { return nil }
        let index = blocks.count
        blockPrefixBytes.removeAll(from: block.firstPrefix.lowerBound)
        restPrefixBytes.removeAll(from: innermostRest.end)
        if pendingMarkers.last == index { pendingMarkers.removeLast() }
        if rows.last == index { rows.removeLast() }
        if block.tag == .li { listItemDepth -= 1 }
        if block.isList {
            lists.removeLast()
            if !block.ordered { unorderedDepth -= 1 }
        }
        return block
    }

    /// The continuation prefix of every open block (none when none is open), read
    /// without copying the block.
    private var innermostRest: StackedPrefix {
        blocks.isEmpty ? StackedPrefix() : blocks[blocks.count - 1].stackedRest
    }

    /// The prefixes block `index` was pushed with.
    func prefixes(ofBlock index: Int) -> LinePrefixes {
        let block = blocks[index]
        return LinePrefixes(
            first: blockPrefixBytes.withBytes(block.firstPrefix, Array.init), firstColumns: block.firstPrefixColumns,
            rest: blockPrefixBytes.withBytes(block.restPrefix, Array.init), restColumns: block.restPrefixColumns)
    }

    /// The open blocks' elements, outermost first.
    var nodes: [HTMLDocument.NodeIndex] { blocks.map(\.node) }

    /// The innermost open block, if any.
    var last: BlockContext? { blocks.last }
    /// The innermost open block's element (`HTMLDocument.none` when none is open), read
    /// without copying the block.
    var innermostNode: HTMLDocument.NodeIndex { blocks.isEmpty ? HTMLDocument.none : blocks[blocks.count - 1].node }

    /// Index of the innermost open list.
    var innermostList: Int? { lists.last }
    /// Index of the innermost open table row.
    var innermostRow: Int? { rows.last }

    subscript(index: Int) -> BlockContext {
        get { blocks[index] }
        set { blocks[index] = newValue }
    }

    /// Appends the prefix of the next content line (markers of items not yet shown,
    /// the continuation prefixes of the rest) to `bytes`; gives its columns.
    @discardableResult
    func appendLinePrefix(to bytes: inout [UInt8]) -> Int {
        guard let first = pendingMarkers.first else {
            let prefix = innermostRest
            restPrefixBytes.withBytes(prefix.start..<prefix.end) { bytes.append(contentsOf: $0) }
            return prefix.columns
        }
        let start = bytes.count
        let columns = forEachPrefixPart(from: first) { bytes.append(contentsOf: $0) }
        guard columns > prefixLimit else { return columns }
        let clipped = bytes.withUnsafeBufferPointer { Self.clipped(UnsafeBufferPointer(rebasing: $0[start...]), to: prefixLimit) }
        bytes.replaceSubrange(start..., with: clipped.bytes)
        return clipped.columns
    }

    /// Columns of the prefix `appendLinePrefix` appends, counted without building it
    /// (but when it is clipped).
    func linePrefixColumns() -> Int {
        guard let first = pendingMarkers.first else { return innermostRest.columns }
        let columns = forEachPrefixPart(from: first) { _ in }
        guard columns > prefixLimit else { return columns }
        var prefix: [UInt8] = []
        return appendLinePrefix(to: &prefix)
    }

    /// Appends the next content line's prefix to the open line of `lines` (as one run,
    /// plain), a part at a time, without building it (but when it is clipped); gives
    /// its columns.
    @inline(__always)
    func appendLinePrefix(to lines: inout LineStore) -> Int {
        guard let first = pendingMarkers.first else {
            // Most lines show no marker: the prefix of the innermost block, often none.
            let prefix = innermostRest
            guard prefix.columns > 0 else { return 0 }
            restPrefixBytes.withBytes(prefix.start..<prefix.end) { lines.append($0, style: .plain) }
            return prefix.columns
        }
        guard forEachPrefixPart(from: first, { _ in }) <= prefixLimit else {
            var prefix: [UInt8] = []
            let columns = appendLinePrefix(to: &prefix)
            lines.append(prefix, style: .plain)
            return columns
        }
        return forEachPrefixPart(from: first) { lines.appendMerging($0, style: .plain) }
    }

    /// Calls `part` with each part of the line prefix when blocks from `first` on
    /// show their markers: the continuation prefix of the blocks before, then each
    /// block's own, up to the first that reaches `prefixLimit`. Gives their columns,
    /// before clipping.
    private func forEachPrefixPart(from first: Int, _ part: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
        var columns = 0
        if first > 0 {
            let outer = blocks[first - 1].stackedRest
            restPrefixBytes.withBytes(outer.start..<outer.end, part)
            columns = outer.columns
        }
        for block in blocks[first...] {
            blockPrefixBytes.withBytes(block.markerPending ? block.firstPrefix : block.restPrefix, part)
            columns += block.markerPending ? block.firstPrefixColumns : block.restPrefixColumns
            if columns >= prefixLimit { break }
        }
        return columns
    }

    /// The longest start of UTF-8 `prefix` within `limit` columns, and its columns.
    private static func clipped(_ prefix: UnsafeBufferPointer<UInt8>, to limit: Int) -> (bytes: [UInt8], columns: Int) {
        // (Most prefixes are indents and ASCII marks, a column a byte.)
        if prefix.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            let count = min(limit, prefix.count)
            return (Array(prefix[..<count]), count)
        }
        let text = TextWidth.prefix(of: String(decoding: prefix, as: UTF8.self), columns: limit)
        return (Array(text.utf8), TextWidth.columns(of: text))
    }

    /// Columns of the continuation prefix of blocks `0..<depth` (of those still open:
    /// a margin asked for deeper than what is open now has only their prefix).
    func restPrefixColumns(depth: Int) -> Int {
        let open = min(depth, blocks.count)
        return open > 0 ? blocks[open - 1].stackedRest.columns : 0
    }

    /// Appends the prefix of a blank line inside blocks `0..<depth` to the open line
    /// of `lines`: their continuation prefix, quote bars kept, trailing spaces dropped.
    func appendBlankLinePrefix(depth: Int, to lines: inout LineStore) {
        let open = min(depth, blocks.count)
        guard open > 0 else { return }
        let prefix = blocks[open - 1].stackedRest
        restPrefixBytes.withBytes(prefix.start..<prefix.end) { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
            lines.append(UnsafeBufferPointer(rebasing: bytes[..<end]), style: .plain)
        }
    }

    /// Notes that a line was laid out: every pending marker has been shown. (Asked
    /// at every line, most with no marker pending: that check is made in line.)
    @inline(__always)
    mutating func markersShown() {
        if !pendingMarkers.isEmpty { showPendingMarkers() }
    }

    private mutating func showPendingMarkers() {
        // (Taken off one by one, most often the one, its buffer kept: every list item
        // has a marker to show.)
        while let index = pendingMarkers.popLast() { blocks[index].markerPending = false }
    }
}
