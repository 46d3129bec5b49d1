internal import CLibXML2

/// Reads HTML with libxml2's recovering parser into an `HTMLDocument`.
///
/// libxml2 pulls the page through a read callback, a window at a time
/// (`SourceReader`), and reports elements and text as SAX events, which
/// `DocumentBuilder` turns straight into the flat model: no libxml2 tree is built (it
/// would cost about twelve bytes per input byte), and libxml2's input buffer stays
/// small (its push parser would keep a copy of the whole page). libxml2 never touches
/// the network here, prints nothing, and no C pointer outlives the call.
package enum HTMLParser {
    /// Parses `bytes` as an HTML page.
    ///
    /// The encoding is `encoding` when given, else from a byte order mark or a
    /// `<meta>` charset, else UTF-8 (see `PageEncoding`); invalid bytes become U+FFFD.
    /// Malformed markup is repaired as browsers do. `XML_PARSE_HUGE` lifts libxml2's
    /// nesting limit of 256 elements, past which it would drop the rest of the page.
    /// libxml2 reads no attribute the model drops (`AttributeFilter`) and is given one
    /// byte for most runs of text (`LiftedText`), unless `readingAsIs` (to check that
    /// this changes nothing).
    /// - Throws: `HTMLParsingError`.
    /// - Complexity: O(n) in the input; no recursion, so nesting depth is not limited
    ///   by the stack.
    package static func parse(
        _ bytes: [UInt8], encoding: String? = nil, readingAsIs: Bool = false, styles: PageStyles? = nil
    ) throws(HTMLParsingError) -> HTMLDocument {
        var builder = DocumentBuilder()
        try run(try utf8Page(bytes, encoding: encoding, readingAsIs: readingAsIs, styles: styles), into: &builder)
        return builder.document
    }

    /// How a page is handed over in fragments as it is read, so that a consumer can
    /// lay out and drop the start of a page while the rest is still being parsed.
    ///
    /// The page is cut after an element of `blocks` closes while every open element is
    /// one of `containers`, once the fragment holds `nodes` nodes or spans `bytes`
    /// bytes of the page: each fragment is a document of whole blocks, inside copies
    /// of the containers still open (attributes included). Which elements are blocks
    /// and which are containers is the layout's call.
    package struct Cutting {
        package var containers: Set<HTMLTag>
        package var blocks: Set<HTMLTag>
        /// Elements besides `containers` that may stay open across a cut (lists, quotes:
        /// blocks whose layout can go on from a saved state), none of them hidden.
        package var splittable: Set<HTMLTag>
        package var nodes: Int
        /// Without `bytes`: the first fragment's node count, doubled for each next one
        /// up to `nodes` (so that whoever takes the fragments has the first soon).
        package var firstNodes: Int?
        /// With a byte count, the page is cut only right after a block's own end tag,
        /// where a parse can start again (`parseChunk`), and each cut says where it is.
        package var bytes: Int?
        /// With `bytes`: the first fragment's byte count, doubled for each next one up
        /// to `bytes` (the start of a page comes quickly in small pieces).
        package var firstBytes: Int?
        /// Takes the next fragment; returns `false` to stop the parse.
        package var take: (Cut) -> Bool
        /// Without `bytes`: a shown paragraph's or `pre`'s text (nothing else open
        /// that a cut may not leave open) is cut once it holds this many bytes, at the
        /// next place `TextCutPoints` gives: the fragment ends inside it (`Cut.insideText`)
        /// and the next starts with the rest, inside copies of the elements open
        /// there. libxml2 hands text over a little at a time, so a paragraph of any
        /// length comes in fragments of about this much.
        package var textBytes: Int?
        /// Whether fragments keep their text (a consumer that counts links and cuts,
        /// but lays nothing out, needs only the elements).
        package var keepsText = true
        /// With `bytes`: where to cut instead of by the byte count (cuts guessed ahead
        /// by a `StructureScanner`, for this parse to check).
        package var plan: (any CutPlan)?
        /// Without `bytes`: places where other parses start (cuts a `StructureScanner`
        /// guessed). This parse cuts at each it meets, saying where and what is open
        /// there (`Cut.endOffset`, `Cut.openElements`), so that its taker can check the
        /// guess and end the parse where the next one took over.
        package var boundaries: (any CutBoundaries)?
        /// The elements that may stay open across a cut.
        let staysOpen: Set<HTMLTag>

        package init(
            containers: Set<HTMLTag>, blocks: Set<HTMLTag>, splittable: Set<HTMLTag> = [], nodes: Int = .max, firstNodes: Int? = nil,
            bytes: Int? = nil, firstBytes: Int? = nil, take: @escaping (Cut) -> Bool
        ) {
            self.firstNodes = firstNodes
            self.firstBytes = firstBytes
            self.containers = containers
            self.blocks = blocks
            self.splittable = splittable
            self.nodes = nodes
            self.bytes = bytes
            self.take = take
            staysOpen = containers.union(splittable)
        }
    }

    /// Where a parse cutting a page by bytes cuts it, when another pass has guessed the
    /// cuts ahead of it: the parse cuts where the plan says, and its cuts check the
    /// guesses.
    package protocol CutPlan: AnyObject {
        /// Whether to cut at page offset `offset`, a place the cutting rules allow;
        /// `byBytes`: whether the byte count alone would cut there. Called from the
        /// parse, which waits meanwhile.
        func cuts(at offset: Int, byBytes: Bool) -> Bool

        /// Where to cut inside text the parse has read over page range `range` (a
        /// paragraph's text, nothing else open a cut may not leave open), if anywhere.
        /// Called from the parse, which waits meanwhile.
        func textCut(in range: ClosedRange<Int>) -> Int?

        /// The parts of page range `range` the parse is to leave out (see
        /// `StructureScanner.elisionBytes`), sorted. Called from the parse's reader,
        /// which waits meanwhile.
        func elisions(in range: Range<Int>) -> [Range<Int>]
    }

    /// Where other parses of the same page start (`Cutting.boundaries`).
    package protocol CutBoundaries: AnyObject {
        /// The first place known at or after page offset `offset`, if any is known yet.
        /// Called from the parse, which waits meanwhile.
        func boundary(atOrAfter offset: Int) -> Int?
    }

    /// A fragment of a page, and where the parse stood after it.
    package struct Cut {
        /// The fragment: whole blocks inside copies of the containers open around them.
        package var fragment: HTMLDocument
        /// With `Cutting.bytes`, or at one of `Cutting.boundaries`: the page offset
        /// right after the fragment's last end tag (`nil` for the last fragment, which
        /// ends with the page).
        package var endOffset: Int?
        /// With `Cutting.bytes`, at one of `Cutting.boundaries`, or inside text: the
        /// elements open after the fragment, outermost first (`nil` for the last).
        package var openElements: OpenElements?
        /// Whether the fragment ends inside a paragraph's text (`CutPlan.textCut`,
        /// `Cutting.textBytes`).
        package var insideText = false
    }

    /// Parses `bytes` as `parse(_:encoding:)` does, handing the page over in fragments
    /// (the last one at the end).
    package static func parse(_ bytes: [UInt8], encoding: String? = nil, cutting: Cutting) throws(HTMLParsingError) {
        try run(try utf8Page(bytes, encoding: encoding), cutting: cutting)
    }

    /// Parses a UTF-8 page, from `start` (past a byte order mark, or a cut) to its end,
    /// handing it over in fragments. From a cut, `openElements` are the elements open
    /// there (`Cut.openElements`): the first fragment starts inside them.
    package static func parse(
        _ source: any PageSource, from start: Int = 0, inside openElements: OpenElements = [], cutting: Cutting
    ) throws(HTMLParsingError) {
        // A page still arriving is read as far as it comes.
        let plan = cutting.plan
        var builder = DocumentBuilder(cutting: cutting)
        builder.resumeStyles(inside: openElements)
        var start = start
        var prefix = openElements.prefix
        // A cut inside text ends libxml2's run there, and a fresh parser goes on from
        // it inside the elements open there (their start tags fed first, their events
        // left out): libxml2 holds a text run whole in its input buffer, and a
        // paragraph may have hundreds of megabytes.
        while true {
            let reader = SourceReader(
                source: source, range: start..<(source.isComplete ? source.byteCount : .max), prefix: prefix,
                elisions: plan.map { plan in { plan.elisions(in: $0) } })
            try run(reader, into: &builder)
            guard let restart = builder.takeRestart() else { break }
            start = restart.offset
            prefix = restart.openElements.prefix
        }
        builder.finish()
    }

    private static func run(_ reader: SourceReader, cutting: Cutting) throws(HTMLParsingError) {
        var builder = DocumentBuilder(cutting: cutting)
        try run(reader, into: &builder)
        builder.finish()
    }

    /// Parses the part `range` of a UTF-8 page that starts inside `openElements`
    /// (from a `Cut`), as a fragment like the cut's next one: the parse starts again
    /// from a fresh parser fed start tags for those elements, then the part's bytes,
    /// but for those in `elisions` (sorted; see `StructureScanner.elisionBytes`). The
    /// part ends inside `openElementsAtEnd` elements (the next cut's), which its end
    /// does not close.
    package static func parseChunk(
        _ source: any PageSource, range: Range<Int>, openElements: OpenElements, openElementsAtEnd: Int = 0, elisions: [Range<Int>] = []
    ) throws(HTMLParsingError) -> HTMLDocument {
        var builder = DocumentBuilder()
        builder.resumeStyles(inside: openElements)
        builder.elementsOpenAtEnd = openElementsAtEnd
        let prefix = openElements.prefix
        let reader = SourceReader(source: source, range: range, prefix: prefix, elisions: elisions.isEmpty ? nil : { window in
            elisions.filter { $0.overlaps(window) }
        })
        try run(reader, into: &builder)
        return builder.document
    }

    /// A page as the UTF-8 source that `parse(_:from:cutting:)` and `parseChunk` read:
    /// the page itself (from past its byte order mark) when it is UTF-8, else the page
    /// converted whole, in memory.
    /// - Throws: `HTMLParsingError` for an unknown encoding, or a page too large to
    ///   convert.
    package static func utf8Page(_ source: any PageSource, encoding: String?) throws(HTMLParsingError) -> (source: any PageSource, start: Int) {
        let found = try self.encoding(of: source, override: encoding)
        guard found.name != "UTF-8" else { return (source, found.start) }
        // Converted whole: a page still arriving is waited for.
        while !source.isComplete { _ = source.waitForBytes(beyond: source.byteCount) }
        try check(byteCount: source.byteCount, encoding: encoding)
        let converted = PageEncoding.convert(source.bytes(found.start..<source.byteCount), from: found.name)
        return (StyledPageSource(MemoryPageSource(converted), styles: source.styles), 0)
    }

    /// The encoding a page is read in (`override`, a byte order mark, a `<meta>`
    /// charset, else UTF-8; see `PageEncoding`) and where its text starts (past a byte
    /// order mark). A page in an encoding other than UTF-8 goes through a
    /// `PageConverter`.
    /// - Throws: `HTMLParsingError.unknownEncoding` for an override iconv cannot read.
    package static func encoding(of source: any PageSource, override: String?) throws(HTMLParsingError) -> (name: String, start: Int) {
        if let override, !PageEncoding.isSupported(override) { throw .unknownEncoding(override) }
        let found = PageEncoding.sniff(source.bytes(0..<1024)[...], override: override)
        return (found.encoding, found.byteOrderMark)
    }

    /// How libxml2 parses: repairing, silent, offline, with no nesting limit, and told
    /// to ignore the page's own charset hints (it gets UTF-8 only).
    private static let options = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue
            | HTML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_HUGE.rawValue)

    /// Runs libxml2 over a UTF-8 page with no SAX callback at all, read as a parse
    /// reads it (`AttributeFilter`): what the parse costs libxml2 alone, for the
    /// benchmark's figures per stage.
    package static func parseWithoutEvents(_ bytes: [UInt8]) throws(HTMLParsingError) {
        xmlInitParser()
        guard let parser = htmlNewParserCtxt() else { throw .unreadable }
        defer { htmlFreeParserCtxt(parser) }
        parser.pointee.sax.pointee = htmlSAXHandler()
        let reader = SourceReader(source: MemoryPageSource(bytes), range: 0..<bytes.count)
        let context = Unmanaged.passUnretained(reader).toOpaque()
        if let document = htmlCtxtReadIO(parser, readCallback, nil, context, nil, "UTF-8", options) { xmlFreeDoc(document) }
    }

    /// Sets libxml2 up once, before pages are parsed on several threads at once.
    package static func prepareForThreads() {
        xmlInitParser()
    }

    /// Throws what holding `byteCount` bytes of a page in `encoding` whole would throw.
    private static func check(byteCount: Int, encoding: String?) throws(HTMLParsingError) {
        guard byteCount <= Int(Int32.max) / 2 else { throw .tooLarge(bytes: byteCount) }
        if let encoding, !PageEncoding.isSupported(encoding) { throw .unknownEncoding(encoding) }
    }

    /// A reader of the page as UTF-8: converted first when it is in another encoding.
    private static func utf8Page(
        _ bytes: [UInt8], encoding: String?, readingAsIs: Bool = false, styles: PageStyles? = nil
    ) throws(HTMLParsingError) -> SourceReader {
        try check(byteCount: bytes.count, encoding: encoding)
        let found = PageEncoding.sniff(bytes.prefix(1024), override: encoding)
        guard found.encoding == "UTF-8" else {
            let converted = MemoryPageSource(PageEncoding.convert(Array(bytes.dropFirst(found.byteOrderMark)), from: found.encoding))
            return SourceReader(source: StyledPageSource(converted, styles: styles), range: 0..<Int.max, readsAsIs: readingAsIs)
        }
        let source = StyledPageSource(MemoryPageSource(bytes), styles: styles)
        return SourceReader(source: source, range: found.byteOrderMark..<bytes.count, readsAsIs: readingAsIs)
    }

    private static func run(_ reader: SourceReader, into builder: inout DocumentBuilder) throws(HTMLParsingError) {
        builder.styleWith(reader.styles)
        xmlInitParser()
        guard let parser = htmlNewParserCtxt() else { throw .unreadable }
        defer { htmlFreeParserCtxt(parser) }
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
        builder.reader = reader
        defer {
            builder.parser = nil
            builder.reader = nil
        }
        // The builder is a struct reached through a pointer: its state is mutated with
        // no run-time exclusivity check on each event (a class's would have one).
        withUnsafeMutablePointer(to: &builder) { builder in
            parser.pointee.userData = UnsafeMutableRawPointer(builder)
            let context = Unmanaged.passUnretained(reader).toOpaque()
            let document = htmlCtxtReadIO(parser, readCallback, nil, context, nil, "UTF-8", options)
            // Only the SAX events build anything; nothing is expected here.
            if let document { xmlFreeDoc(document) }
            parser.pointee.userData = nil
        }
    }

    private static let readCallback: xmlInputReadCallback = { context, buffer, length in
        guard let context, let buffer, length > 0 else { return 0 }
        let reader = Unmanaged<SourceReader>.fromOpaque(context).takeUnretainedValue()
        return Int32(reader.read(into: UnsafeMutableRawPointer(buffer), count: Int(length)))
    }
}

extension DocumentBuilder {
    /// The builder behind a SAX callback's context pointer.
    static func from(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<DocumentBuilder>? {
        context?.assumingMemoryBound(to: DocumentBuilder.self)
    }
}
