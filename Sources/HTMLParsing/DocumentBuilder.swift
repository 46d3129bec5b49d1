internal import CLibXML2

/// Receives libxml2's SAX events and builds the flat `HTMLDocument` as they come, so
/// that no libxml2 tree is ever made.
///
/// libxml2's HTML parser reports an end for every element it opens (closing implied
/// ones itself), so a stack of open elements is enough to know each node's parent.
///
/// With `cutting`, the page is handed over in fragments as it is read: see
/// `HTMLParser.Cutting`.
struct DocumentBuilder {
    private(set) var document = HTMLDocument()
    /// Where and how often to cut, and who takes the fragments; `nil` builds one
    /// document.
    private let cutting: HTMLParser.Cutting?
    /// Set when the fragment taker wants no more: the parse stops.
    private(set) var isStopped = false
    /// The parser feeding this builder, while it runs (to stop it).
    var parser: htmlParserCtxtPtr?

    init(cutting: HTMLParser.Cutting? = nil) {
        self.cutting = cutting
    }
    /// Per node: its last child so far, to link the next one in O(1).
    private var lastChild: [HTMLDocument.NodeIndex] = [HTMLDocument.none]
    /// The open elements; the last is the parent of what comes next.
    private var open: [HTMLDocument.NodeIndex] = []
    /// With `cutting`: how many open elements are not containers (a cut needs none),
    /// and the node count right after the last cut (the copied containers do not
    /// count towards the next one, so a deep page is not cut at every end tag).
    private var openNonContainers = 0
    private var nodesAfterCut = 0
    /// Inside an element whose content is never shown: how deep.
    private var skipDepth = 0
    /// Inside `<title>`: how deep, and its text so far.
    private var titleDepth = 0
    private var title = ""
    /// Whether the last node added is a text node still open for more text (libxml2
    /// splits text across several events).
    private var textIsOpen = false

    /// Elements whose content is never shown.
    static let droppedTags: Set<String> = ["head", "script", "style", "template"]

    /// Attributes layout may use; the others (event handlers, data URIs in `src`,
    /// inline SVG paths) are not kept.
    static let keptAttributes: Set<String> = [
        "id", "name", "href", "alt", "title", "src", "start", "type", "reversed", "value",
        "hidden", "style", "colspan", "rowspan", "lang", "dir", "open", "label", "placeholder",
        "selected", "checked", "data",
    ]

    mutating func startElement(_ rawName: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        textIsOpen = false
        // libxml2's HTML parser gives element and attribute names in lower case.
        let name = Self.string(rawName)
        if titleDepth > 0 || (name == "title" && document.title.isEmpty && title.isEmpty) {
            titleDepth += 1
            return
        }
        if skipDepth > 0 || Self.droppedTags.contains(name) {
            skipDepth += 1
            return
        }
        let firstAttribute = document.attributes.count
        if let attributes {
            var index = 0
            while let attributeName = attributes[index] {
                let key = Self.string(attributeName)
                if Self.keptAttributes.contains(key), document.attributes.count - firstAttribute < Int(UInt16.max) {
                    document.attributes.append(.init(name: key, value: Self.string(attributes[index + 1])))
                }
                index += 2
            }
        }
        let node = HTMLDocument.Node(
            kind: .element, tag: HTMLTag(name: name), attributeCount: UInt16(document.attributes.count - firstAttribute),
            parent: open.last ?? document.root, payload: Int32(firstAttribute))
        open.append(link(node))
        if let cutting, !cutting.containers.contains(node.tag) { openNonContainers += 1 }
    }

    mutating func endElement() {
        textIsOpen = false
        if titleDepth > 0 {
            titleDepth -= 1
            if titleDepth == 0 { document.title = title.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ") }
            return
        }
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let closed = open.popLast(), let cutting else { return }
        if !cutting.containers.contains(document[closed].tag) { openNonContainers -= 1 }
        if document.nodes.count - nodesAfterCut >= cutting.nodes, openNonContainers == 0, cutting.blocks.contains(document[closed].tag),
            !document.isHidden(closed)
        {
            cut(cutting)
        }
    }

    /// Hands the document so far to the fragment taker and goes on with a new one
    /// that starts inside copies of the open containers (attributes kept, so that
    /// a hidden container stays hidden).
    private mutating func cut(_ cutting: HTMLParser.Cutting) {
        let finished = document
        var next = HTMLDocument()
        next.title = finished.title
        lastChild = [HTMLDocument.none]
        document = next
        for (depth, element) in open.enumerated() {
            let firstAttribute = document.attributes.count
            document.attributes += finished.attributes(of: element)
            open[depth] = link(HTMLDocument.Node(
                kind: .element, tag: finished[element].tag, attributeCount: finished[element].attributeCount,
                parent: depth == 0 ? document.root : open[depth - 1], payload: Int32(firstAttribute)))
        }
        nodesAfterCut = document.nodes.count
        if !cutting.take(finished) {
            isStopped = true
            if let parser { xmlStopParser(parser) }
        }
    }

    /// Hands over the last fragment (when cutting).
    mutating func finish() {
        guard let cutting, !isStopped else { return }
        _ = cutting.take(document)
        document = HTMLDocument()
    }

    mutating func characters(_ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard let bytes, length > 0 else { return }
        let text = UnsafeBufferPointer(start: bytes, count: Int(length))
        if titleDepth > 0 {
            title += String(decoding: text, as: UTF8.self)
            return
        }
        guard skipDepth == 0 else { return }
        if textIsOpen {
            document.extendLastText(text)
            return
        }
        let index = document.appendText(text)
        link(HTMLDocument.Node(kind: .text, tag: .unknown, attributeCount: 0, parent: open.last ?? document.root, payload: index))
        textIsOpen = true
    }

    @discardableResult
    private mutating func link(_ node: HTMLDocument.Node) -> HTMLDocument.NodeIndex {
        let index = HTMLDocument.NodeIndex(document.nodes.count)
        document.nodes.append(node)
        lastChild.append(HTMLDocument.none)
        let parent = Int(node.parent)
        let previous = lastChild[parent]
        if previous == HTMLDocument.none {
            document.nodes[parent].firstChild = index
        } else {
            document.nodes[Int(previous)].nextSibling = index
        }
        lastChild[parent] = index
        return index
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
