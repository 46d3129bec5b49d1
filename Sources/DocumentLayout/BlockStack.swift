import HTMLParsing
import RenderCore

/// One open block: what it adds in front of each line it holds.
struct BlockContext: Sendable {
    var tag: HTMLTag
    /// The element, so that each line can name the block it came from.
    var node: HTMLDocument.NodeIndex
    /// Prefix of the first line laid out inside this block (a list marker), and the
    /// columns it takes.
    private(set) var firstPrefix = ""
    private(set) var firstPrefixColumns = 0
    /// Prefix of every later line, and the columns it takes.
    private(set) var restPrefix = ""
    private(set) var restPrefixColumns = 0
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

    var isList: Bool { tag == .ul || tag == .ol || tag == .menu || tag == .dir }

    /// Sets the prefixes, with the columns each takes (known where they are made, not
    /// measured again for every block).
    mutating func setPrefixes(first: String, columns firstColumns: Int, rest: String, columns restColumns: Int) {
        firstPrefix = first
        firstPrefixColumns = firstColumns
        restPrefix = rest
        restPrefixColumns = restColumns
    }
}

/// The open blocks, with what layout asks of them kept up to date on push and pop, so
/// that no question costs time in proportion to the nesting depth: line prefixes,
/// the innermost list and table row, how many list items are open.
struct BlockStack {
    private(set) var blocks: [BlockContext] = []
    /// `restPrefixes[i]`: the rest prefixes of blocks `0...i`, clipped to `prefixLimit`,
    /// and the columns they take.
    private var restPrefixes: [(text: String, columns: Int)] = []
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

    mutating func push(_ block: BlockContext) {
        let index = blocks.count
        blocks.append(block)
        let outer = restPrefixes.last ?? ("", 0)
        if block.restPrefix.isEmpty {
            // Most blocks add no prefix: the one around them holds, clipped already.
            restPrefixes.append(outer)
        } else {
            var prefix = outer.text + block.restPrefix
            var columns = outer.columns + block.restPrefixColumns
            if columns > prefixLimit {
                prefix = TextWidth.prefix(of: prefix, columns: prefixLimit)
                columns = TextWidth.columns(of: prefix)
            }
            restPrefixes.append((prefix, columns))
        }
        if block.markerPending { pendingMarkers.append(index) }
        if block.tag == .tr { rows.append(index) }
        if block.tag == .li { listItemDepth += 1 }
        if block.isList {
            lists.append(index)
            if !block.ordered { unorderedDepth += 1 }
        }
    }

    @discardableResult
    mutating func pop() -> BlockContext? {
        guard let block = blocks.popLast() else { return nil }
        let index = blocks.count
        restPrefixes.removeLast()
        if pendingMarkers.last == index { pendingMarkers.removeLast() }
        if rows.last == index { rows.removeLast() }
        if block.tag == .li { listItemDepth -= 1 }
        if block.isList {
            lists.removeLast()
            if !block.ordered { unorderedDepth -= 1 }
        }
        return block
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

    /// The prefix of the next content line: markers of items not yet shown, the
    /// continuation prefixes of the rest.
    func linePrefix() -> String {
        pendingLinePrefix().prefix
    }

    /// `linePrefix()` and the columns it takes, built from the blocks' own counts.
    func pendingLinePrefix() -> (prefix: String, columns: Int) {
        guard let first = pendingMarkers.first else { return restPrefixes.last ?? ("", 0) }
        var prefix = ""
        let columns = forEachPrefixPart(from: first) { prefix += $0 }
        guard columns > prefixLimit else { return (prefix, columns) }
        let clipped = TextWidth.prefix(of: prefix, columns: prefixLimit)
        return (clipped, TextWidth.columns(of: clipped))
    }

    /// Columns `linePrefix()` takes, counted without building it (but when it is
    /// clipped).
    func linePrefixColumns() -> Int {
        guard let first = pendingMarkers.first else { return restPrefixes.last?.columns ?? 0 }
        let columns = forEachPrefixPart(from: first) { _ in }
        return columns > prefixLimit ? pendingLinePrefix().columns : columns
    }

    /// Appends `linePrefix()` to the open line of `lines` (as one run, plain), a part
    /// at a time, without building it (but when it is clipped); gives its columns.
    func appendLinePrefix(to lines: inout LineStore) -> Int {
        guard let first = pendingMarkers.first else {
            // Most lines show no marker: the prefix of the innermost block, often none.
            guard let (prefix, columns) = restPrefixes.last, columns > 0 else { return 0 }
            lines.append(utf8Of: prefix, style: .plain)
            return columns
        }
        guard forEachPrefixPart(from: first, { _ in }) <= prefixLimit else {
            let (prefix, columns) = pendingLinePrefix()
            lines.append(utf8Of: prefix, style: .plain)
            return columns
        }
        return forEachPrefixPart(from: first) { part in
            var part = part
            part.withUTF8 { lines.appendMerging($0, style: .plain) }
        }
    }

    /// Calls `part` with each part of the line prefix when blocks from `first` on
    /// show their markers: the continuation prefix of the blocks before, then each
    /// block's own, up to the first that reaches `prefixLimit`. Gives their columns,
    /// before clipping.
    private func forEachPrefixPart(from first: Int, _ part: (String) -> Void) -> Int {
        var columns = 0
        if first > 0 {
            part(restPrefixes[first - 1].text)
            columns = restPrefixes[first - 1].columns
        }
        for block in blocks[first...] {
            part(block.markerPending ? block.firstPrefix : block.restPrefix)
            columns += block.markerPending ? block.firstPrefixColumns : block.restPrefixColumns
            if columns >= prefixLimit { break }
        }
        return columns
    }

    /// Columns of the continuation prefix of blocks `0..<depth` (of those still open:
    /// a margin asked for deeper than what is open now has only their prefix).
    func restPrefixColumns(depth: Int) -> Int {
        let open = min(depth, restPrefixes.count)
        return open > 0 ? restPrefixes[open - 1].columns : 0
    }

    /// The continuation prefix of blocks `0..<depth` (of those still open).
    func restPrefix(depth: Int) -> String {
        let open = min(depth, restPrefixes.count)
        return open > 0 ? restPrefixes[open - 1].text : ""
    }

    /// Appends the prefix of a blank line inside blocks `0..<depth` to the open line
    /// of `lines`: their continuation prefix, quote bars kept, trailing spaces dropped.
    func appendBlankLinePrefix(depth: Int, to lines: inout LineStore) {
        var prefix = restPrefix(depth: depth)
        guard !prefix.isEmpty else { return }
        prefix.withUTF8 { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
            lines.append(UnsafeBufferPointer(rebasing: bytes[..<end]), style: .plain)
        }
    }

    /// Notes that a line was laid out: every pending marker has been shown.
    mutating func markersShown() {
        guard !pendingMarkers.isEmpty else { return }
        for index in pendingMarkers { blocks[index].markerPending = false }
        // (Its buffer kept: every list item has a marker to show.)
        pendingMarkers.removeAll(keepingCapacity: true)
    }
}
