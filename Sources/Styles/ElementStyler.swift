/// Styles elements as a parse meets their start tags, in document order: it keeps
/// the open elements (their names, ids, classes and the attributes the sheets ask
/// about, and their computed styles) and the children each has had so far, which is
/// all that selectors can see of the tree at a start tag.
///
/// What only the rest of the page could tell (`:last-child`, `:nth-last-child()`,
/// `:only-child`, `:last-of-type`, `:empty`) is not known when an element starts:
/// such selectors see no following sibling and no child, as a styler that reads the
/// page once must.
package final class ElementStyler {
    /// What selectors read of an element.
    struct Element {
        var name: String
        var id: String? = nil
        var classes: [String]
        var attributes: [(name: String, value: String)]
        var isLink: Bool
        var styleAttribute: String? = nil
    }

    /// An open element (or the document, first) and the children it has had so far:
    /// how many, how many of each name, and the last few themselves (a body of a
    /// million paragraphs keeps 32).
    struct Level {
        var style: ComputedStyle
        var recent: [Element] = []
        var count = 0
        var countsByName: [String: Int] = [:]

        /// Child `index` (from 0), if it is among the last kept.
        func child(_ index: Int) -> Element? {
            let offset = index - (count - recent.count)
            return recent.indices.contains(offset) ? recent[offset] : nil
        }

        mutating func append(_ element: Element) {
            if recent.count == ElementStyler.keptSiblings { recent.removeFirst() }
            recent.append(element)
            count += 1
            countsByName[element.name, default: 0] += 1
        }
    }

    /// The earlier siblings kept for `+`, `~` and `:nth-child(... of S)`.
    static let keptSiblings = 32

    private let cascade: Cascade
    private(set) var levels: [Level] = [Level(style: ComputedStyle())]

    package init(cascade: Cascade) {
        self.cascade = cascade
    }

    /// How many elements are open.
    package var depth: Int { levels.count - 1 }

    /// The computed style of the innermost open element (the document's before any).
    package var currentStyle: ComputedStyle { levels[levels.count - 1].style }

    /// Opens an element with `name` (lower case) and `attributes` (names in lower
    /// case, as HTML parsers give them), and gives its computed style.
    package func start(name: String, attributes: [(name: String, value: String)]) -> ComputedStyle {
        var element = Element(name: name, id: nil, classes: [], attributes: [], isLink: false, styleAttribute: nil)
        for (attributeName, value) in attributes {
            switch attributeName {
            case "id": element.id = value
            case "class": element.classes = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).map(String.init)
            case "style": element.styleAttribute = value
            case "href": element.isLink = name == "a" || name == "area"
            default: break
            }
            element.attributes.append((attributeName, value))
        }
        levels[levels.count - 1].append(element)
        let subject = Node(styler: self, level: levels.count - 1, index: levels[levels.count - 1].count - 1)
        let style = cascade.style(of: subject, parent: levels.count > 1 ? currentStyle : nil)
        levels.append(Level(style: style))
        return style
    }

    /// Closes the innermost open element.
    package func end() {
        guard levels.count > 1 else { return }
        levels.removeLast()
    }

    /// An element the styler holds: child `index` of level `level`.
    struct Node: StyledElement {
        let styler: ElementStyler
        let level: Int
        let index: Int

        /// (Only elements kept are ever reached.)
        private var element: Element { styler.levels[level].child(index) ?? Element(name: "", classes: [], attributes: [], isLink: false) }

        var parentElement: Node? {
            guard level > 0 else { return nil }
            return Node(styler: styler, level: level - 1, index: styler.levels[level - 1].count - 1)
        }

        var previousSiblingElement: Node? {
            index > 0 && styler.levels[level].child(index - 1) != nil ? Node(styler: styler, level: level, index: index - 1) : nil
        }

        /// (The following siblings are still to come.)
        var nextSiblingElement: Node? { nil }
        var knowsFollowingSiblings: Bool { false }

        func position(ofType: Bool) -> Int? {
            guard ofType else { return index + 1 }
            // The last child so far (the subject, or an ancestor) is the last of its
            // name too: its level's count of the name. An earlier sibling walks.
            guard index == styler.levels[level].count - 1 else { return nil }
            return styler.levels[level].countsByName[element.name]
        }

        func hasLocalName(_ name: String) -> Bool { element.name == name }
        func hasSameLocalName(as other: Node) -> Bool { element.name == other.element.name }
        func hasID(_ id: String) -> Bool { element.id == id }
        func hasClass(_ name: String) -> Bool { element.classes.contains(name) }
        func attributeValue(_ name: String) -> String? { element.attributes.first { $0.name == name }?.value }
        var isLink: Bool { element.isLink }
        /// (Its children are still to come.)
        var isEmpty: Bool { false }
        var isRoot: Bool { level == 0 && index == 0 }
        var localName: String { element.name }
        var elementID: String? { element.id }
        var classNames: [String] { element.classes }
        var styleAttribute: String? { element.styleAttribute }
    }
}
