/// What a component built and holds, as it counts it: a table its rows and row views,
/// a page its model, units of layout and lines. Each component reports its own
/// (`ReportsFigures`); a view of a stack sums them.
package struct ComponentFigures: Sendable, Equatable {
    /// Table rows turned into cells, and decoded from their JSON (the rest are only
    /// indexed).
    package var rowsMaterialized = 0
    package var rowsDecoded = 0
    /// Table rows found gone from their file (it changed after it was indexed).
    package var rowsLost = 0
    /// Table row views made, and filled again for another row.
    package var rowViewsCreated = 0
    package var rowViewsReused = 0
    /// Nodes and bytes of a page's model (a windowed page keeps none: the bytes of its
    /// checkpoint index instead).
    package var documentNodes = 0
    package var documentBytes = 0
    /// Units of layout (blocks, or chunks of a windowed page), and how many are laid
    /// out.
    package var layoutUnits = 0
    package var layoutUnitsLaidOut = 0
    /// Lines held laid out, and their bytes.
    package var layoutLines = 0
    package var layoutBytes = 0

    package init() {}

    package static func + (a: Self, b: Self) -> Self {
        var sum = a
        sum.rowsMaterialized += b.rowsMaterialized
        sum.rowsDecoded += b.rowsDecoded
        sum.rowsLost += b.rowsLost
        sum.rowViewsCreated += b.rowViewsCreated
        sum.rowViewsReused += b.rowViewsReused
        sum.documentNodes += b.documentNodes
        sum.documentBytes += b.documentBytes
        sum.layoutUnits += b.layoutUnits
        sum.layoutUnitsLaidOut += b.layoutUnitsLaidOut
        sum.layoutLines += b.layoutLines
        sum.layoutBytes += b.layoutBytes
        return sum
    }
}

/// A component that counts what it built and holds.
package protocol ReportsFigures: AnyObject {
    var figures: ComponentFigures { get }
}
