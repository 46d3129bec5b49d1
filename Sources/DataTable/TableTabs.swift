import ComponentKit
import RenderCore
import ScrollCore

/// Tables shown as tabs: one tabbed component (`TabbedComponent`) whose tabs are
/// tables, one shown at a time under a tab bar pinned with its column header.
///
/// Each table draws the bar as its first row (`TableComponent.tabBar`), so a row of
/// the tabs is a row of the table shown: the view's reading of table rows (records,
/// the row cursor, sideways scrolling) works on it as on any table. A page shorter
/// than `minimumExtent` (the viewport's height) is padded with blank rows, so that a
/// switch with the header pinned keeps it pinned.
package final class TableTabs: TabbedComponent, StackComponent, ReportsFigures {
    /// The tables, in tab order.
    package let tables: [TableComponent]
    /// Each tab's name.
    package let names: [String]
    package private(set) var selectedTab = 0
    /// The least extent shown, in rows.
    package var minimumExtent: Double

    /// Tabs of `tables`, named `names`; the first is shown.
    package init(tables: [TableComponent], names: [String], minimumExtent: Double) {
        precondition(!tables.isEmpty && tables.count == names.count, "a tab a table")
        self.tables = tables
        self.names = names
        self.minimumExtent = minimumExtent
        for (index, table) in tables.enumerated() { table.tabBar = TabBar(names: names, selected: index) }
    }

    /// The table shown.
    package var shown: TableComponent { tables[selectedTab] }

    package var tabCount: Int { tables.count }

    /// Shows tab `tab`; the table left lets go of its row views.
    package func showTab(_ tab: Int) {
        shown.keepRowViews(for: 0..<0)
        selectedTab = min(max(0, tab), tables.count - 1)
        // (Every row shows another table now.)
        shown.noteChange(from: 0)
    }

    package var contentExtent: Double { max(minimumExtent, shown.contentExtent) }
    package var isExtentEstimated: Bool { shown.isExtentEstimated }
    package var headerExtent: Double { shown.headerExtent }

    /// The tab shown lays out; at a new width every tab plans its columns again, and
    /// the tabs are padded to the viewport's height.
    package func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        if let crossAxis = constraints.crossAxisExtent {
            for table in tables where table !== shown { table.layout(width: Int(crossAxis)) }
        }
        let padded = minimumExtent != constraints.viewportMainAxisExtent
        minimumExtent = constraints.viewportMainAxisExtent
        let geometry = shown.performLayout(constraints)
        guard geometry.changed || padded else { return .unchanged }
        return self.geometry(
            changedFrom: min(geometry.firstChangedOffset, shown.contentExtent), correction: geometry.scrollOffsetCorrection)
    }

    /// Every tab marks the tabs as needing layout (one not shown too: its extents are
    /// read when it is shown).
    package func attach(_ invalidator: LayoutInvalidator) {
        for table in tables { table.attach(invalidator) }
    }

    package var rowCount: Int { shown.rowCount }

    package func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        shown.drawRows(rows, into: &buffer, at: row)
    }

    package func plainText(row: Int, width: Int) -> String { shown.plainText(row: row, width: width) }
    package func searchableText(row: Int, width: Int) -> String { shown.searchableText(row: row, width: width) }
    package func searchStep(for query: String, at row: Int, forward: Bool) -> SearchStep {
        shown.searchStep(for: query, at: row, forward: forward)
    }

    package func matchColumns(of query: String, row: Int, width: Int) -> [Range<Int>] {
        shown.matchColumns(of: query, row: row, width: width)
    }

    /// Every tab, one after another, each under its name (a blank row between two),
    /// each written as `TableComponent.writeRows` writes a table.
    package func writeRows(width: Int, to sink: any RowSink) {
        for (index, table) in tables.enumerated() where !sink.isClosed {
            if index > 0 { sink.row("") }
            sink.row(ValueText.escaped(names[index]))
            table.writeRows(width: width, to: sink)
        }
    }

    package func keepRowViews(for rows: Range<Int>) {
        shown.keepRowViews(for: rows)
    }

    /// What every table counts, summed.
    package var figures: ComponentFigures {
        tables.reduce(ComponentFigures()) { $0 + $1.figures }
    }
}
