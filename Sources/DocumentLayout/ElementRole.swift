import HTMLParsing
import RenderCore

/// How layout treats an element: its CSS `display` in effect, plus the special cases.
enum ElementRole {
    /// A block with blank lines around it (`p`, headings, `pre`, lists at the top).
    case block(margin: Bool)
    case listItem
    case list(ordered: Bool)
    case lineBreak
    case horizontalRule
    case image
    case tableCell(header: Bool)
    /// Shown as inert text instead of its content (form fields, embedded media).
    case replaced
    /// An inline element whose content is framed by marks: `[ ` and ` ]` around a
    /// button, `^` before a superscript. (Static strings: a role is a plain value,
    /// made and dropped for every element entered and left.)
    case marked(open: StaticString, close: StaticString)
    /// An inline element: its content continues the current line, styled.
    case inline(Style)
    /// An inline element that changes nothing of how its content shows (`span`, and
    /// elements layout does not know): most elements of many pages, entered and left
    /// with no style to push.
    case unstyled

    /// Each tag's role, by `HTMLTag.ordinal`: layout asks for the role of every
    /// element it enters and leaves (from its own copy of this table: a global is
    /// checked for initialisation at each use).
    static let byTag: [ElementRole] = HTMLTag.allCases.map(ElementRole.init(deciding:))

    init(_ tag: HTMLTag) {
        self = Self.byTag[tag.ordinal]
    }

    private init(deciding tag: HTMLTag) {
        switch tag {
        case .input, .select, .iframe, .video, .audio, .object, .embed, .svg:
            self = .replaced
        case .button: self = .marked(open: "[ ", close: " ]")
        case .textarea: self = .marked(open: "[", close: "]")
        case .sup: self = .marked(open: "^", close: "")
        case .sub: self = .marked(open: "_", close: "")
        case .q: self = .marked(open: "“", close: "”")
        case .p, .pre, .listing, .xmp, .plaintext, .blockquote, .dl, .figure, .table, .fieldset, .details:
            self = .block(margin: true)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            self = .block(margin: true)
        case .html, .body, .div, .section, .article, .main, .nav, .header, .footer, .aside, .address,
            .center, .dialog, .form, .hgroup, .legend, .figcaption, .summary, .caption, .dt, .dd,
            .thead, .tbody, .tfoot, .tr, .noscript:
            self = .block(margin: false)
        case .ul, .menu, .dir: self = .list(ordered: false)
        case .ol: self = .list(ordered: true)
        case .li: self = .listItem
        case .br: self = .lineBreak
        case .hr: self = .horizontalRule
        case .img: self = .image
        case .td: self = .tableCell(header: false)
        case .th: self = .tableCell(header: true)
        case .b, .strong: self = .inline(Style(.bold))
        case .i, .em, .cite, .var, .dfn: self = .inline(Style(.italic))
        case .u, .ins: self = .inline(Style(.underline))
        case .s, .strike, .del: self = .inline(Style(.strikethrough))
        case .mark: self = .inline(Style(.reverse))
        case .small: self = .inline(Style(.dim))
        case .code, .kbd, .samp, .tt: self = .inline(Style(foreground: .cyan))
        case .a: self = .inline(Style(.underline, foreground: .blue))
        default: self = .unstyled
        }
    }
}
