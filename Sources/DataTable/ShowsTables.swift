import ComponentKit

/// A component that shows tables: a table on its own (`TableComponent`), or tables as
/// tabs (`TableTabs`). A view reads table rows (records, the row cursor, sideways
/// scrolling) from the table shown, and indexes, plans and follows every one.
package protocol ShowsTables: StackComponent {
    /// Every table, in tab order (one for a table on its own).
    var tables: [TableComponent] { get }
    /// The table shown.
    var shown: TableComponent { get }
    /// The tabs' names and the one shown; `nil` for a table on its own.
    var tabs: (names: [String], selected: Int)? { get }
}

extension TableComponent: ShowsTables {
    package var tables: [TableComponent] { [self] }
    package var shown: TableComponent { self }
    package var tabs: (names: [String], selected: Int)? { nil }
}

extension TableTabs: ShowsTables {
    package var tabs: (names: [String], selected: Int)? { (names, selectedTab) }
}
