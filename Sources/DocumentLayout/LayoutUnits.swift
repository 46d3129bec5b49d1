import HTMLParsing

/// A page cut into its top-level blocks, the units of layout: each unit is laid out
/// on its own at a width, from nothing but its nodes, the number of links before it
/// and how the unit before it ended (see `PageLayout`).
///
/// A unit is a block-level element (a paragraph, list, table, `pre`...), or a run of
/// inline content between blocks. Containers that add nothing of their own to a line
/// (`body`, `div`, `section`, `article`...) are not units: their children are, so
/// a page wrapped in one `<div>` still comes in many units.
struct LayoutUnits: Sendable {
    /// Sibling nodes laid out together, `first` through `last`.
    struct Unit: Sendable {
        var first: HTMLDocument.NodeIndex
        var last: HTMLDocument.NodeIndex
        /// Ids of the containers opened just before the unit: they name its first line.
        var anchors: [String] = []
        /// Whether a container entered or left just before the unit asked for a blank
        /// line there (`HTMLDocument.Node.followsSpace`): the unit's layout, which does
        /// not walk its containers, asks for it.
        var followsSpace = false
        /// The columns the containers around it indent it by, together: its layout
        /// opens only the innermost (`ElementLook.indent`).
        var indent = 0
    }

    private(set) var units: [Unit] = []
    /// Ids of containers with no unit after them: they name the line that comes next
    /// (the References heading), if any.
    private(set) var trailingAnchors: [String] = []
    /// Whether a container with no unit after it asked for a blank line after it.
    private(set) var endsWithSpace = false

    /// Cuts `document` into units, in document order.
    /// - Complexity: O(n) in the nodes visited; stops at the units (it does not go into
    ///   a paragraph or a table).
    init(_ document: HTMLDocument) {
        var run: Unit?
        var pendingAnchors: [String] = []
        var spacePending = false
        func closeRun() {
            guard let unit = run else { return }
            units.append(unit)
            run = nil
        }
        // The next child to visit in each open container, and the columns the
        // containers indent it by.
        var cursors = [document[document.root].firstChild]
        var indents = [0]
        while let node = cursors.last {
            guard node != HTMLDocument.none else {
                closeRun()
                cursors.removeLast()
                indents.removeLast()
                continue
            }
            cursors[cursors.count - 1] = document[node].nextSibling
            let element = document[node].kind == .element
            if var unit = run, !(element && Self.isBlockLevel(document[node].tag) && !document.isHidden(node)) {
                // Inline content, and hidden elements (layout skips them without ending
                // the line), continue the run.
                unit.last = node
                run = unit
                continue
            }
            closeRun()
            if element {
                if document.isHidden(node) { continue }
                let tag = document[node].tag
                if Self.isTransparent(tag) {
                    if let id = document.attribute("id", of: node), !id.isEmpty { pendingAnchors.append(id) }
                    if document[node].followsSpace { spacePending = true }
                    cursors.append(document[node].firstChild)
                    indents.append(indents[indents.count - 1] + Int(document.look(of: document[node])?.indent ?? 0))
                    continue
                }
                if Self.isBlockLevel(tag) {
                    units.append(Unit(first: node, last: node, anchors: pendingAnchors, followsSpace: spacePending, indent: indents[indents.count - 1]))
                    pendingAnchors.removeAll()
                    spacePending = false
                    continue
                }
            } else if document.utf8Text(of: node).allSatisfy(InlineRuns.isCollapsible) {
                // White space before any inline content collapses away.
                continue
            }
            run = Unit(first: node, last: node, anchors: pendingAnchors, followsSpace: spacePending, indent: indents[indents.count - 1])
            pendingAnchors.removeAll()
            spacePending = false
        }
        trailingAnchors = pendingAnchors
        endsWithSpace = spacePending
    }

    /// The whole page as one unit: what layout would do without units (for checking
    /// that units change nothing).
    init(wholePage document: HTMLDocument) {
        let root = document[document.root]
        var last = root.firstChild
        while last != HTMLDocument.none, document[last].nextSibling != HTMLDocument.none { last = document[last].nextSibling }
        if last != HTMLDocument.none { units = [Unit(first: root.firstChild, last: last)] }
    }

    /// These units with each run of consecutive units that are children of the same
    /// element joined into one, for a layout done whole at once (a page written out
    /// in fragments): fewer units to start and end. The lines are the same: the walk
    /// collapses the margins between them as the join does between units (as it does
    /// for the whole page walked as one unit), and records the ids of what it walks.
    /// `keepingFirst`: the first unit stays on its own (it goes on from a carry:
    /// `DocumentLayoutEngine.resumed`).
    func joiningSiblings(of document: HTMLDocument, keepingFirst: Bool = false) -> LayoutUnits {
        var joined = LayoutUnits()
        joined.trailingAnchors = trailingAnchors
        joined.endsWithSpace = endsWithSpace
        for (index, unit) in units.enumerated() {
            if let last = joined.units.last, document[last.first].parent == document[unit.first].parent, !(keepingFirst && index == 1) {
                joined.units[joined.units.count - 1].last = unit.last
            } else {
                joined.units.append(unit)
            }
        }
        return joined
    }

    private init() {}

    /// The tags of `isTransparent` and `isBlockLevel`: where a page being parsed may
    /// be cut into fragments (`HTMLParser.Cutting`) without cutting a unit.
    static let transparentTags = Set(HTMLTag.allCases.filter(isTransparent))
    static let blockLevelTags = Set(HTMLTag.allCases.filter(isBlockLevel))

    /// Blocks a chunk of a page may start or end inside (`PageIndex`): unordered lists,
    /// their items, definition lists and quotes, whose layout goes on from a saved
    /// state (`DocumentLayoutEngine.Carry`). Ordered lists are not among them (their
    /// markers are as wide as the widest number of the whole list), nor tables (their
    /// columns are planned over all rows), nor preformatted text.
    static let splittableTags: Set<HTMLTag> = [.ul, .menu, .dir, .li, .dl, .dt, .dd, .blockquote]

    /// Containers whose children are units of their own: blocks without margins,
    /// prefixes or styles, so cutting between their children changes no line.
    static func isTransparent(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .html, .body, .div, .section, .article, .main, .nav, .header, .footer, .aside, .center, .form,
            .noscript, .hgroup:
            true
        default: false
        }
    }

    /// Elements that end the line before them (and after them): a run of inline
    /// content stops at one.
    static func isBlockLevel(_ tag: HTMLTag) -> Bool {
        switch ElementRole(tag) {
        case .block, .list, .listItem, .horizontalRule: true
        default: false
        }
    }
}
