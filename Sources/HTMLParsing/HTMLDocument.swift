/// A parsed page as plain Swift values: a flat array of nodes linked by index.
///
/// The flat layout (one array of small structs, texts and attributes in side arrays)
/// costs a few bytes per input byte, where a class per node would cost several times
/// more. Node 0 is the document root; its children are the body's content.
/// Never shown content (`head`, `script`, `style`, `template`, comments) is not kept.
public struct HTMLDocument: Sendable {
    /// Index of a node in `nodes`.
    public typealias NodeIndex = Int32
    /// Marks the absence of a node in a link field.
    public static let none: NodeIndex = -1

    public struct Node: Sendable {
        public enum Kind: UInt8, Sendable { case root, element, text }
        public var kind: Kind
        /// Element name; `.unknown` for text and for elements layout does not know.
        public var tag: HTMLTag
        /// Number of attributes, stored from `payload` on in `attributes` (elements).
        public var attributeCount: UInt16
        public var parent: NodeIndex
        public var firstChild: NodeIndex = HTMLDocument.none
        public var nextSibling: NodeIndex = HTMLDocument.none
        /// Index into `texts` for text nodes; first index into `attributes` for elements.
        public var payload: Int32
    }

    public struct Attribute: Sendable, Hashable {
        /// Lower-case attribute name.
        public var name: String
        public var value: String
    }

    public internal(set) var nodes: [Node]
    public internal(set) var texts: [String]
    public internal(set) var attributes: [Attribute]
    /// The text of the page's `<title>`, whitespace collapsed; empty when there is none.
    public internal(set) var title: String

    init() {
        nodes = [Node(kind: .root, tag: .unknown, attributeCount: 0, parent: HTMLDocument.none, payload: 0)]
        texts = []
        attributes = []
        title = ""
    }

    /// The root node's index.
    public var root: NodeIndex { 0 }

    public subscript(index: NodeIndex) -> Node { nodes[Int(index)] }

    /// The text of a text node (empty for other nodes).
    public func text(of index: NodeIndex) -> String {
        let node = nodes[Int(index)]
        return node.kind == .text ? texts[Int(node.payload)] : ""
    }

    /// The attributes of an element (empty for other nodes).
    public func attributes(of index: NodeIndex) -> ArraySlice<Attribute> {
        let node = nodes[Int(index)]
        guard node.kind == .element else { return [] }
        let start = Int(node.payload)
        return attributes[start..<(start + Int(node.attributeCount))]
    }

    /// The value of attribute `name` of an element, if present.
    public func attribute(_ name: String, of index: NodeIndex) -> String? {
        attributes(of: index).first { $0.name == name }?.value
    }

    /// The children of a node, in order.
    public func children(of index: NodeIndex) -> ChildSequence {
        ChildSequence(document: self, upcoming: nodes[Int(index)].firstChild)
    }

    public struct ChildSequence: Sequence, IteratorProtocol {
        let document: HTMLDocument
        var upcoming: NodeIndex
        public mutating func next() -> NodeIndex? {
            guard upcoming != HTMLDocument.none else { return nil }
            defer { upcoming = document.nodes[Int(upcoming)].nextSibling }
            return upcoming
        }
    }

    /// Approximate bytes the model holds: nodes, attribute and text storage.
    public var modelBytes: Int {
        var bytes = nodes.capacity * MemoryLayout<Node>.stride
        bytes += attributes.capacity * MemoryLayout<Attribute>.stride
        bytes += texts.capacity * MemoryLayout<String>.stride
        for text in texts where text.utf8.count > 15 { bytes += text.utf8.count }
        for attribute in attributes where attribute.value.utf8.count > 15 { bytes += attribute.value.utf8.count }
        return bytes
    }
}
