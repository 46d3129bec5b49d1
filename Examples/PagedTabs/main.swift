import ScrollCore

// Tabs under a shared header: a profile banner scrolls away, then a tab bar pins at
// the top over three lists side by side, one shown at a time. Each list keeps its own
// place; switching with the bar pinned brings a list back where it was left.

/// A list of `count` rows, each one point tall, with a header row of its own.
final class List: ScrollComponent {
    let name: String
    private(set) var count: Int
    /// Rows that arrived at the top since (a refresh), numbered from the newest.
    private(set) var arrived = 0
    init(_ name: String, count: Int) {
        self.name = name
        self.count = count
    }
    var contentExtent: Double { Double(count + 1) }
    var headerExtent: Double { 1 }
    func row(_ row: Int) -> String {
        if row == 0 { return "[\(name): \(count) rows]" }
        return row <= arrived ? "\(name) new \(row)" : "\(name) \(row - arrived)"
    }
    /// `rows` new rows at the top, above the rest.
    func refresh(adding rows: Int) {
        arrived += rows
        count += rows
    }
}

let viewport = 6.0
let container = ScrollContainer(viewportExtent: viewport)
let banner = List("banner", count: 9)
container.append(banner)
let lists = [List("posts", count: 40), List("replies", count: 25), List("likes", count: 3)]
// One point of tab bar over every tab; a tab shorter than the viewport is padded,
// so the bar can stay pinned whatever the tab.
let tabs = TabStack(tabs: lists, sharedHeaderExtent: 1, minimumExtent: viewport)
let tabsID = container.append(tabs)

/// The viewport as text: each visible component's rows, then the pinned headers over them.
@MainActor func screen() -> [String] {
    var rows = Array(repeating: "", count: Int(viewport))
    func text(_ id: ComponentID, _ row: Int) -> String {
        guard id == tabsID else { return banner.row(row) }
        if row == 0 { return lists.indices.map { $0 == tabs.selectedTab ? "<\(lists[$0].name)>" : " \(lists[$0].name) " }.joined(separator: "|") }
        return row - 1 < lists[tabs.selectedTab].count + 1 ? lists[tabs.selectedTab].row(row - 1) : ""
    }
    let layout = container.layout
    for placement in layout.placements {
        for y in 0..<Int(placement.visibleExtent) {
            rows[Int(placement.viewportOffset) + y] = text(placement.id, Int(placement.contentOffset) + y)
        }
    }
    for header in layout.headers {
        for y in 0..<Int(header.visibleExtent) {
            rows[Int(header.viewportOffset) + y] = text(header.id, Int(header.contentOffset) + y)
        }
    }
    return rows
}

@MainActor func show(_ title: String, _ events: [ScrollEvent] = []) {
    let selected = events.compactMap { event -> String? in
        guard case .tabSelected(_, let tab) = event else { return nil }
        return "tabSelected(\(tab))"
    }
    print("== \(title) (offset \(Int(container.scrollOffset)))" + (selected.isEmpty ? "" : " " + selected.joined()))
    for row in screen() { print(row) }
}

show("the banner, the tabs below it")
container.scroll(by: 25)
show("scrolled into posts: the bar and the list header pinned")
show("replies: from its top, the bar still pinned", container.selectTab(1, of: tabsID))
container.scroll(by: 8)
show("replies scrolled")
show("likes: three rows, padded, the bar still pinned", container.selectTab(2, of: tabsID))
show("posts again, where it was left", container.selectTab(0, of: tabsID))
show("replies again, where it was left", container.selectTab(1, of: tabsID))
// A refresh brings 5 rows in at the top of the list read: the rows on screen stay
// where they are (the container's anchor takes the rows inserted above it).
lists[1].refresh(adding: 5)
show("replies refreshed above: the same rows", container.componentExtentDidChange(tabsID, rowsInsertedAboveAnchor: 5))
container.scroll(to: 7)
show("the banner in view: the stack stays, each list from its top", container.selectTab(0, of: tabsID))
