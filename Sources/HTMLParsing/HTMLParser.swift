internal import CLibXML2

/// Reads HTML with libxml2's recovering parser and copies it into an `HTMLDocument`.
///
/// libxml2 never touches the network here, reports no errors on stderr, and its tree
/// is freed before `parse` returns: no C pointer outlives the call.
public enum HTMLParser {
    /// Elements whose content is never shown, dropped while copying (`head` too, once
    /// its title is read).
    static let droppedTags: Set<String> = ["script", "style", "template"]

    /// Attributes layout may use; the others (event handlers, data URIs in `src`,
    /// inline SVG paths) are not kept.
    static let keptAttributes: Set<String> = [
        "id", "name", "href", "alt", "title", "src", "start", "type", "reversed", "value",
        "hidden", "style", "colspan", "rowspan", "lang", "dir", "open", "label", "placeholder",
        "selected", "checked", "data",
    ]

    /// Parses `bytes` as an HTML page.
    ///
    /// `XML_PARSE_HUGE` lifts libxml2's nesting limit of 256 elements, past which it
    /// would silently drop the rest of the page.
    ///
    /// The encoding is `encoding` when given, else from a byte order mark or a
    /// `<meta>` charset, else UTF-8 (see `PageEncoding`); invalid bytes become U+FFFD.
    /// Malformed markup is repaired as browsers do.
    /// - Throws: `HTMLParsingError`.
    /// - Complexity: O(n) in the input; no recursion, so nesting depth is not limited
    ///   by the stack.
    public static func parse(_ bytes: [UInt8], encoding: String? = nil) throws(HTMLParsingError) -> HTMLDocument {
        guard bytes.count <= Int(Int32.max) / 2 else { throw .tooLarge(bytes: bytes.count) }
        if let encoding, !PageEncoding.isSupported(encoding) { throw .unknownEncoding(encoding) }
        // libxml2 gets UTF-8 only, and is told to ignore the page's own charset hints.
        let utf8 = PageEncoding.utf8(from: bytes, override: encoding).bytes
        guard utf8.count <= Int(Int32.max) else { throw .tooLarge(bytes: bytes.count) }
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue
                | HTML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_HUGE.rawValue)
        xmlInitParser()
        let parsed = utf8.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
                }
            } ?? nil
        }
        guard let xmlDocument = parsed else { throw .unreadable }
        defer {
            xmlFreeDoc(xmlDocument)
            docscroll_malloc_trim()
        }
        var document = HTMLDocument()
        copyTree(from: xmlDocument, into: &document)
        return document
    }

    /// Walks libxml2's tree depth first with an explicit stack of sibling chains.
    private static func copyTree(from xmlDocument: htmlDocPtr, into document: inout HTMLDocument) {
        var lastChild: [HTMLDocument.NodeIndex] = [HTMLDocument.none]
        var pending: [(node: xmlNodePtr?, parent: HTMLDocument.NodeIndex)] = [(xmlDocument.pointee.children, 0)]
        while let (start, parent) = pending.popLast() {
            var current = start
            var parentIndex = parent
            while let node = current {
                current = node.pointee.next
                switch node.pointee.type {
                case XML_ELEMENT_NODE:
                    let name = string(node.pointee.name).lowercased()
                    if name == "title" || name == "head" {
                        if document.title.isEmpty, let title = titleElement(in: node) {
                            document.title = collapsedText(of: title)
                        }
                        continue
                    }
                    if droppedTags.contains(name) { continue }
                    let index = append(element: node, name: name, parent: parentIndex, to: &document, lastChild: &lastChild)
                    if let child = node.pointee.children {
                        pending.append((current, parentIndex))
                        current = child
                        parentIndex = index
                    }
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    let text = string(node.pointee.content)
                    guard !text.isEmpty else { continue }
                    document.texts.append(text)
                    let textNode = HTMLDocument.Node(
                        kind: .text, tag: .unknown, attributeCount: 0, parent: parentIndex,
                        payload: Int32(document.texts.count - 1))
                    link(textNode, to: &document, lastChild: &lastChild)
                default:
                    continue  // comments, processing instructions, DTD nodes
                }
            }
        }
    }

    private static func append(
        element: xmlNodePtr, name: String, parent: HTMLDocument.NodeIndex,
        to document: inout HTMLDocument, lastChild: inout [HTMLDocument.NodeIndex]
    ) -> HTMLDocument.NodeIndex {
        let firstAttribute = document.attributes.count
        var attribute = element.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            let attributeName = string(current.pointee.name).lowercased()
            guard keptAttributes.contains(attributeName), document.attributes.count - firstAttribute < Int(UInt16.max) else { continue }
            var value = ""
            if let raw = xmlNodeListGetString(element.pointee.doc, current.pointee.children, 1) {
                value = string(raw)
                docscroll_xml_free(raw)
            }
            document.attributes.append(.init(name: attributeName, value: value))
        }
        let node = HTMLDocument.Node(
            kind: .element, tag: HTMLTag(name: name),
            attributeCount: UInt16(document.attributes.count - firstAttribute),
            parent: parent, payload: Int32(firstAttribute))
        return link(node, to: &document, lastChild: &lastChild)
    }

    @discardableResult
    private static func link(
        _ node: HTMLDocument.Node, to document: inout HTMLDocument, lastChild: inout [HTMLDocument.NodeIndex]
    ) -> HTMLDocument.NodeIndex {
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

    /// `node` itself when it is a `<title>`, else its first `<title>` child (libxml2
    /// always puts the title directly in `<head>`).
    private static func titleElement(in node: xmlNodePtr) -> xmlNodePtr? {
        if string(node.pointee.name).lowercased() == "title" { return node }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, string(current.pointee.name).lowercased() == "title" { return current }
            child = current.pointee.next
        }
        return nil
    }

    /// All text under `node`, whitespace runs collapsed to one space and trimmed.
    private static func collapsedText(of node: xmlNodePtr) -> String {
        guard let raw = xmlNodeGetContent(node) else { return "" }
        defer { docscroll_xml_free(raw) }
        return string(raw).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func string(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        string(pointer.map { UnsafePointer($0) })
    }
}
