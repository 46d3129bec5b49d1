/// The properties of an element that change how docscroll lays out text, computed by
/// the cascade: each at CSS's initial value until a sheet (docscroll's own defaults
/// first) says otherwise.
package struct ComputedStyle: Hashable, Sendable {
    /// CSS Display Level 3's values, those that differ here: flex and grid are laid
    /// out as blocks in order, inline tables as tables.
    package enum Display: Hashable, Sendable {
        case inline, block, inlineBlock, listItem, none, contents
        case table, tableRowGroup, tableHeaderGroup, tableFooterGroup, tableRow, tableCell, tableColumnGroup, tableColumn, tableCaption

        /// A part of a table inside it: its rows, cells and their groups (set out by
        /// the table's grid).
        package var isTableInternal: Bool {
            switch self {
            case .tableRowGroup, .tableHeaderGroup, .tableFooterGroup, .tableRow, .tableCell, .tableColumnGroup, .tableColumn: true
            default: false
            }
        }

        /// A table or a part of one: its rows, cells, their groups, its caption.
        package var isTablePart: Bool { self == .table || self == .tableCaption || isTableInternal }
    }

    package enum Visibility: Hashable, Sendable {
        case visible, hidden, collapse
    }

    package enum WhiteSpace: Hashable, Sendable {
        case normal, pre, nowrap, preWrap, preLine, breakSpaces
    }

    package enum TextTransform: Hashable, Sendable {
        case none, uppercase, lowercase, capitalize
    }

    package enum TextAlign: Hashable, Sendable {
        case start, end, left, right, center, justify
    }

    /// One part of `content` on `::before` and `::after`.
    package enum ContentPart: Hashable, Sendable {
        case text(String)
        /// `attr(name)`: the element's attribute.
        case attribute(String)
        /// `counter(name, style)`: the innermost counter of the name; with a separator,
        /// `counters(name, separator, style)`: all of them, outermost first.
        case counter(String, separator: String?, style: String)
    }

    /// The margins and paddings of a box's top, bottom and left (the start of a line
    /// in the pages read), each in CSS px at 16 px to the em, at most 255 (more is
    /// no more a blank line, and too wide an indent to draw). Percentages and `auto`
    /// take none: a gap that grows with the window's width lays out a page (a
    /// column centred, room for a sidebar), it does not part or indent its blocks.
    package struct Spacing: Hashable, Sendable {
        package struct Sides: Hashable, Sendable {
            package var top: UInt8 = 0
            package var bottom: UInt8 = 0
            package var left: UInt8 = 0
        }

        package var margin = Sides()
        package var padding = Sides()

        /// The space above the box's content, below it, and before its lines.
        package var above: Int { Int(margin.top) + Int(padding.top) }
        package var below: Int { Int(margin.bottom) + Int(padding.bottom) }
        package var start: Int { Int(margin.left) + Int(padding.left) }
    }

    /// A counter that `counter-reset` starts or `counter-increment` steps, and the
    /// value it starts at or steps by.
    package struct CounterChange: Hashable, Sendable {
        package var name: String
        package var value: Int
    }

    // Not inherited.
    package var display: Display = .inline
    package var underline: Bool { get { flags.contains(.underline) } set { flags.set(.underline, newValue) } }
    package var lineThrough: Bool { get { flags.contains(.lineThrough) } set { flags.set(.lineThrough, newValue) } }
    /// `content` of a pseudo-element; `nil` for `normal` and `none` (nothing drawn).
    package var content: [ContentPart]? {
        get { rare?.fields.content }
        set { rareFields.content = newValue }
    }
    /// The sides of its box with a border drawn (a `border-style` other than `none`
    /// and `hidden`, a width other than 0), as bits: top 1, right 2, bottom 4, left 8.
    package var borderSides: UInt8 = 0

    /// Whether a border is drawn on any side.
    package var hasBorder: Bool { borderSides != 0 }
    /// `counter-reset` and `counter-increment`.
    package var counterResets: [CounterChange] {
        get { rare?.fields.counterResets ?? [] }
        set { rareFields.counterResets = newValue }
    }
    package var counterIncrements: [CounterChange] {
        get { rare?.fields.counterIncrements ?? [] }
        set { rareFields.counterIncrements = newValue }
    }
    /// Whether it resets or steps a counter (known without copying its rare fields).
    package var changesCounters: Bool {
        guard let rare else { return false }
        return !rare.fields.counterResets.isEmpty || !rare.fields.counterIncrements.isEmpty
    }
    /// Read for pseudo-elements only (`knowsForPseudoElements`): `overflow: hidden` or
    /// `clip`, and a `width` or a `height` of a pixel at most.
    package var clipsOverflow: Bool { get { flags.contains(.clipsOverflow) } set { flags.set(.clipsOverflow, newValue) } }
    package var hasTinyWidth: Bool { get { flags.contains(.hasTinyWidth) } set { flags.set(.hasTinyWidth, newValue) } }
    package var hasTinyHeight: Bool { get { flags.contains(.hasTinyHeight) } set { flags.set(.hasTinyHeight, newValue) } }
    /// The properties of one bit, in one byte (a style is copied at every element:
    /// smaller, it is copied in registers).
    private var flags: Flags = []

    private struct Flags: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let underline = Flags(rawValue: 1 << 0)
        static let lineThrough = Flags(rawValue: 1 << 1)
        static let clipsOverflow = Flags(rawValue: 1 << 2)
        static let hasTinyWidth = Flags(rawValue: 1 << 3)
        static let hasTinyHeight = Flags(rawValue: 1 << 4)
        static let bold = Flags(rawValue: 1 << 5)
        static let italic = Flags(rawValue: 1 << 6)

        mutating func set(_ flag: Flags, _ on: Bool) {
            if on { insert(flag) } else { remove(flag) }
        }
    }
    /// `background-color` (of `background` too); `nil` for transparent.
    package var backgroundColor: CSSColor? {
        get { CSSColor(packed: backgroundBits) }
        set { backgroundBits = newValue?.packed ?? 0 }
    }
    /// (Colours packed: a style is copied at every element, and an optional's tag
    /// would make it larger.)
    private var backgroundBits: UInt32 = 0
    /// `color`'s, inherited (beside the other colour: the style is 40 bytes).
    private var colorBits: UInt32 = 0
    /// `margin` and `padding` above, below and on the left, in CSS px (see `Spacing`).
    package var spacing = Spacing()

    // Inherited.
    package var visibility: Visibility = .visible
    package var whiteSpace: WhiteSpace = .normal
    package var textTransform: TextTransform = .none
    package var textAlign: TextAlign = .start
    package var bold: Bool { get { flags.contains(.bold) } set { flags.set(.bold, newValue) } }
    package var italic: Bool { get { flags.contains(.italic) } set { flags.set(.italic, newValue) } }
    /// `list-style-type`, as written (`disc`, `decimal`, `lower-roman`, `none`, a string's
    /// text in quotes).
    package var listStyleType = "disc"
    /// `color`; `nil` where no sheet sets it (the terminal's own colour).
    package var color: CSSColor? {
        get { CSSColor(packed: colorBits) }
        set { colorBits = newValue?.packed ?? 0 }
    }
    /// Custom properties (`--name`), inherited, their values as written.
    package var customProperties: [String: [CSSComponentValue]] {
        get { rare?.fields.customProperties ?? [:] }
        set { rareFields.customProperties = newValue }
    }

    /// The properties few elements have a value of their own for, in one box (`nil`
    /// for none): a style is copied at every element, and each of these copied apart
    /// would be a count taken and given back there.
    private var rare: RareBox?

    private struct RareFields: Hashable, Sendable {
        var content: [ContentPart]?
        var counterResets: [CounterChange] = []
        var counterIncrements: [CounterChange] = []
        var customProperties: [String: [CSSComponentValue]] = [:]
    }

    /// (Never changed: a change makes another.)
    private final class RareBox: Hashable, Sendable {
        let fields: RareFields

        init(_ fields: RareFields) { self.fields = fields }

        static func == (left: RareBox, right: RareBox) -> Bool { left === right || left.fields == right.fields }
        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }

    private var rareFields: RareFields {
        get { rare?.fields ?? RareFields() }
        set { rare = newValue == RareFields() ? nil : RareBox(newValue) }
    }

    package init() {}

    /// Whether it keeps an element off the screen: `display: none`, or not
    /// `visibility: visible` (its content hidden with it).
    package var hidesElement: Bool { display == .none || visibility != .visible }

    /// Whether its box is too small to show what it holds: a pseudo-element that
    /// holds words for the page's scripts (rustdoc's "Expand") is put there so.
    package var isClippedAway: Bool { clipsOverflow && (hasTinyWidth || hasTinyHeight) }

    /// The properties an element's children take from it.
    package func inherited() -> ComputedStyle {
        var child = ComputedStyle()
        child.visibility = visibility
        child.whiteSpace = whiteSpace
        child.textTransform = textTransform
        child.textAlign = textAlign
        child.bold = bold
        child.italic = italic
        child.listStyleType = listStyleType
        child.colorBits = colorBits
        child.customProperties = customProperties
        return child
    }

    /// The properties read, the colours' only where `colors`; others are parsed and
    /// ignored.
    package static func knows(_ name: String, colors: Bool = true) -> Bool {
        properties.contains(name) || colors && colorProperties.contains(name)
    }

    /// The properties read of a pseudo-element beside those of any element (an
    /// element's size is not drawn: reading it for every element would cost the
    /// cascade a declaration more of most rules).
    package static func knowsForPseudoElements(_ name: String) -> Bool {
        pseudoElementProperties.contains(name)
    }

    private static let pseudoElementProperties: Set<String> = ["overflow", "width", "height"]

    private static let properties = Set([
        "display", "visibility", "white-space", "text-transform", "text-align", "font-weight", "font-style", "font", "text-decoration",
        "text-decoration-line", "list-style-type", "list-style", "content", "counter-reset", "counter-increment",
    ]).union(borderProperties).union(spacingProperties)

    private static let colorProperties: Set<String> = ["color", "background-color", "background"]

    /// The names `knows` or `knowsForPseudoElements` may say yes to, as bytes, by
    /// their lengths, each with whether it is a colour's: told from a sheet's bytes
    /// without a string made (`StyleSheet.isReadProperty`).
    static let readNamesByLength: [[(name: [UInt8], isColor: Bool)]] = {
        let names = properties.union(pseudoElementProperties).map { ($0, false) } + colorProperties.map { ($0, true) }
        var byLength = [[(name: [UInt8], isColor: Bool)]](repeating: [], count: (names.map(\.0.utf8.count).max() ?? 0) + 1)
        for (name, isColor) in names { byLength[name.utf8.count].append((Array(name.utf8), isColor)) }
        return byLength
    }()

    /// The properties that set `spacing`: the physical sides, the flow-relative ones
    /// (a page is written top to bottom, left to right), and their shorthands.
    static let spacingProperties: Set<String> = [
        "margin", "margin-top", "margin-bottom", "margin-left", "margin-block", "margin-block-start", "margin-block-end", "margin-inline",
        "margin-inline-start",
        "padding", "padding-top", "padding-bottom", "padding-left", "padding-block", "padding-block-start", "padding-block-end", "padding-inline",
        "padding-inline-start",
    ]

    /// The properties that say whether a border is drawn (a table is boxed where one
    /// of its cells, or itself, has one).
    static let borderProperties: Set<String> = [
        "border", "border-top", "border-right", "border-bottom", "border-left", "border-style", "border-top-style", "border-right-style",
        "border-bottom-style", "border-left-style", "border-width",
    ]

    /// Line styles that draw a border.
    private static let lineStyles: Set<String> = ["solid", "dotted", "dashed", "double", "groove", "ridge", "inset", "outset"]

    /// Whether a border's value (a shorthand's, or a style's) draws it: a line style,
    /// and no width of 0; `nil` for a value that is not one.
    private static func drawsBorder(_ values: [CSSComponentValue]) -> Bool? {
        var style = false
        for value in values {
            switch value {
            case .token(.ident(let name)):
                let keyword = name.asciiLowercased
                if lineStyles.contains(keyword) { style = true } else if keyword == "none" || keyword == "hidden" { return false }
            case .token(.number(let width, _)), .token(.dimension(let width, _, _)):
                if width == 0 { return false }
            default:
                continue
            }
        }
        return style
    }

    /// The style with `declaration` applied (its `var()`s already substituted);
    /// `nil` when the value is not one the property takes (the declaration is then
    /// ignored, as CSS ignores an invalid one).
    package func applying(_ declaration: CSSParser.Declaration, parent: ComputedStyle) -> ComputedStyle? {
        var style = self
        return style.apply(declaration, parent: parent) ? style : nil
    }

    /// Applies `declaration` in place, as `applying` does (the style is not copied);
    /// gives whether the value was one the property takes (else nothing changed).
    package mutating func apply(_ declaration: CSSParser.Declaration, parent: ComputedStyle) -> Bool {
        let values = declaration.value.withoutWhitespace
        let keywords = values.compactMap(\.keyword)
        // `inherit`, `initial`, `unset` (and `revert`, taken as `unset`).
        if values.count == 1, let keyword = keywords.first, ["inherit", "initial", "unset", "revert", "revert-layer"].contains(keyword) {
            let inheritedProperty = ![
                "display", "text-decoration", "text-decoration-line", "content", "overflow", "width", "height", "counter-reset", "counter-increment",
                "background-color", "background",
            ].contains(declaration.name)
                && !Self.borderProperties.contains(declaration.name) && !Self.spacingProperties.contains(declaration.name)
            let source = keyword == "inherit" || (keyword != "initial" && inheritedProperty) ? parent : ComputedStyle()
            copy(declaration.name, from: source)
            return true
        }
        let single = values.count == 1 ? keywords.first : nil
        switch declaration.name {
        case "display":
            guard !keywords.isEmpty, keywords.count == values.count, let display = Self.display(keywords) else { return false }
            self.display = display
        case "visibility":
            switch single {
            case "visible": self.visibility = .visible
            case "hidden": self.visibility = .hidden
            case "collapse": self.visibility = .collapse
            default: return false
            }
        case "white-space":
            switch single {
            case "normal": self.whiteSpace = .normal
            case "pre": self.whiteSpace = .pre
            case "nowrap": self.whiteSpace = .nowrap
            case "pre-wrap": self.whiteSpace = .preWrap
            case "pre-line": self.whiteSpace = .preLine
            case "break-spaces": self.whiteSpace = .breakSpaces
            default: return false
            }
        case "text-transform":
            switch single {
            case "none": self.textTransform = .none
            case "uppercase": self.textTransform = .uppercase
            case "lowercase": self.textTransform = .lowercase
            case "capitalize": self.textTransform = .capitalize
            default: return false
            }
        case "text-align":
            switch single {
            case "start": self.textAlign = .start
            case "end": self.textAlign = .end
            case "left", "-webkit-left", "-moz-left": self.textAlign = .left
            case "right", "-webkit-right", "-moz-right": self.textAlign = .right
            case "center", "-webkit-center", "-moz-center": self.textAlign = .center
            case "justify": self.textAlign = .justify
            default: return false
            }
        case "font-weight":
            guard values.count == 1, let bold = Self.isBold(values[0], parent: parent.bold) else { return false }
            self.bold = bold
        case "font-style":
            switch single {
            case "normal": self.italic = false
            case "italic", "oblique": self.italic = true
            default: return false
            }
        case "font":
            // The shorthand: its weight and style where it names them; normal otherwise.
            guard !values.isEmpty else { return false }
            self.bold = values.contains { Self.isBold($0, parent: parent.bold) == true && $0.keyword != "normal" }
            self.italic = keywords.contains("italic") || keywords.contains("oblique")
        case "text-decoration", "text-decoration-line":
            guard !values.isEmpty else { return false }
            self.underline = keywords.contains("underline")
            self.lineThrough = keywords.contains("line-through")
        case "list-style-type":
            guard values.count == 1 else { return false }
            switch values[0] {
            case .token(.ident(let name)): self.listStyleType = name.asciiLowercased
            case .token(.string(let text)): self.listStyleType = "\"" + text + "\""
            default: return false
            }
        case "list-style":
            // The shorthand's type: `none`, a keyword, or a string; the position and
            // image are not drawn.
            let positions: Set<String> = ["inside", "outside"]
            if let name = keywords.first(where: { !positions.contains($0) }) {
                self.listStyleType = name
            } else if case .token(.string(let text))? = values.first(where: { if case .token(.string) = $0 { true } else { false } }) {
                self.listStyleType = "\"" + text + "\""
            } else {
                self.listStyleType = "disc"
            }
        case "content":
            guard let content = Self.content(values) else { return false }
            self.content = content.isEmpty ? nil : content
        case "border", "border-top", "border-right", "border-bottom", "border-left":
            guard !values.isEmpty, let draws = Self.drawsBorder(values) else { return false }
            setBorders(Self.sides(of: declaration.name), draws)
        case "border-top-style", "border-right-style", "border-bottom-style", "border-left-style":
            guard values.count == 1, let draws = Self.drawsBorder(values) else { return false }
            setBorders(Self.sides(of: String(declaration.name.dropLast(6))), draws)
        case "border-style":
            // One to four styles: top, right, bottom, left; a side not given as its
            // opposite.
            guard (1...4).contains(values.count), keywords.count == values.count else { return false }
            let draws = keywords.map { Self.lineStyles.contains($0) }
            let top = draws[0]
            let right = draws.count > 1 ? draws[1] : top
            let bottom = draws.count > 2 ? draws[2] : top
            let left = draws.count > 3 ? draws[3] : right
            borderSides = (top ? 1 : 0) | (right ? 2 : 0) | (bottom ? 4 : 0) | (left ? 8 : 0)
        case "border-width":
            // A width of 0 on every side takes the borders away; others leave them.
            guard !values.isEmpty else { return false }
            if values.allSatisfy(Self.isZeroLength) { borderSides = 0 }
        case "counter-reset", "counter-increment":
            guard let changes = Self.counterChanges(values, defaultValue: declaration.name == "counter-reset" ? 0 : 1) else { return false }
            if declaration.name == "counter-reset" { counterResets = changes } else { counterIncrements = changes }
        case "overflow":
            guard !keywords.isEmpty, keywords.count == values.count, keywords.count <= 2 else { return false }
            self.clipsOverflow = keywords.contains { $0 == "hidden" || $0 == "clip" }
        case "width", "height":
            guard values.count == 1, let tiny = Self.isTiny(values[0]) else { return false }
            if declaration.name == "width" { self.hasTinyWidth = tiny } else { self.hasTinyHeight = tiny }
        case let name where Self.spacingProperties.contains(name):
            return applySpacing(name, values)
        case "color":
            // (`currentcolor` here is the parent's.)
            if CSSColor.isCurrentColor(values) {
                color = parent.color
            } else {
                guard let color = CSSColor(values) else { return false }
                self.color = color
            }
        case "background-color":
            guard let color = CSSColor.isCurrentColor(values) ? self.color ?? .transparent : CSSColor(values) else { return false }
            backgroundColor = color.alpha == 0 ? nil : color
        case "background":
            // The colour among the last layer's parts (images, positions, sizes left
            // out); none there: transparent.
            guard !values.isEmpty else { return false }
            let lastLayer = values.split(separator: .token(.comma), omittingEmptySubsequences: false).last ?? []
            let colors = lastLayer.compactMap { value in CSSColor.isCurrentColor([value]) ? self.color ?? .transparent : CSSColor([value]) }
            guard colors.count <= 1 else { return false }
            backgroundColor = colors.first.flatMap { $0.alpha == 0 ? nil : $0 }
        default:
            return false
        }
        return true
    }

    /// Sets property `name` as `source` has it (for `inherit`, `initial`, `unset`).
    private mutating func copy(_ name: String, from source: ComputedStyle) {
        switch name {
        case "display": display = source.display
        case "visibility": visibility = source.visibility
        case "white-space": whiteSpace = source.whiteSpace
        case "text-transform": textTransform = source.textTransform
        case "text-align": textAlign = source.textAlign
        case "font-weight": bold = source.bold
        case "font-style": italic = source.italic
        case "font":
            bold = source.bold
            italic = source.italic
        case "text-decoration", "text-decoration-line":
            underline = source.underline
            lineThrough = source.lineThrough
        case "list-style-type", "list-style": listStyleType = source.listStyleType
        case "content": content = source.content
        case "border", "border-style", "border-width": borderSides = source.borderSides
        case "border-top", "border-right", "border-bottom", "border-left":
            let sides = Self.sides(of: name)
            borderSides = borderSides & ~sides | source.borderSides & sides
        case "border-top-style", "border-right-style", "border-bottom-style", "border-left-style":
            let sides = Self.sides(of: String(name.dropLast(6)))
            borderSides = borderSides & ~sides | source.borderSides & sides
        case "counter-reset": counterResets = source.counterResets
        case "counter-increment": counterIncrements = source.counterIncrements
        case "overflow": clipsOverflow = source.clipsOverflow
        case "width": hasTinyWidth = source.hasTinyWidth
        case "height": hasTinyHeight = source.hasTinyHeight
        case "color": color = source.color
        case "background-color", "background": backgroundColor = source.backgroundColor
        case let name where Self.spacingProperties.contains(name):
            let sides = name.hasPrefix("margin") ? \Spacing.margin : \Spacing.padding
            let (top, bottom, left) = Self.sidesSet(by: name)
            if top { spacing[keyPath: sides].top = source.spacing[keyPath: sides].top }
            if bottom { spacing[keyPath: sides].bottom = source.spacing[keyPath: sides].bottom }
            if left { spacing[keyPath: sides].left = source.spacing[keyPath: sides].left }
        default: break
        }
    }

    /// Which of the top, the bottom and the left a spacing property sets.
    private static func sidesSet(by name: String) -> (top: Bool, bottom: Bool, left: Bool) {
        if name.hasSuffix("-top") || name.hasSuffix("-block-start") { return (true, false, false) }
        if name.hasSuffix("-bottom") || name.hasSuffix("-block-end") { return (false, true, false) }
        if name.hasSuffix("-block") { return (true, true, false) }
        if name.hasSuffix("-left") || name.hasSuffix("-inline-start") || name.hasSuffix("-inline") { return (false, false, true) }
        return (true, true, true)
    }

    /// Whether margin or padding `declaration` may part or indent blocks: a length,
    /// a keyword of the cascade's or a `var()`. One of none (0, `auto`, a
    /// percentage) is not read, though it would take away what another rule gives
    /// (`li:first-child > :first-child { margin-top: 0 }`): blank lines collapse
    /// where blocks meet, most often with the one such a rule takes away; and such
    /// rules read siblings, which makes every element's style a question of its
    /// place (read, they cost a styled parse of a Sphinx page a third more).
    /// Where the subjects are spaced above and below by their tags anyway (not
    /// `vertically`), only the left is read.
    package static func mayPartBlocks(_ declaration: CSSParser.Declaration, vertically: Bool = true) -> Bool {
        var style = ComputedStyle()
        guard style.applySpacing(declaration.name, declaration.value.withoutWhitespace) else { return vertically || sidesSet(by: declaration.name).left }
        let spacing = style.spacing
        return spacing.start > 0 || vertically && spacing != Spacing()
    }

    /// The space (CSS px, margin and padding) that parts a block from what is above
    /// or below it by a blank line: three quarters of an em, most of a line's gap
    /// in a browser (a smaller one reads as lines that follow on).
    package static let partingSpacing = 12

    /// Applies a margin or padding property of `values` (its top, bottom and left;
    /// the right is not drawn); `false` for values it does not take.
    private mutating func applySpacing(_ name: String, _ values: [CSSComponentValue]) -> Bool {
        let isMargin = name.hasPrefix("margin")
        var pixels: [UInt8] = []
        for value in values {
            guard let length = Self.pixels(value, allowsAuto: isMargin) else { return false }
            pixels.append(length)
        }
        var set = Spacing.Sides()
        switch name {
        case "margin", "padding":
            // One to four values: top, right, bottom, left; a bottom not given is the
            // top, a left the right.
            guard (1...4).contains(pixels.count) else { return false }
            set.top = pixels[0]
            set.bottom = pixels.count > 2 ? pixels[2] : pixels[0]
            set.left = pixels.count > 3 ? pixels[3] : pixels[pixels.count > 1 ? 1 : 0]
        case "margin-block", "padding-block", "margin-inline", "padding-inline":
            // Start and end (the inline end, the right, not drawn).
            guard (1...2).contains(pixels.count) else { return false }
            set.top = pixels[0]
            set.bottom = pixels.count > 1 ? pixels[1] : pixels[0]
            set.left = pixels[0]
        default:
            guard pixels.count == 1 else { return false }
            set = Spacing.Sides(top: pixels[0], bottom: pixels[0], left: pixels[0])
        }
        let sides = isMargin ? \Spacing.margin : \Spacing.padding
        let (top, bottom, left) = Self.sidesSet(by: name)
        if top { spacing[keyPath: sides].top = set.top }
        if bottom { spacing[keyPath: sides].bottom = set.bottom }
        if left { spacing[keyPath: sides].left = set.left }
        return true
    }

    /// CSS px per unit of the absolute lengths and of those relative to a font (taken
    /// at 16 px, a browser's default: the sizes of fonts are not followed).
    private static let pixelsPerUnit: [String: Double] = [
        "px": 1, "em": 16, "rem": 16, "ex": 8, "rex": 8, "ch": 8, "rch": 8, "ic": 16, "ric": 16, "lh": 19.2, "rlh": 19.2, "cap": 11.2, "rcap": 11.2,
        "pt": 4.0 / 3, "pc": 16, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6,
    ]

    /// A margin's or a padding's length in CSS px, 0 to 255 (negative ones take no
    /// space); percentages, lengths relative to the window, and `auto` where
    /// `allowsAuto`: 0; `nil` for a value that is not one.
    private static func pixels(_ value: CSSComponentValue, allowsAuto: Bool) -> UInt8? {
        let length: Double
        switch value {
        case .token(.number(let number, _)):
            // (A number is a length only as 0.)
            guard number == 0 else { return nil }
            length = 0
        case .token(.dimension(let number, _, let unit)):
            let unit = unit.asciiLowercased
            if let scale = pixelsPerUnit[unit] {
                length = number * scale
            } else if ["vw", "vh", "vi", "vb", "vmin", "vmax", "svw", "svh", "lvw", "lvh", "dvw", "dvh"].contains(unit) {
                length = 0
            } else {
                return nil
            }
        case .token(.percentage):
            length = 0
        case .token(.ident(let name)) where allowsAuto && name.asciiLowercased == "auto":
            length = 0
        default:
            return nil
        }
        guard length.isFinite else { return nil }
        return UInt8(min(255, max(0, length.rounded())))
    }

    /// `display`'s one or two keywords.
    private static func display(_ keywords: [String]) -> Display? {
        if keywords.count == 1 {
            switch keywords[0] {
            case "none": return Display.none
            case "contents": return .contents
            case "block", "flow-root", "flex", "grid", "flow", "-webkit-box", "-ms-flexbox", "-webkit-flex": return .block
            case "inline", "ruby", "ruby-text", "ruby-base": return .inline
            case "inline-block", "inline-flex", "inline-grid", "-webkit-inline-box", "-ms-inline-flexbox": return .inlineBlock
            case "list-item": return .listItem
            case "table", "inline-table": return .table
            case "table-row-group": return .tableRowGroup
            case "table-header-group": return .tableHeaderGroup
            case "table-footer-group": return .tableFooterGroup
            case "table-row": return .tableRow
            case "table-cell": return .tableCell
            case "table-column-group": return .tableColumnGroup
            case "table-column": return .tableColumn
            case "table-caption": return .tableCaption
            default: return nil
            }
        }
        // Two or three keywords: outside, inside, `list-item`.
        let outside: Set<String> = ["block", "inline", "run-in"]
        let inside: Set<String> = ["flow", "flow-root", "table", "flex", "grid", "ruby"]
        guard keywords.count <= 3, keywords.allSatisfy({ outside.contains($0) || inside.contains($0) || $0 == "list-item" }),
            Set(keywords).count == keywords.count
        else { return nil }
        if keywords.contains("list-item") { return .listItem }
        if keywords.contains("table") { return .table }
        let isInline = keywords.contains("inline")
        if isInline { return keywords.contains { inside.contains($0) && $0 != "flow" } ? .inlineBlock : .inline }
        return .block
    }

    /// Whether a value is a length of 0 (`0`, `0px`).
    private static func isZeroLength(_ value: CSSComponentValue) -> Bool {
        switch value {
        case .token(.number(let number, _)), .token(.dimension(let number, _, _)): number == 0
        default: false
        }
    }

    /// The sides a border property sets, as `borderSides` bits.
    private static func sides(of property: String) -> UInt8 {
        switch property {
        case "border-top": 1
        case "border-right": 2
        case "border-bottom": 4
        case "border-left": 8
        default: 15
        }
    }

    private mutating func setBorders(_ sides: UInt8, _ draws: Bool) {
        borderSides = draws ? borderSides | sides : borderSides & ~sides
    }

    /// `counter-reset` or `counter-increment`: names, each with a number or
    /// `defaultValue`; `[]` for `none`; `nil` for a value that is not one.
    private static func counterChanges(_ values: [CSSComponentValue], defaultValue: Int) -> [CounterChange]? {
        if values.count == 1, values[0].keyword == "none" { return [] }
        var changes: [CounterChange] = []
        for value in values {
            switch value {
            case .token(.ident(let name)):
                guard !["none", "initial", "inherit", "unset", "default"].contains(name.asciiLowercased) else { return nil }
                changes.append(CounterChange(name: name, value: defaultValue))
            case .token(.number(let number, true)):
                guard !changes.isEmpty, let last = changes.last, last.value == defaultValue, abs(number) < 1e9 else { return nil }
                changes[changes.count - 1].value = Int(number)
            default:
                return nil
            }
        }
        return changes.isEmpty ? nil : changes
    }

    /// Whether a length is a pixel at most (`0`, `1px`, `0em`), `nil` for a value that
    /// is not a length (`auto` and percentages are not tiny).
    private static func isTiny(_ value: CSSComponentValue) -> Bool? {
        switch value {
        case .token(.number(let number, _)): return number == 0 ? true : nil
        case .token(.dimension(let number, _, let unit)): return number == 0 || (unit.asciiLowercased == "px" && abs(number) <= 1)
        case .token(.percentage), .token(.ident), .function: return false
        default: return nil
        }
    }

    /// Whether a `font-weight` value is bold (600 and up), `nil` for one it does not take.
    private static func isBold(_ value: CSSComponentValue, parent: Bool) -> Bool? {
        switch value {
        case .token(.ident(let name)):
            switch name.asciiLowercased {
            case "normal", "lighter": return false
            case "bold": return true
            case "bolder": return true
            default: return nil
            }
        case .token(.number(let weight, _)):
            guard (1...1000).contains(weight) else { return nil }
            return weight >= 600
        default:
            return nil
        }
    }

    /// `content`: strings, `attr()`, counters and quotes; `[]` for `normal` and `none`.
    private static func content(_ values: [CSSComponentValue]) -> [ContentPart]? {
        if values.count == 1, let keyword = values[0].keyword, keyword == "normal" || keyword == "none" { return [] }
        var parts: [ContentPart] = []
        for value in values {
            switch value {
            case .token(.string(let text)): parts.append(.text(text))
            case .function(let name, let arguments) where name.asciiLowercased == "attr":
                guard case .token(.ident(let attribute))? = arguments.trimmed.first else { return nil }
                parts.append(.attribute(attribute.asciiLowercased))
            case .function(let name, let arguments) where ["counter", "counters"].contains(name.asciiLowercased):
                // `counter(name[, style])`, `counters(name, separator[, style])`.
                let pieces = arguments.split(separator: .token(.comma), omittingEmptySubsequences: false).map { Array(Array($0).trimmed) }
                let isNested = name.asciiLowercased == "counters"
                guard pieces.count == (isNested ? 2 : 1) || pieces.count == (isNested ? 3 : 2), pieces.allSatisfy({ $0.count == 1 }),
                    case .token(.ident(let counter)) = pieces[0][0]
                else { return nil }
                var separator: String?
                if isNested {
                    guard case .token(.string(let text)) = pieces[1][0] else { return nil }
                    separator = text
                }
                let style = pieces.count > (isNested ? 2 : 1) ? pieces[pieces.count - 1][0].keyword ?? "decimal" : "decimal"
                parts.append(.counter(counter, separator: separator, style: style))
            // Quotes at the first level of nesting; images are not drawn, their place
            // stays empty.
            case .token(.ident(let name)) where name.asciiLowercased == "open-quote": parts.append(.text("\u{201C}"))
            case .token(.ident(let name)) where name.asciiLowercased == "close-quote": parts.append(.text("\u{201D}"))
            case .function, .token(.ident): continue
            default: return nil
            }
        }
        return parts
    }
}
