/// The element names layout knows; everything else is `.unknown` and is laid out as
/// an inline container of its children.
@usableFromInline package enum HTMLTag: String, Sendable, CaseIterable {
    case html, body, title
    case address, article, aside, blockquote, center, details, dialog, dir, div, dl, dt, dd
    case fieldset, figcaption, figure, footer, form, header, hgroup, hr, legend, li, main, menu
    case nav, ol, p, pre, section, summary, ul, listing, plaintext, xmp
    case h1, h2, h3, h4, h5, h6
    case table, caption, colgroup, col, thead, tbody, tfoot, tr, th, td
    case a, abbr, b, bdi, bdo, big, br, cite, code, data, del, dfn, em, font, i, ins, kbd, label
    case mark, nobr, q, rp, rt, ruby, s, samp, small, span, strike, strong, sub, sup, time, tt, u, `var`, wbr
    case img, input, button, select, option, optgroup, textarea, iframe, video, audio, object, embed, picture, source, canvas, svg, math
    case noscript, map, area, meter, progress, output, track, param
    case unknown

    /// The tag for a lower-case element name.
    package init(name: String) {
        self = Self.byName[name] ?? .unknown
    }

    /// Tags by name: one hash look-up per element, where `init(rawValue:)` compares
    /// the name with every case in turn.
    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

extension HTMLTag {
    /// Tags compared by case, inlinable: from other modules, the derived `==` is
    /// called through the protocol's witness table, a call for each of the many
    /// comparisons of tags layout makes at every node. (A case without payload is
    /// stored as its index: one byte, for fewer than 256 cases.) The type is
    /// `@usableFromInline`: without it, Swift accepts an `@inlinable` member of a
    /// `package` type but calls it from other modules all the same.
    @inlinable package static func == (lhs: HTMLTag, rhs: HTMLTag) -> Bool {
        unsafeBitCast(lhs, to: UInt8.self) == unsafeBitCast(rhs, to: UInt8.self)
    }

    /// An inline element that shows its content as it is, with nothing of its own
    /// (no style, no mark, no break, no role in tables, lists or forms): the model
    /// leaves such an element out when it carries no attribute the model keeps, and
    /// its content goes to its parent (`DocumentBuilder`). Most elements of many
    /// pages are `span`s that only name a CSS class; layout would enter and leave
    /// each for nothing.
    package var isPlainInline: Bool {
        switch self {
        case .span, .font, .abbr, .bdi, .bdo, .big, .data, .label, .time: true
        default: false
        }
    }

    /// A block layout ends the line before and after (paragraphs, headings, lists and
    /// their items, containers), outside tables: white space right after its start
    /// tag or its end tag shows nothing, there being no line for it, so the model
    /// keeps none there (`DocumentBuilder`), but in preformatted text.
    package var isBlockBoundary: Bool {
        switch self {
        case .html, .body, .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl, .dt, .dd,
            .fieldset, .figcaption, .figure, .footer, .form, .header, .hgroup, .legend, .li, .main, .menu, .nav, .ol, .p,
            .pre, .section, .ul, .listing, .plaintext, .xmp, .h1, .h2, .h3, .h4, .h5, .h6, .noscript:
            true
        default: false
        }
    }

    /// An element whose text keeps its white space (layout lays it out as it is).
    @inlinable package var isPreformatted: Bool {
        switch self {
        case .pre, .listing, .xmp, .plaintext: true
        default: false
        }
    }

    /// The case's place in `allCases`: for tables indexed by tag.
    @inlinable package var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}

/// HTML's white space (space, tab, line feed, form feed, carriage return), which
/// layout collapses; U+00A0 is not.
@usableFromInline package enum HTMLWhiteSpace {
    @inlinable package static func contains(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
