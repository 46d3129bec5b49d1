import Styles

/// What layout reads of an element's computed style, beyond whether it is shown:
/// each a way the page's styles change how the element is drawn from what its tag
/// alone gives. (Inherited properties are its own computed values, so the text in an
/// element is drawn by its element's look.)
///
/// With no user-agent sheet, a property at its initial value cannot be told from one
/// the page set to it: so a look adds (bold, a block, kept spaces) and never takes
/// away what the tag gives (`font-weight: normal` leaves `<b>` bold).
package struct ElementLook: Hashable, Sendable {
    /// `text-transform`.
    package enum Transform: UInt8, Sendable {
        case none, uppercase, lowercase, capitalize
    }

    package enum Alignment: UInt8, Sendable {
        case start, center, right
    }

    /// `display` other than `inline`, `inline-block`, `contents` and `none`: an inline
    /// element is then laid out as a block (its content on lines of its own).
    package var showsAsBlock = false
    /// `white-space: pre`, `pre-wrap` or `break-spaces`: spaces and line ends kept, as
    /// in `<pre>`.
    package var keepsSpaces = false
    package var transform = Transform.none
    /// `text-align`: where a block's lines sit in its width (`justify` and the start
    /// side: at its left).
    package var alignment = Alignment.start
    package var bold = false
    package var italic = false
    package var underline = false
    package var lineThrough = false
    /// A border drawn on a side of its box (read of tables and their cells: a table is
    /// boxed where the page's styles draw borders in it).
    package var hasBorder = false
    /// `color`, `0xRRGGBB`, as drawn on the terminal (`TextCanvas.textColor`); `nil`
    /// for the terminal's own.
    package var foreground: UInt32?
    /// `background-color` of an inline element (and of those inside it), as drawn;
    /// `nil` for none. A block's is not drawn: behind its text alone it would make a
    /// ragged box, and the terminal's background is the page's.
    package var background: UInt32?
    /// A blank line above the element's box, and one below: its margin and padding
    /// on that side take `ComputedStyle.partingSpacing` or more, and it is a block
    /// (an inline box's margins move no line; a table's rows and cells are set out by
    /// its grid).
    package var spaceAbove = false
    package var spaceBelow = false
    /// Blank columns before the lines of a block: its margin and padding on the left
    /// (`indentColumns`). Not where its tag indents it already (lists and their
    /// items, `dd`, `blockquote`), nor on a table or its parts.
    package var indent: UInt8 = 0

    package init() {}

    /// The look `style` gives an element inside one of look `parent` (the lines a
    /// parent draws through its text, it draws through its children's too), of `tag`
    /// (`nil` for a pseudo-element's text), in its `colors` (none without).
    init(_ style: ComputedStyle, inside parent: ElementLook, tag: HTMLTag? = nil, colors: inout PageColors?) {
        let isBlock = tag.map(Self.isBox) ?? false
        switch style.display {
        case .inline, .inlineBlock, .contents, .none: break
        default: showsAsBlock = true
        }
        // (`nowrap` is left to the tag: text a terminal cannot break runs off its
        // edge, and its spaces would be written as no-break spaces.)
        switch style.whiteSpace {
        case .pre, .preWrap, .breakSpaces: keepsSpaces = true
        case .normal, .nowrap, .preLine: break
        }
        transform = switch style.textTransform {
        case .none: .none
        case .uppercase: .uppercase
        case .lowercase: .lowercase
        case .capitalize: .capitalize
        }
        alignment = switch style.textAlign {
        case .center: .center
        case .right, .end: .right
        case .start, .left, .justify: .start
        }
        bold = style.bold
        italic = style.italic
        hasBorder = style.hasBorder
        underline = style.underline || parent.underline
        lineThrough = style.lineThrough || parent.lineThrough
        if colors != nil { (foreground, background) = colors!.drawn(style, isBox: showsAsBlock || isBlock, inherited: parent.background) }
        if showsAsBlock || isBlock, !style.display.isTableInternal, !(tag.map(Self.isTableInternal) ?? false) {
            spaceAbove = style.spacing.above >= ComputedStyle.partingSpacing
            spaceBelow = style.spacing.below >= ComputedStyle.partingSpacing
        }
        if isBlock, let tag, !Self.indentsItself(tag), !style.display.isTableInternal { indent = Self.indentColumns(pixels: style.spacing.start) }
    }

    /// The columns a left margin and padding of `pixels` CSS px indent a block by:
    /// none under a 1.5 em (a box's own inset, which parts nothing on a terminal),
    /// a column for 8 px (a terminal's cell at a browser's 16 px font) up to 8, and
    /// none past 6 em: so wide a gap leaves room for a sidebar or centres a column
    /// beside what a terminal shows after it or at its width.
    static func indentColumns(pixels: Int) -> UInt8 {
        guard (24...96).contains(pixels) else { return 0 }
        return UInt8(min(8, (pixels + 4) / 8))
    }

    /// Whether an element of `tag` is indented by its tag (or laid out in a grid).
    static func indentsItself(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .ul, .ol, .menu, .dir, .li, .dd, .blockquote, .table, .caption: true
        default: isTableInternal(tag)
        }
    }

    /// Whether an element of `tag` is laid out as a box of lines (a block, a table or
    /// a part of one), whose background is not drawn.
    static func isBox(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .table, .caption, .thead, .tbody, .tfoot, .tr, .td, .th: true
        default: tag.isBlockBoundary
        }
    }

    /// Whether an element of `tag` is a part of a table inside it (a row, a cell,
    /// their groups), set out by the table's grid.
    static func isTableInternal(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .thead, .tbody, .tfoot, .tr, .td, .th, .col, .colgroup: true
        default: false
        }
    }

    /// Whether it changes nothing.
    package var isPlain: Bool { self == ElementLook() }
}

extension HTMLDocument {
    /// The look of element `node` (its page's styles), `nil` for none.
    package func look(of node: Node) -> ElementLook? {
        node.look == 0 ? nil : looks[Int(node.look)]
    }
}
