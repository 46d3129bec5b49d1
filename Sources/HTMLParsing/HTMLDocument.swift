/// A parsed page as plain Swift values: a flat array of nodes linked by index.
///
/// The flat layout (one array of small structs; all text in one UTF-8 buffer;
/// attributes in a side array) costs about the input's own size plus 20 bytes a node,
/// where a class per node, or a `String` per text, would cost several times more. Node 0 is the document root; its children are the body's content.
/// Never shown content (`head`, `script`, `style`, `template`, comments) is not kept.
@usableFromInline package struct HTMLDocument: Sendable {
    /// Index of a node in `nodes`.
    @usableFromInline package typealias NodeIndex = Int32
    /// Marks the absence of a node in a link field. (Inlinable, a constant: layout
    /// compares with it at every step of its walk.)
    @inlinable package static var none: NodeIndex { -1 }

    @usableFromInline package struct Node: Sendable {
        @usableFromInline package enum Kind: UInt8, Sendable {
            case root, element, text

            /// Kinds compared by case, inlinable (see `HTMLTag.==`).
            @inlinable package static func == (lhs: Kind, rhs: Kind) -> Bool {
                unsafeBitCast(lhs, to: UInt8.self) == unsafeBitCast(rhs, to: UInt8.self)
            }
        }
        @usableFromInline package var kind: Kind
        /// Element name; `.unknown` for text and for elements layout does not know.
        package var tag: HTMLTag
        /// Number of attributes, stored from `payload` on in `attributes` (elements).
        package var attributeCount: UInt16
        package var parent: NodeIndex
        package var firstChild: NodeIndex = HTMLDocument.none
        package var nextSibling: NodeIndex = HTMLDocument.none
        /// Index of the text (see `text(of:)`) for text nodes; first index into
        /// `attributes` for elements.
        @usableFromInline package var payload: Int32
        /// For elements: `isHidden`, `mayNameAnchor`, `hidesListMarker`, the generated
        /// content's, `followsSpace` and `isTablePartByStyle`, as bits.
        private var flags: UInt8 = 0
        /// For elements: an `a` with a target, an `href` that is not all white space,
        /// as 1 + where the `href` is among its attributes (`linkAttributeUnknown`
        /// past the 254th); 0 for any other. Decided once, when the element is built:
        /// layout numbers links and reads their targets, and counts them ahead of
        /// laying a part out.
        package var linkAttribute: UInt8 = 0
        /// For elements: how the page's styles say to draw it (`ElementLook`), as its
        /// place in `HTMLDocument.looks`; 0 for as its tag says.
        package var look: UInt16 = 0

        init(
            kind: Kind, tag: HTMLTag, attributeCount: UInt16, parent: NodeIndex, payload: Int32, isHidden: Bool = false,
            linkAttribute: UInt8 = 0, mayNameAnchor: Bool = false, hidesListMarker: Bool = false, look: UInt16 = 0
        ) {
            self.kind = kind
            self.tag = tag
            self.attributeCount = attributeCount
            self.parent = parent
            self.payload = payload
            self.linkAttribute = linkAttribute
            self.look = look
            self.isHidden = isHidden
            self.mayNameAnchor = mayNameAnchor
            self.hidesListMarker = hidesListMarker
        }

        /// For elements: not shown (see `HTMLDocument.isHidden`).
        package var isHidden: Bool {
            get { flags & 1 != 0 }
            set { flags = newValue ? flags | 1 : flags & ~1 }
        }
        /// Whether the element is a link (`linkAttribute`).
        package var isLink: Bool { linkAttribute != 0 }
        /// For elements: whether it has an `id` or a `name` attribute, which may name
        /// it as a place to jump to (layout looks for them only where there are).
        package var mayNameAnchor: Bool {
            get { flags & 2 != 0 }
            set { flags = newValue ? flags | 2 : flags & ~2 }
        }
        /// For elements: whether the page's styles say `list-style-type: none` (a
        /// list item then shows no marker).
        package var hidesListMarker: Bool {
            get { flags & 4 != 0 }
            set { flags = newValue ? flags | 4 : flags & ~4 }
        }
        /// For elements: whether the page's styles give it text at its start
        /// (`::before`) or at its end (`::after`), which then stands in for the mark
        /// docscroll draws there (a `q`'s quotes, a `sup`'s caret).
        package var hasGeneratedStart: Bool {
            get { flags & 8 != 0 }
            set { flags = newValue ? flags | 8 : flags & ~8 }
        }
        package var hasGeneratedEnd: Bool {
            get { flags & 16 != 0 }
            set { flags = newValue ? flags | 16 : flags & ~16 }
        }
        /// For elements and texts: whether a blank line goes before it, for the margin
        /// or padding of a block that started or ended right before it
        /// (`ElementLook.spaceAbove`, `spaceBelow`). A mark on the node that follows,
        /// not on the block: every way of laying a page out meets it where the block's
        /// edge is, whatever containers it passes through, and a part of a page that
        /// starts inside the block (whose start tag it was fed again) has none.
        package var followsSpace: Bool {
            get { flags & 32 != 0 }
            set { flags = newValue ? flags | 32 : flags & ~32 }
        }
        /// For elements: whether its `tag` is a table's or a table's part because the
        /// page's styles say so (`display: table`, `table-row`...), where its own tag
        /// is another's.
        package var isTablePartByStyle: Bool {
            get { flags & 64 != 0 }
            set { flags = newValue ? flags | 64 : flags & ~64 }
        }
    }

    package struct Attribute: Sendable, Hashable {
        /// Lower-case attribute name.
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    @usableFromInline package internal(set) var nodes: [Node]
    /// The bytes of every text node, one after another.
    @usableFromInline private(set) var textBytes: [UInt8] = []
    /// Where each text starts in `textBytes`, and past the last one its end.
    @usableFromInline private(set) var textStarts: [UInt32] = [0]
    package internal(set) var attributes: [Attribute]
    /// The looks its elements have (`Node.look`), each once; the first, plain, is
    /// none's.
    package internal(set) var looks = [ElementLook()]
    /// Whether it was read with the page's styles (`--no-css` reads none): what layout
    /// draws from the HTML alone (a table's borders) then waits on them.
    package internal(set) var isStyled = false
    /// Whether a block's margin or padding below it ended the document (or the part of
    /// a page it holds) with a blank line asked for before what comes next
    /// (`Node.followsSpace`).
    package internal(set) var endsWithSpace = false
    /// The text of the page's `<title>`, whitespace collapsed; empty when there is none.
    package internal(set) var title: String

    init() {
        nodes = [Node(kind: .root, tag: .unknown, attributeCount: 0, parent: HTMLDocument.none, payload: 0)]
        attributes = []
        title = ""
    }

    /// A document with nothing in it.
    package static let empty = HTMLDocument()

    /// The root node's index.
    package var root: NodeIndex { 0 }

    /// (Inlinable: layout reads a node at every step of its walk. The types and
    /// properties it uses are `@usableFromInline`, or it is not inlined: see
    /// `HTMLTag.==`.)
    @inlinable package subscript(index: NodeIndex) -> Node { nodes[Int(index)] }

    /// The text of a text node (empty for other nodes).
    package func text(of index: NodeIndex) -> String {
        let node = nodes[Int(index)]
        guard node.kind == .text else { return "" }
        return String(decoding: utf8Text(of: index), as: UTF8.self)
    }

    /// The UTF-8 bytes of a text node (empty for other nodes), without a copy.
    package func utf8Text(of index: NodeIndex) -> ArraySlice<UInt8> {
        let node = nodes[Int(index)]
        guard node.kind == .text else { return [] }
        let text = Int(node.payload)
        return textBytes[Int(textStarts[text])..<Int(textStarts[text + 1])]
    }

    /// Calls `body` with the UTF-8 bytes of text node `node` (empty for other nodes) where
    /// they are: layout reads every text this way, with no slice made (a slice holds
    /// the buffer, which costs a reference count taken and given back).
    @inlinable package func withUTF8Text<Result>(of node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard node.kind == .text else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let text = Int(node.payload)
        let range = Int(textStarts[text])..<Int(textStarts[text + 1])
        return textBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Number of texts stored.
    package var textCount: Int { textStarts.count - 1 }

    /// Bytes of all the texts stored.
    package var textByteCount: Int { textBytes.count }

    /// Makes room for as many nodes, texts and attributes as `other` holds.
    mutating func reserveCapacity(like other: HTMLDocument) {
        nodes.reserveCapacity(other.nodes.count)
        textBytes.reserveCapacity(other.textBytes.count)
        textStarts.reserveCapacity(other.textStarts.count)
        attributes.reserveCapacity(other.attributes.count)
    }

    /// Stores a new text.
    /// - Returns: its index.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        textBytes.append(contentsOf: bytes)
        textStarts.append(UInt32(textBytes.count))
        return Int32(textCount - 1)
    }

    /// Extends the last text stored (libxml2 splits text across several events).
    mutating func extendLastText(_ bytes: UnsafeBufferPointer<UInt8>) {
        textBytes.append(contentsOf: bytes)
        textStarts[textStarts.count - 1] = UInt32(textBytes.count)
    }

    /// Drops the end of the last text stored, keeping its first `count` bytes (a
    /// fragment cut inside text keeps the text before the cut).
    mutating func truncateLastText(toBytes count: Int) {
        let start = Int(textStarts[textStarts.count - 2])
        textBytes.removeSubrange((start + count)...)
        textStarts[textStarts.count - 1] = UInt32(textBytes.count)
    }

    /// The attributes of an element (empty for other nodes).
    package func attributes(of index: NodeIndex) -> ArraySlice<Attribute> {
        attributes[attributeIndices(of: index)]
    }

    /// Where the attributes of an element are in `attributes` (none for other nodes).
    private func attributeIndices(of index: NodeIndex) -> Range<Int> {
        let node = nodes[Int(index)]
        guard node.kind == .element else { return 0..<0 }
        let start = Int(node.payload)
        return start..<(start + Int(node.attributeCount))
    }

    /// The value of attribute `name` of an element, if present.
    package func attribute(_ name: String, of index: NodeIndex) -> String? {
        attributeIndex(name, of: index).map { attributes[$0].value }
    }

    /// Calls `body` with the UTF-8 of attribute `name` of an element, in place (no
    /// string copied); gives whether the element has the attribute.
    package func withUTF8(ofAttribute name: String, of index: NodeIndex, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard let attribute = attributeIndex(name, of: index) else { return false }
        if attributes[attribute].value.utf8.withContiguousStorageIfAvailable(body) == nil {
            var value = attributes[attribute].value
            value.withUTF8(body)
        }
        return true
    }

    /// Where attribute `name` of an element is in `attributes`. (Indices, not a slice,
    /// and made in line at each use: layout asks this of every link.)
    @inline(__always)
    private func attributeIndex(_ name: String, of index: NodeIndex) -> Int? {
        for attribute in attributeIndices(of: index) where attributes[attribute].name == name { return attribute }
        return nil
    }

    /// Whether an element is not shown: the `hidden` attribute, or an inline style of
    /// `display: none` or `visibility: hidden` (`aria-hidden` hides nothing on screen).
    /// Decided once, when the element is built (layout asks for every element).
    package func isHidden(_ index: NodeIndex) -> Bool {
        nodes[Int(index)].isHidden
    }

    /// Whether an element with `attributes` is not shown (see `isHidden`).
    static func hides(_ attributes: ArraySlice<Attribute>) -> Bool {
        var style: String?
        for attribute in attributes {
            if attribute.name == "hidden" { return true }
            if attribute.name == "style", style == nil { style = attribute.value }
        }
        guard let style else { return false }
        // (Most styles are ASCII: their bytes compacted and lower-cased as they come.)
        guard style.utf8.allSatisfy({ $0 < 0x80 }) else {
            let compact = style.lowercased().filter { !$0.isWhitespace }
            return compact.contains("display:none") || compact.contains("visibility:hidden")
        }
        var compact: [UInt8] = []
        compact.reserveCapacity(style.utf8.count)
        for byte in style.utf8 where byte != 0x20 && !(0x09...0x0D).contains(byte) {
            compact.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        func holds(_ part: [UInt8]) -> Bool {
            compact.count >= part.count && (0...(compact.count - part.count)).contains { compact[$0..<($0 + part.count)].elementsEqual(part) }
        }
        return holds(Self.displayNone) || holds(Self.visibilityHidden)
    }

    private static let displayNone = Array("display:none".utf8)
    private static let visibilityHidden = Array("visibility:hidden".utf8)

    /// `Node.linkAttribute` of an element `tag` with `attributes`: whether it is an `a`
    /// with a target, an `href` with more than white space (Unicode's, as
    /// `Character.isWhitespace` has it), and where that is.
    static func linkAttribute(_ tag: HTMLTag, _ attributes: ArraySlice<Attribute>) -> UInt8 {
        guard tag == .a, let position = attributes.firstIndex(where: { $0.name == "href" }) else { return 0 }
        let href = attributes[position].value
        // (Most targets start with a printable ASCII character.)
        let startsWithPrintableASCII = href.utf8.first.map { $0 > 0x20 && $0 < 0x7F } ?? false
        guard startsWithPrintableASCII || href.contains(where: { !$0.isWhitespace }) else { return 0 }
        let offset = position - attributes.startIndex
        return offset < Int(linkAttributeUnknown) - 1 ? UInt8(offset + 1) : linkAttributeUnknown
    }

    /// `Node.linkAttribute` of a link whose `href` is too far among its attributes to
    /// say where: it is looked for by name.
    static var linkAttributeUnknown: UInt8 { 255 }

    /// Calls `body` with the UTF-8 of the target of link `index` (`Node.isLink`), in
    /// place, read where the element says it is.
    package func withUTF8(ofLinkTarget index: NodeIndex, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let node = nodes[Int(index)]
        guard node.linkAttribute != Self.linkAttributeUnknown else {
            _ = withUTF8(ofAttribute: "href", of: index, body)
            return
        }
        precondition(node.isLink, "a link")
        var value = attributes[Int(node.payload) + Int(node.linkAttribute) - 1].value
        value.withUTF8(body)
    }

    /// Whether `text` is all a heading's permalink shows: `¶`, `#`, `§` or `🔗`,
    /// blanks around. Sphinx, MkDocs and others put such a link into the page on
    /// every heading; numbered, they fill a page with `[293]¶`, so a link to a place
    /// in the page (`#...`) that holds nothing else is left out (`isPermalink`).
    static func isPermalinkSymbol(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        permalinkSymbols.contains { symbol in symbol.withUnsafeBufferPointer { Self.isBlankPadded(text, around: $0) } }
    }

    /// `isPermalinkSymbol` on markup: the symbols as they are, or as the usual
    /// character references.
    static func isPermalinkMarkup(_ markup: UnsafeBufferPointer<UInt8>) -> Bool {
        permalinkMarkup.contains { symbol in symbol.withUnsafeBufferPointer { Self.isBlankPadded(markup, around: $0) } }
    }

    /// Bytes of markup that `isPermalinkMarkup` may need to see, the end tag after
    /// it included.
    static let permalinkMarkupBytes = 32

    private static let permalinkSymbols: [[UInt8]] = ["¶", "#", "§", "🔗"].map { Array($0.utf8) }
    private static let permalinkMarkup: [[UInt8]] = permalinkSymbols
        + ["&para;", "&#182;", "&#xb6;", "&#xB6;", "&sect;", "&#167;", "&#xa7;", "&#xA7;", "&num;", "&#35;"].map { Array($0.utf8) }

    /// Whether `text` is `core` with ASCII blanks around it.
    private static func isBlankPadded(_ text: UnsafeBufferPointer<UInt8>, around core: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        var end = text.count
        while start < end, StructureScanner.isBlank(text[start]) { start += 1 }
        while end > start, StructureScanner.isBlank(text[end - 1]) { end -= 1 }
        return end - start == core.count && UnsafeBufferPointer(rebasing: text[start..<end]).elementsEqual(core)
    }

    /// Whether an `a` element's target is a place in the page (`#...`).
    static func targetsThisPage(_ attributes: ArraySlice<Attribute>) -> Bool {
        guard let href = attributes.first(where: { $0.name == "href" })?.value else { return false }
        return href.utf8.first { !StructureScanner.isBlank($0) } == UInt8(ascii: "#")
    }

    /// The children of a node, in order.
    package func children(of index: NodeIndex) -> ChildSequence {
        ChildSequence(nodes: nodes, upcoming: nodes[Int(index)].firstChild)
    }

    package struct ChildSequence: Sequence, IteratorProtocol {
        /// The nodes alone, not the document: one reference to hold, not five.
        let nodes: [Node]
        var upcoming: NodeIndex
        package mutating func next() -> NodeIndex? {
            guard upcoming != HTMLDocument.none else { return nil }
            defer { upcoming = nodes[Int(upcoming)].nextSibling }
            return upcoming
        }
    }

    /// Bytes the model holds: nodes, text storage, attributes.
    package var modelBytes: Int {
        var bytes = nodes.count * MemoryLayout<Node>.stride
        bytes += textBytes.count + textStarts.count * MemoryLayout<UInt32>.stride
        bytes += attributes.count * MemoryLayout<Attribute>.stride
        for attribute in attributes {
            if attribute.name.utf8.count > 15 { bytes += attribute.name.utf8.count }
            if attribute.value.utf8.count > 15 { bytes += attribute.value.utf8.count }
        }
        return bytes
    }
}
