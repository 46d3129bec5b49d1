internal import CLibXML2

/// Reads HTML with libxml2's recovering parser into an `HTMLDocument`.
///
/// libxml2 pulls the page through a read callback, a few kilobytes at a time, and
/// reports elements and text as SAX events, which `DocumentBuilder` turns straight
/// into the flat model: no libxml2 tree is built (it would cost about twelve bytes per
/// input byte), and libxml2's input buffer stays small (its push parser would keep a
/// copy of the whole page). libxml2 never touches the network here, prints nothing,
/// and no C pointer outlives the call.
package enum HTMLParser {
    /// Parses `bytes` as an HTML page.
    ///
    /// The encoding is `encoding` when given, else from a byte order mark or a
    /// `<meta>` charset, else UTF-8 (see `PageEncoding`); invalid bytes become U+FFFD.
    /// Malformed markup is repaired as browsers do. `XML_PARSE_HUGE` lifts libxml2's
    /// nesting limit of 256 elements, past which it would drop the rest of the page.
    /// - Throws: `HTMLParsingError`.
    /// - Complexity: O(n) in the input; no recursion, so nesting depth is not limited
    ///   by the stack.
    package static func parse(_ bytes: [UInt8], encoding: String? = nil) throws(HTMLParsingError) -> HTMLDocument {
        var builder = DocumentBuilder()
        try run(bytes, encoding: encoding, into: &builder)
        return builder.document
    }

    /// How a page is handed over in fragments as it is read, so that a consumer can
    /// lay out and drop the start of a page while the rest is still being parsed.
    ///
    /// The page is cut after an element of `blocks` closes while every open element is
    /// one of `containers`, once the fragment holds `nodes` nodes or more: each
    /// fragment is a document of whole blocks, inside copies of the containers still
    /// open (attributes included). Which elements are blocks and which are containers
    /// is the layout's call.
    package struct Cutting {
        package var containers: Set<HTMLTag>
        package var blocks: Set<HTMLTag>
        package var nodes: Int
        /// Takes the next fragment; returns `false` to stop the parse.
        package var take: (HTMLDocument) -> Bool

        package init(containers: Set<HTMLTag>, blocks: Set<HTMLTag>, nodes: Int, take: @escaping (HTMLDocument) -> Bool) {
            self.containers = containers
            self.blocks = blocks
            self.nodes = nodes
            self.take = take
        }
    }

    /// Parses `bytes` as `parse(_:encoding:)` does, handing the page over in fragments
    /// (the last one at the end).
    package static func parse(_ bytes: [UInt8], encoding: String? = nil, cutting: Cutting) throws(HTMLParsingError) {
        var builder = DocumentBuilder(cutting: cutting)
        try run(bytes, encoding: encoding, into: &builder)
        builder.finish()
    }

    /// Throws what parsing `byteCount` bytes in `encoding` would throw before it
    /// starts, so that a caller can check every input before it writes anything.
    package static func check(byteCount: Int, encoding: String?) throws(HTMLParsingError) {
        guard byteCount <= Int(Int32.max) / 2 else { throw .tooLarge(bytes: byteCount) }
        if let encoding, !PageEncoding.isSupported(encoding) { throw .unknownEncoding(encoding) }
    }

    private static func run(_ bytes: [UInt8], encoding: String?, into builder: inout DocumentBuilder) throws(HTMLParsingError) {
        try check(byteCount: bytes.count, encoding: encoding)
        // libxml2 gets UTF-8 only, and is told to ignore the page's own charset hints.
        let utf8 = PageEncoding.utf8(from: bytes, override: encoding).bytes
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue
                | HTML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_HUGE.rawValue)
        xmlInitParser()
        guard let parser = htmlNewParserCtxt() else { throw .unreadable }
        defer {
            htmlFreeParserCtxt(parser)
            docscroll_malloc_trim()
        }
        var handler = htmlSAXHandler()
        handler.startElement = { context, name, attributes in
            DocumentBuilder.from(context)?.pointee.startElement(name, attributes)
        }
        handler.endElement = { context, _ in
            DocumentBuilder.from(context)?.pointee.endElement()
        }
        handler.characters = { context, text, length in
            DocumentBuilder.from(context)?.pointee.characters(text, length)
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        parser.pointee.sax.pointee = handler
        builder.parser = parser
        defer { builder.parser = nil }
        // The builder is a struct reached through a pointer: its state is mutated with
        // no run-time exclusivity check on each event (a class's would have one).
        withUnsafeMutablePointer(to: &builder) { builder in
            parser.pointee.userData = UnsafeMutableRawPointer(builder)
            utf8.withUnsafeBytes { buffer in
                var reader = InputReader(remaining: buffer)
                withUnsafeMutablePointer(to: &reader) { reader in
                    let document = htmlCtxtReadIO(parser, InputReader.read, nil, reader, nil, "UTF-8", options)
                    // Only the SAX events build anything; nothing is expected here.
                    if let document { xmlFreeDoc(document) }
                }
            }
            parser.pointee.userData = nil
        }
    }
}

/// The bytes libxml2 has not read yet, handed over as its read callback asks.
private struct InputReader {
    var remaining: UnsafeRawBufferPointer

    static let read: xmlInputReadCallback = { context, buffer, length in
        guard let context, let buffer, length > 0 else { return 0 }
        let reader = context.assumingMemoryBound(to: InputReader.self)
        let count = min(Int(length), reader.pointee.remaining.count)
        guard count > 0 else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: reader.pointee.remaining.baseAddress!, byteCount: count)
        reader.pointee.remaining = UnsafeRawBufferPointer(rebasing: reader.pointee.remaining[count...])
        return Int32(count)
    }
}

extension DocumentBuilder {
    /// The builder behind a SAX callback's context pointer.
    static func from(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<DocumentBuilder>? {
        context?.assumingMemoryBound(to: DocumentBuilder.self)
    }
}
