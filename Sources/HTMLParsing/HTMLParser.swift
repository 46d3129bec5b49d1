internal import CLibXML2

/// Reads HTML with libxml2's recovering parser into an `HTMLDocument`.
///
/// libxml2's push parser reports elements and text as SAX events, which
/// `DocumentBuilder` turns straight into the flat model: no libxml2 tree is built
/// (it would cost about twelve bytes per input byte). libxml2 never touches the
/// network here, prints nothing, and no C pointer outlives the call.
public enum HTMLParser {
    /// Bytes handed to libxml2 at a time.
    static let chunkBytes = 1 << 20

    /// Parses `bytes` as an HTML page.
    ///
    /// The encoding is `encoding` when given, else from a byte order mark or a
    /// `<meta>` charset, else UTF-8 (see `PageEncoding`); invalid bytes become U+FFFD.
    /// Malformed markup is repaired as browsers do. `XML_PARSE_HUGE` lifts libxml2's
    /// nesting limit of 256 elements, past which it would drop the rest of the page.
    /// - Throws: `HTMLParsingError`.
    /// - Complexity: O(n) in the input; no recursion, so nesting depth is not limited
    ///   by the stack.
    public static func parse(_ bytes: [UInt8], encoding: String? = nil) throws(HTMLParsingError) -> HTMLDocument {
        guard bytes.count <= Int(Int32.max) / 2 else { throw .tooLarge(bytes: bytes.count) }
        if let encoding, !PageEncoding.isSupported(encoding) { throw .unknownEncoding(encoding) }
        // libxml2 gets UTF-8 only, and is told to ignore the page's own charset hints.
        let utf8 = PageEncoding.utf8(from: bytes, override: encoding).bytes
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue
                | HTML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_HUGE.rawValue)
        xmlInitParser()
        var handler = htmlSAXHandler()
        handler.startElement = { context, name, attributes in
            DocumentBuilder.from(context)?.startElement(name, attributes)
        }
        handler.endElement = { context, _ in
            DocumentBuilder.from(context)?.endElement()
        }
        handler.characters = { context, text, length in
            DocumentBuilder.from(context)?.characters(text, length)
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        let builder = DocumentBuilder()
        let context = Unmanaged.passUnretained(builder).toOpaque()
        guard let parser = htmlCreatePushParserCtxt(&handler, context, nil, 0, nil, XML_CHAR_ENCODING_UTF8) else {
            throw .unreadable
        }
        defer {
            htmlFreeParserCtxt(parser)
            docscroll_malloc_trim()
        }
        _ = htmlCtxtUseOptions(parser, options)
        withExtendedLifetime(builder) {
            utf8.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { text in
                    var offset = 0
                    while offset < text.count {
                        let count = min(chunkBytes, text.count - offset)
                        _ = htmlParseChunk(parser, text.baseAddress.map { $0 + offset }, Int32(count), 0)
                        offset += count
                    }
                    _ = htmlParseChunk(parser, nil, 0, 1)
                }
            }
        }
        return builder.document
    }
}

extension DocumentBuilder {
    /// The builder behind a SAX callback's context pointer.
    static func from(_ context: UnsafeMutableRawPointer?) -> DocumentBuilder? {
        context.map { Unmanaged<DocumentBuilder>.fromOpaque($0).takeUnretainedValue() }
    }
}
