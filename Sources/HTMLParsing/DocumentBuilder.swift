internal import CLibXML2
import Styles

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
    /// The parser feeding this builder, while it runs (to stop it, and to know where
    /// it is in the page), and what it reads.
    var parser: htmlParserCtxtPtr?
    var reader: SourceReader?

    init(cutting: HTMLParser.Cutting? = nil) {
        self.cutting = cutting
        names = InternedNames(cutting: cutting)
        isCutting = cutting != nil
        cutBytes = cutting?.bytes
        plan = cutting?.bytes == nil ? nil : cutting?.plan
        fragmentBytes = cutting?.bytes.map { min($0, cutting?.firstBytes ?? $0) }
        fragmentNodes = cutting.map { min($0.nodes, $0.firstNodes ?? $0.nodes) } ?? .max
        mostNodes = cutting?.nodes
        keepsText = cutting?.keepsText ?? true
        textCutBytes = cutting?.bytes == nil ? cutting?.textBytes : nil
        boundaries = cutting?.bytes == nil ? cutting?.boundaries : nil
    }
    /// What the hot paths read of `cutting`, copied out once (reading a field of the
    /// optional struct copies it, with its sets and closure, on every element).
    private let isCutting: Bool
    /// `cutting.nodes`.
    private let mostNodes: Int?
    private let cutBytes: Int?
    private let plan: (any HTMLParser.CutPlan)?
    private let boundaries: (any HTMLParser.CutBoundaries)?
    /// With `boundaries`: the next one known ahead of the parse (asked for again once
    /// passed), and whether the parse passed one where it could not cut.
    private var nextBoundary: Int?
    private var missedBoundary = false
    private let keepsText: Bool
    /// `cutting.textBytes` (cuts inside text without a plan); the bytes of text read
    /// since the last block or container opened or closed, or the last cut (the
    /// paragraph's so far, across its inline elements); and how far into the open
    /// text the search for a place to cut has got.
    private let textCutBytes: Int?
    private var blockTextBytes = 0
    private var textSearchedTo = 0
    /// Per node: its last child so far, to link the next one in O(1).
    private var lastChild: [HTMLDocument.NodeIndex] = [HTMLDocument.none]
    /// The open elements; the last is the parent of what comes next. With what their
    /// names say.
    private var open: [HTMLDocument.NodeIndex] = []
    private var openElements: [InternedNames.Element] = []
    private var names: InternedNames
    /// With `cutting`: how many open elements may not stay open across a cut (a cut
    /// needs none),
    /// and the node count right after the last cut (the copied containers do not
    /// count towards the next one, so a deep page is not cut at every end tag).
    private var openNonContainers = 0
    private var nodesAfterCut = 0
    /// Without `cutting.bytes`: the nodes the fragment being built is to hold.
    private var fragmentNodes: Int
    /// With `cutting.bytes`: the page offset of the last cut (before the first, where
    /// the parse started, its restart prefix counted), and the bytes of the page the
    /// fragment being built is to span.
    private var pageOffsetAtCut: Int?
    private var fragmentBytes: Int?
    /// An open link to a place in the page with no element in it yet, and its text
    /// so far (up to `HTMLDocument.permalinkMarkupBytes`): a heading's permalink if
    /// that text is a permalink symbol (`HTMLDocument.isPermalinkSymbol`).
    private var permalinkCandidate: (node: HTMLDocument.NodeIndex, text: [UInt8])?
    /// Open elements whose text keeps its white space (`HTMLTag.isPreformatted`).
    private var preformattedDepth = 0
    /// Inside an element whose content is never shown: how deep.
    private var skipDepth = 0
    /// Inside `<title>`: how deep, and its text so far.
    private var titleDepth = 0
    /// Whether the styler met the open title's start tag (not inside an element never
    /// shown, `<head>`): its end is then the styler's too.
    private var titleIsStyled = false
    private var title = ""
    /// Whether the last node added is a text node still open for more text (libxml2
    /// splits text across several events).
    private var textIsOpen = false
    /// The numbers of the looks in the document's (`lookNumber`).
    private var lookNumbers: [ElementLook: UInt16] = [:]
    /// Looks made before, by the likeness of the style they were made of, the look of
    /// the parent and the tag (`lookNumber(of:likeness:inside:tag:)`), in a slot by
    /// their hash: most elements are alike, and a look made and looked up again for
    /// each cost a thirtieth of a styled parse.
    private var knownLooks = [KnownLook](repeating: KnownLook(), count: 1_024)

    private struct KnownLook {
        var likeness = -1
        var parentLook: UInt16 = 0
        var tag = HTMLTag.unknown
        var look: UInt16 = 0
    }
    /// With a plan: the page offset of the last element event, where the text read
    /// since began (at most).
    private var offsetAtElement = 0
    /// After a cut inside text: where the parse is to start again, inside which
    /// elements (`takeRestart`); libxml2's events are ignored until it does, and then
    /// the element events of the start tags of those elements, which the new parser
    /// reads first (they are open here already): those up to this stream offset.
    private var restart: (offset: Int, openElements: OpenElements)?
    private var ignoresEvents = false
    private var elementEventsIgnoredUpTo = -1

    /// With the page's styles: what they say of each element as it starts.
    private var styler: ElementStyler?
    /// The page's colours, where they are drawn.
    private var colors: PageColors?
    /// A parse that starts inside elements a styled parse cut in: where its styler
    /// stood, and how many of their start tags (fed first) are still to come; their
    /// styles are the state's, not made again (what came before them is not read).
    private var resumedStyles: ElementStyler.State?
    private var resumedStartTags = 0

    /// Whether a block's margin or padding asked for a blank line that no node has
    /// taken yet (`HTMLDocument.Node.followsSpace`): kept as the document's end, so
    /// that a fragment cut here ends with it (a parse that starts at the cut does not
    /// know of it), and the next starts without.
    private var spacePending: Bool {
        get { document.endsWithSpace }
        set { document.endsWithSpace = newValue }
    }
    /// How many open elements are hidden (the nodes inside them take no space).
    private var hiddenOpen = 0

    /// A parse of a part of a page: how many elements are open where the part ends
    /// (libxml2 closes them at the end of what it reads, a close that is not theirs).
    var elementsOpenAtEnd = 0

    /// Whether the element ending now is closed by the end of a part of a page only.
    private var closesAtPartEnd: Bool {
        guard elementsOpenAtEnd > 0, open.count <= elementsOpenAtEnd, let reader, reader.isAtEnd else { return false }
        return streamOffset() == reader.streamOffset
    }

    /// Goes on from where the styler of the parse that cut at `openElements` stood.
    mutating func resumeStyles(inside openElements: OpenElements) {
        guard let state = openElements.styles, state.depth == openElements.count else { return }
        resumedStyles = state
        resumedStartTags = openElements.count
    }

    /// Styles the elements to come with `styles` (once: a restart goes on with the
    /// same styler, which knows what came before).
    mutating func styleWith(_ styles: PageStyles?) {
        guard styler == nil, let styles else { return }
        styler = ElementStyler(cascade: styles.cascade, from: resumedStyles)
        colors = styles.canvas.map { PageColors(on: $0) }
        document.isStyled = true
    }

    /// What the page's styles say of an element starting now: its style, whether its
    /// `::before` and `::after` add text, and the `::before` text when it is to be
    /// added now; `nil` unstyled (see `startElement`).
    private mutating func styleOfStartingElement(_ name: String, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> StartingStyle? {
        guard let styler, titleDepth == 0, skipDepth == 0 else { return nil }
        if resumedStartTags > 0, let state = resumedStyles {
            // A start tag fed to stand where the cut stood: its style is known, and
            // what its `::before` adds is in the part before the cut.
            let depth = state.depth - resumedStartTags
            resumedStartTags -= 1
            return state.styled(ofOpen: depth).map {
                StartingStyle(
                    given: $0, hides: $0.hidesElement, hidesListMarker: $0.hidesListMarker, display: $0.display, likeness: nil,
                    hasBefore: state.before(ofOpen: depth), hasAfter: state.hasAfter(ofOpen: depth), startedBefore: true)
            }
        }
        let parsed = UnsafePointer(attributes)
        // (Its `class`, where the reader took it out of the tag: libxml2 stands at
        // the tag's end.)
        var opened: ElementStyler.Opened?
        if let reader, reader.hasLiftedClasses, let end = pageOffset() {
            opened = reader.withLiftedClass(endingAt: end, name: name, { styler.open(name: name, parsedAttributes: parsed, liftedClass: $0) })
        }
        let style = opened ?? styler.open(name: name, parsedAttributes: parsed)
        return StartingStyle(
            given: nil, hides: style.hides, hidesListMarker: style.hidesListMarker, display: style.display, likeness: style.likeness,
            hasBefore: style.hasBefore, hasAfter: style.hasAfter)
    }


    /// The tag the model gives an element of tag `tag` whose `display` is `display`,
    /// inside an element the model tagged `parentTag`: a table's, a row's, a cell's
    /// where the sheets make it one (rustdoc's lists of items are `div`s shown as a
    /// table), inside a table's part that may hold it (else it is shown as a block);
    /// its own otherwise, and an HTML table's parts, the root and the body keep theirs.
    static func tag(of tag: HTMLTag, display: ComputedStyle.Display, inside parentTag: HTMLTag) -> HTMLTag {
        guard display.isTablePart else { return tag }
        switch tag {
        // (Nor is the page's root or body made one: the page would be one table, cut
        // nowhere, laid out whole before its first screen.)
        case .table, .caption, .thead, .tbody, .tfoot, .tr, .td, .th, .col, .colgroup, .html, .body: return tag
        default: break
        }
        let inTable = parentTag == .table
        let inRows = inTable || parentTag == .thead || parentTag == .tbody || parentTag == .tfoot
        switch display {
        case .table: return .table
        case .tableRow where inRows: return .tr
        // (Cells outside a row make one: CSS's anonymous row, `TableGrid`'s loose cells.)
        case .tableCell where inRows || parentTag == .tr: return .td
        case .tableRowGroup where inTable: return .tbody
        case .tableHeaderGroup where inTable: return .thead
        case .tableFooterGroup where inTable: return .tfoot
        case .tableCaption where inTable: return .caption
        default: return tag
        }
    }

    /// What the page's styles say of an element as it starts (`styleOfStartingElement`).
    private struct StartingStyle {
        /// Its style where a state gives it (else it is the styler's current one).
        var given: ElementStyler.Styled?
        var hides: Bool
        var hidesListMarker: Bool
        var display: ComputedStyle.Display
        /// The styler's number for its style (`ElementStyler.currentLikeness`); `nil`
        /// for one given by a state.
        var likeness: Int?
        var hasBefore: Bool
        var hasAfter: Bool
        /// Whether it is an element the part before started (a start tag fed again):
        /// the space above it, and its `::before` text, are that part's.
        var startedBefore = false

        /// Whether its `::before` adds text now (the styler's `generatedBefore`).
        var addsBefore: Bool { hasBefore && !startedBefore }
    }

    /// Adds the text `::before` or `::after` puts in the innermost open element, in an
    /// element of its own where it is drawn unlike the text around it.
    private mutating func appendGenerated(_ content: GeneratedContent) {
        guard keepsText else { return }
        let parent = open.last ?? document.root
        let look = lookNumber(ElementLook(content.style, inside: document.looks[Int(document[parent].look)], colors: &colors))
        textIsOpen = false
        let drawnApart = look != document[parent].look
        if drawnApart {
            open.append(link(HTMLDocument.Node(kind: .element, tag: .span, attributeCount: 0, parent: parent, payload: Int32(document.attributes.count), look: look)))
            takeSpace(by: open[open.count - 1])
        }
        Array(content.text.utf8).withUnsafeBufferPointer { appendText($0) }
        if drawnApart { open.removeLast() }
        textIsOpen = false
    }

    /// Elements whose content is never shown.
    static let droppedTags: Set<String> = ["head", "script", "style", "template"]

    /// Attributes layout may use (`width`, `height` and `srcset` size a picture
    /// before it is read; `media` and `type` choose a `<picture>`'s source); the others (event handlers, `data-*` attributes,
    /// inline SVG paths) are not kept.
    static let keptAttributes: Set<String> = [
        "id", "name", "href", "alt", "title", "src", "start", "type", "reversed", "value",
        "hidden", "style", "colspan", "rowspan", "lang", "dir", "open", "label",
        "selected", "checked", "data", "width", "height", "srcset", "media", "border", "role",
    ]

    /// What counting links needs of an element that no cut leaves open (a consumer
    /// that keeps no text keeps no more): its target, whether it is hidden, its spans.
    static let countingAttributes: Set<String> = ["href", "hidden", "style", "colspan", "rowspan"]

    mutating func startElement(_ rawName: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard !ignoresEvents, !readsRestartPrefix else { return }
        let textWasOpen = textIsOpen
        textIsOpen = false
        if plan != nil { offsetAtElement = pageOffset() ?? offsetAtElement }
        guard let rawName else { return }
        // libxml2's HTML parser gives element and attribute names in lower case.
        let element = names.element(UnsafeRawPointer(rawName))
        // Styled, every element counts, as a sibling at least; what is inside a title or
        // a dropped element is never shown, and not styled.
        let styled = styleOfStartingElement(element.name, attributes)
        let isStyled = styled != nil
        let addsBefore = styled?.addsBefore ?? false
        let hasGeneratedStart = styled?.hasBefore ?? false
        let hasGeneratedEnd = styled?.hasAfter ?? false
        // Title elements are never content (as in browsers), wherever they are: so a
        // part of a page parsed on its own drops the same ones as the whole page.
        if titleDepth > 0 || element.isTitle {
            if titleDepth == 0 { titleIsStyled = isStyled }
            titleDepth += 1
            return
        }
        if skipDepth > 0 || element.isDropped {
            skipDepth += 1
            return
        }
        if element.isBlock || element.staysOpen { blockTextBytes = 0 }
        let firstAttribute = document.attributes.count
        var namesAnchor = false
        // Whether it has an attribute the model keeps, kept here or not.
        var hasKeptAttribute = false
        if let attributes {
            var index = 0
            // Counting links (no text kept), only what that needs, but for the
            // elements a cut may leave open (their start tags begin the next chunk).
            let keepsAll = keepsText || element.staysOpen
            while let attributeName = attributes[index] {
                let name = names.keptAttribute(UnsafeRawPointer(attributeName))
                if name.kept != nil { hasKeptAttribute = true }
                if let key = name.kept, keepsAll || name.counts, document.attributes.count - firstAttribute < Int(UInt16.max) {
                    document.attributes.append(.init(name: key, value: Self.string(attributes[index + 1])))
                    namesAnchor = namesAnchor || name.namesAnchor
                }
                index += 2
            }
        }
        let styleHides = styled?.hides ?? false
        let parent = open.last ?? document.root
        let tag = styled.map { Self.tag(of: element.tag, display: $0.display, inside: document[parent].tag) } ?? element.tag
        var look: UInt16 = 0
        if let styled { look = lookNumber(of: styled, inside: document[parent].look, tag: tag) }
        // (Its text is drawn as its parent's is when their looks are the same.)
        let generates = hasGeneratedStart || hasGeneratedEnd
        if element.isPlainInline, !hasKeptAttribute, !styleHides, !generates, look == document[parent].look, !document.looks[Int(look)].showsAsBlock {
            // Left out of the model (`HTMLTag.isPlainInline`): what it holds goes to
            // its parent, and the text on either side of its tags stays one text node.
            // Its entry on the open stack repeats its parent's (`endLeftOutElement`).
            open.append(open.last ?? document.root)
            openElements.append(element)
            textIsOpen = textWasOpen
            permalinkCandidate = nil
            if isCutting { openNonContainers += 1 }
            return
        }
        var node = HTMLDocument.Node(
            kind: .element, tag: tag, attributeCount: UInt16(document.attributes.count - firstAttribute),
            parent: parent, payload: Int32(firstAttribute), look: look)
        node.isHidden = styleHides
        node.hidesListMarker = styled?.hidesListMarker ?? false
        node.hasGeneratedStart = hasGeneratedStart
        node.hasGeneratedEnd = hasGeneratedEnd
        node.isTablePartByStyle = tag != element.tag
        if node.attributeCount > 0 {
            node.isHidden = node.isHidden || HTMLDocument.hides(document.attributes[firstAttribute...])
            node.linkAttribute = HTMLDocument.linkAttribute(element.tag, document.attributes[firstAttribute...])
            node.mayNameAnchor = namesAnchor
        }
        let index = link(node)
        if node.isHidden {
            hiddenOpen += 1
        } else {
            if look != 0, document.looks[Int(look)].spaceAbove, !(styled?.startedBefore ?? false), hiddenOpen == 0 { spacePending = true }
            takeSpace(by: index)
        }
        open.append(index)
        openElements.append(element)
        if element.tag.isPreformatted { preformattedDepth += 1 }
        permalinkCandidate = nil
        if node.isLink, HTMLDocument.targetsThisPage(document.attributes[firstAttribute...]) { permalinkCandidate = (index, []) }
        // (A container made a table's part by the sheets is a table's: no cut inside.)
        if isCutting, !element.staysOpen || node.isTablePartByStyle { openNonContainers += 1 }
        if addsBefore, let before = styler?.generatedBefore { appendGenerated(before) }
    }

    /// Marks node `index`, just linked, as following the space a block asked for, if
    /// one is pending and nothing hides it.
    private mutating func takeSpace(by index: HTMLDocument.NodeIndex) {
        guard spacePending, hiddenOpen == 0 else { return }
        document.nodes[Int(index)].followsSpace = true
        spacePending = false
    }

    /// Forgets the looks made (their numbers are a document's, and another begins).
    private mutating func forgetKnownLooks() {
        for slot in knownLooks.indices where knownLooks[slot].likeness >= 0 { knownLooks[slot].likeness = -1 }
    }

    /// The number of the look an element of `tag` starting `styled` has inside one of
    /// look `parentLook`, made once for a style of the same likeness.
    private mutating func lookNumber(of styled: StartingStyle, inside parentLook: UInt16, tag: HTMLTag) -> UInt16 {
        guard let likeness = styled.likeness, let styler else {
            return styled.given.map { lookNumber(ElementLook($0.style, inside: document.looks[Int(parentLook)], tag: tag, colors: &colors)) } ?? 0
        }
        let slot = (likeness &* 31 &+ Int(parentLook) &* 7 &+ tag.ordinal) & (knownLooks.count - 1)
        let known = knownLooks[slot]
        if known.likeness == likeness, known.parentLook == parentLook, known.tag == tag { return known.look }
        let look = lookNumber(ElementLook(styler.currentStyle, inside: document.looks[Int(parentLook)], tag: tag, colors: &colors))
        knownLooks[slot] = KnownLook(likeness: likeness, parentLook: parentLook, tag: tag, look: look)
        return look
    }

    /// The number of `look` in the document's looks, added there when new (0, none's,
    /// past the 65,535th).
    private mutating func lookNumber(_ look: ElementLook) -> UInt16 {
        guard !look.isPlain else { return 0 }
        if let known = lookNumbers[look] { return known }
        guard document.looks.count <= Int(UInt16.max) else { return 0 }
        let number = UInt16(document.looks.count)
        document.looks.append(look)
        lookNumbers[look] = number
        return number
    }

    mutating func endElement() {
        guard !ignoresEvents, !readsRestartPrefix else { return }
        if plan != nil { offsetAtElement = pageOffset() ?? offsetAtElement }
        if titleDepth == 0, skipDepth == 0, endLeftOutElement() {
            styler?.end()
            return
        }
        textIsOpen = false
        if titleDepth > 0 {
            titleDepth -= 1
            if titleDepth == 0, titleIsStyled { styler?.end() }
            // The page's title is the first that says something.
            if titleDepth == 0, document.title.isEmpty {
                document.title = title.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
                title = ""
            }
            return
        }
        if skipDepth > 0 {
            skipDepth -= 1
            if skipDepth == 0 { styler?.end() }
            return
        }
        let isClosedByPartEnd = closesAtPartEnd
        if let styler, styler.hasGeneratedAfter, open.count > 0, !isClosedByPartEnd, let after = styler.generatedAfter() { appendGenerated(after) }
        styler?.end()
        guard let closed = open.popLast(), let element = openElements.popLast() else { return }
        if document[closed].isHidden {
            hiddenOpen -= 1
        } else if hiddenOpen == 0, !isClosedByPartEnd, document[closed].look != 0, document.looks[Int(document[closed].look)].spaceBelow {
            spacePending = true
        }
        if element.tag.isPreformatted { preformattedDepth -= 1 }
        if let candidate = permalinkCandidate, candidate.node == closed {
            permalinkCandidate = nil
            if candidate.text.withUnsafeBufferPointer(HTMLDocument.isPermalinkSymbol) {
                // Left out: neither shown nor numbered (nor counted ahead).
                document.nodes[Int(closed)].linkAttribute = 0
                document.nodes[Int(closed)].isHidden = true
            }
        }
        guard isCutting else { return }
        if element.isBlock || element.staysOpen { blockTextBytes = 0 }
        if !element.staysOpen || document[closed].isTablePartByStyle { openNonContainers -= 1 }
        // (Not after a hidden block: the text on either side of it may be one line.
        // Another parse's start there is passed over for the next: the scan that
        // guessed it does not know what the sheets hide.)
        guard openNonContainers == 0, element.isBlock, !document.isHidden(closed) else {
            if openNonContainers == 0, element.isBlock { passBoundary() }
            return
        }
        if let bytes = cutBytes {
            let target = fragmentBytes ?? bytes
            guard let offset = streamOffsetAfterEndTag(of: document[closed].tag) else { return }
            let pageOffset = reader?.pageOffset(ofStreamOffset: offset) ?? offset
            let spansTarget = pageOffset - (pageOffsetAtCut ?? reader?.pageOffset(ofStreamOffset: 0) ?? 0) >= target
            guard plan != nil || spansTarget else { return }
            // A hidden list or quote left open: its state is not worth carrying.
            if zip(open, openElements).contains(where: { $1.isSplittable && document.isHidden($0) }) || bodyWasClosed { return }
            if let plan, !plan.cuts(at: pageOffset, byBytes: spansTarget) { return }
            fragmentBytes = min(bytes, target * 2)
            pageOffsetAtCut = pageOffset
            cut(endOffset: pageOffset)
        } else if boundaries != nil, let offset = boundaryOffset(closing: document[closed].tag) {
            cut(endOffset: offset)
        } else if let mostNodes, document.nodes.count - nodesAfterCut >= fragmentNodes {
            fragmentNodes = min(mostNodes, fragmentNodes * 2)
            cut(endOffset: nil)
        }
    }

    /// Closes the innermost open element if the model left it out (its entry on the
    /// open stack repeats its parent's: an element's own node comes after its
    /// parent's); gives whether it did. The text around it goes on as one node.
    private mutating func endLeftOutElement() -> Bool {
        guard let element = openElements.last, element.isPlainInline, let last = open.last,
            last == (open.count >= 2 ? open[open.count - 2] : document.root)
        else { return false }
        open.removeLast()
        openElements.removeLast()
        if isCutting { openNonContainers -= 1 }
        return true
    }

    /// Where the parser stands in what it read, when it stands right after the end
    /// tag of `tag` itself (`</tag>`, any case, blanks before `>`); else `nil`. An
    /// element closed by something else (an end tag of an element around it, a start
    /// tag that implies its end) is closed in the middle of other markup, where a parse
    /// cannot start again.
    private func streamOffsetAfterEndTag(of tag: HTMLTag) -> Int? {
        guard let parser, let input = parser.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return nil }
        let name = Array(tag.rawValue.utf8)
        let available = cur - base
        var index = -1
        guard available >= name.count + 3, cur[index] == UInt8(ascii: ">") else { return nil }
        index -= 1
        while -index < available, HTMLWhiteSpace.contains(cur[index]) { index -= 1 }
        for letter in name.reversed() {
            guard -index < available, cur[index] | 0x20 == letter | 0x20 else { return nil }
            index -= 1
        }
        guard -index < available, cur[index] == UInt8(ascii: "/"), cur[index - 1] == UInt8(ascii: "<") else { return nil }
        return Int(input.pointee.consumed) + available
    }

    /// The page offset right after the end tag of `tag` just read (a place to cut),
    /// when it is one of `boundaries`, or the first such place after one the parse
    /// passed where it could not cut (the taker learns what is open there).
    private mutating func boundaryOffset(closing tag: HTMLTag) -> Int? {
        guard let boundaries, let offset = pageOffset() else { return nil }
        if let next = nextBoundary, next < offset { missedBoundary = true }
        if nextBoundary.map({ $0 < offset }) ?? true { nextBoundary = boundaries.boundary(atOrAfter: offset) }
        guard offset == nextBoundary || missedBoundary, streamOffsetAfterEndTag(of: tag) != nil, !bodyWasClosed else { return nil }
        missedBoundary = false
        return offset
    }

    /// Where the parse is at one of `boundaries` it may not cut at (after a hidden
    /// block), goes on to the next, not to the first place it may cut.
    private mutating func passBoundary() {
        guard let boundaries, let offset = pageOffset() else { return }
        if nextBoundary.map({ $0 < offset }) ?? true { nextBoundary = boundaries.boundary(atOrAfter: offset) }
        if nextBoundary == offset { nextBoundary = boundaries.boundary(atOrAfter: offset + 1) }
    }

    /// The offset in what it reads, and in the page, the parser has read to.
    private func streamOffset() -> Int? {
        guard let parser, let input = parser.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return nil }
        return Int(input.pointee.consumed) + (cur - base)
    }

    private func pageOffset() -> Int? {
        streamOffset().map { reader?.pageOffset(ofStreamOffset: $0) ?? $0 }
    }

    /// Cuts inside the text just read where the plan says, when only what a cut may
    /// leave open is open, and a shown paragraph or `pre` (a parse that keeps text
    /// does not cut inside it: the text read would have to be split).
    private mutating func cutInsideText() {
        guard let plan, !keepsText, let last = open.last, let element = openElements.last, !document.isHidden(last),
            openNonContainers == 1 && [.p, .pre].contains(element.tag) || openNonContainers == 0 && element.staysOpen,
            let offset = pageOffset(), offset > offsetAtElement, !bodyWasClosed, let textCut = plan.textCut(in: offsetAtElement...offset)
        else { return }
        offsetAtElement = textCut
        cut(endOffset: textCut, insideText: true)
        guard !isStopped, let parser, restart != nil else { return }
        ignoresEvents = true
        xmlStopParser(parser)
    }

    /// Whether the page's `body` was closed and none is open: libxml2 remembers it saw
    /// one (and implies no other around what comes next), which no start tags fed to a
    /// new parser can make it remember; so no parse may start again here.
    private var bodyWasClosed: Bool {
        guard let parser, parser.pointee.html >= 10 else { return false }
        return !openElements.contains { $0.tag == .body }
    }

    /// Whether the parser is still reading the start tags a restart fed it.
    private var readsRestartPrefix: Bool {
        elementEventsIgnoredUpTo >= 0 && (streamOffset().map { $0 <= elementEventsIgnoredUpTo } ?? false)
    }

    /// Where the parse is to start again after a cut inside text, if it is: the page
    /// offset and the elements open there.
    mutating func takeRestart() -> (offset: Int, openElements: OpenElements)? {
        defer { restart = nil }
        guard let restart, !isStopped else { return nil }
        ignoresEvents = false
        // The new parser keeps its names at addresses of its own.
        names.forgetAddresses()
        elementEventsIgnoredUpTo = restart.openElements.prefix.count
        return restart
    }

    /// Hands the document so far to the fragment taker and goes on with a new one
    /// that starts inside copies of the open containers (attributes kept, so that
    /// a hidden container stays hidden).
    private mutating func cut(endOffset: Int?, insideText: Bool = false) {
        guard let cutting else { return }
        let finished = document
        var next = HTMLDocument()
        next.title = finished.title
        next.isStyled = finished.isStyled
        // Fragments come out much the same size: the next one's buffers are made that
        // size at once, not grown by doubling (copies, and fresh pages to fault in).
        next.reserveCapacity(like: finished)
        lastChild = [HTMLDocument.none]
        document = next
        lookNumbers = [:]
        forgetKnownLooks()
        var stillOpen = OpenElements([], ignoredStartTags: parser.map { Int($0.pointee.depth) } ?? 0)
        stillOpen.styles = styler?.state
        let saysWhatIsOpen = cutting.bytes != nil || insideText || endOffset != nil
        let openBefore = open
        for (depth, element) in openBefore.enumerated() {
            if element == (depth > 0 ? openBefore[depth - 1] : finished.root) {
                // Left out of the model (no cut is made while one is open: a cut needs
                // every element but containers, a paragraph and a `pre` closed).
                open[depth] = depth > 0 ? open[depth - 1] : document.root
                if saysWhatIsOpen { stillOpen.elements.append(OpenElement(tag: openElements[depth].tag, attributes: [])) }
                continue
            }
            let firstAttribute = document.attributes.count
            document.attributes += finished.attributes(of: element)
            if saysWhatIsOpen {
                stillOpen.elements.append(OpenElement(tag: finished[element].tag, attributes: Array(finished.attributes(of: element))))
            }
            open[depth] = link(HTMLDocument.Node(
                kind: .element, tag: finished[element].tag, attributeCount: finished[element].attributeCount,
                parent: depth == 0 ? document.root : open[depth - 1], payload: Int32(firstAttribute), isHidden: finished[element].isHidden,
                linkAttribute: finished[element].linkAttribute, mayNameAnchor: finished[element].mayNameAnchor,
                hidesListMarker: finished[element].hidesListMarker, look: lookNumber(finished.looks[Int(finished[element].look)])))
            document.nodes[Int(open[depth])].hasGeneratedStart = finished[element].hasGeneratedStart
            document.nodes[Int(open[depth])].hasGeneratedEnd = finished[element].hasGeneratedEnd
            document.nodes[Int(open[depth])].isTablePartByStyle = finished[element].isTablePartByStyle
        }
        nodesAfterCut = document.nodes.count
        // A parse cutting by bytes starts again where it cut inside text; one that
        // keeps its text goes on (`Cutting.textBytes`).
        if insideText, cutBytes != nil { restart = (endOffset ?? 0, stillOpen) }
        let cut = HTMLParser.Cut(
            fragment: finished, endOffset: endOffset, openElements: saysWhatIsOpen ? stillOpen : nil, insideText: insideText)
        if !cutting.take(cut) {
            isStopped = true
            if let parser { xmlStopParser(parser) }
        }
    }

    /// Hands over the last fragment (when cutting).
    mutating func finish() {
        guard let cutting, !isStopped else { return }
        _ = cutting.take(HTMLParser.Cut(fragment: document, endOffset: nil, openElements: nil))
        document = HTMLDocument()
        lookNumbers = [:]
        forgetKnownLooks()
    }

    mutating func characters(_ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard let bytes, length > 0 else { return }
        let text = UnsafeBufferPointer(start: bytes, count: Int(length))
        // Text that ends in the byte left for a run taken out of what libxml2 read
        // (`LiftedText`) is read with that run in its place.
        if text[text.count - 1] == LiftedText.placeholder, let reader, let end = streamOffset() {
            let lifted = reader.withLiftedText(endingAt: end) { run in
                guard text.count > 1 else { return read(run) }
                var joined = [UInt8](text.dropLast())
                joined.append(contentsOf: run)
                joined.withUnsafeBufferPointer { read($0) }
            }
            if lifted { return }
        }
        read(text)
    }

    /// Takes text the parser read.
    private mutating func read(_ text: UnsafeBufferPointer<UInt8>) {
        guard !ignoresEvents else { return }
        if titleDepth > 0 {
            if document.title.isEmpty { title += String(decoding: text, as: UTF8.self) }
            return
        }
        guard skipDepth == 0 else { return }
        if permalinkCandidate != nil {
            if permalinkCandidate!.text.count + text.count <= HTMLDocument.permalinkMarkupBytes {
                permalinkCandidate!.text += text
            } else {
                permalinkCandidate = nil
            }
        }
        if plan != nil { cutInsideText() }
        guard keepsText else { return }
        if textIsOpen {
            document.extendLastText(text)
        } else {
            appendText(text)
        }
        if let textCutBytes {
            blockTextBytes += text.count
            cutLongText(atLeast: textCutBytes)
        }
    }

    private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        // (Most texts are not white space: their first byte says so.)
        if preformattedDepth == 0, HTMLWhiteSpace.contains(text[0]), text.allSatisfy(HTMLWhiteSpace.contains), followsBlockBoundary {
            return
        }
        let index = document.appendText(text)
        let node = link(HTMLDocument.Node(kind: .text, tag: .unknown, attributeCount: 0, parent: open.last ?? document.root, payload: index))
        // (White space takes no space asked for: layout may pass over it.)
        if spacePending, !text.allSatisfy(HTMLWhiteSpace.contains) { takeSpace(by: node) }
        textIsOpen = true
        textSearchedTo = 0
    }

    /// Whether a text starting now would come right after the start tag or the end
    /// tag of a shown block (`HTMLTag.isBlockBoundary`), where layout has no line for
    /// white space.
    private var followsBlockBoundary: Bool {
        let parent = open.last ?? document.root
        let previous = lastChild[Int(parent)]
        let boundary = previous == HTMLDocument.none ? parent : previous
        return boundary != document.root && document[boundary].kind == .element && document[boundary].tag.isBlockBoundary
            && !document[boundary].isHidden
    }

    /// Cuts the open text once the paragraph holds `bytes` bytes of text, at the next
    /// place to cut (`Cutting.textBytes`): the fragment keeps the text before it, the
    /// next one starts with the rest.
    private mutating func cutLongText(atLeast bytes: Int) {
        guard blockTextBytes >= bytes, let last = open.last, let element = openElements.last, !document.isHidden(last),
            openNonContainers == 1 && [.p, .pre].contains(element.tag) || openNonContainers == 0 && element.staysOpen
        else { return }
        let node = HTMLDocument.NodeIndex(document.nodes.count - 1)
        let count = document.utf8Text(of: node).count
        // From where the paragraph's text reached `bytes`.
        let from = max(textSearchedTo, count - (blockTextBytes - bytes))
        textSearchedTo = count
        // (The slice is let go before the text is cut, which would copy it else.)
        let found = document.utf8Text(of: node).withUnsafeBufferPointer { text -> (place: Int, rest: [UInt8])? in
            // (Not right after a `pre`'s first line feed: alone, it would make a line.)
            let place = element.tag == .pre
                ? TextCutPoints.lineStart(in: text.baseAddress!, start: 0, from: max(from, 2), end: text.count)
                : TextCutPoints.wordStart(in: text.baseAddress!, start: 0, from: from, end: text.count)
            return place.map { ($0, Array(text[$0...])) }
        }
        guard let (place, rest) = found else { return }
        document.truncateLastText(toBytes: place)
        cut(endOffset: nil, insideText: true)
        guard !isStopped else { return }
        rest.withUnsafeBufferPointer { appendText($0) }
        blockTextBytes = rest.count
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
