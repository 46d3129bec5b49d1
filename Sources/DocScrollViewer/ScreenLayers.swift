import DocScroll
import RenderCore

/// A run of columns on a row of the screen shown otherwise: in reverse video (a
/// search match, the focused link).
struct ScreenMark: Hashable {
    var row: Int
    var columns: Range<Int>
}

/// Something the viewer shows over the view's frame: marks found in the components'
/// own data for the places on screen, not read back from the frame's cells. The
/// screen is the frame with each layer's marks drawn over it, in order.
protocol ScreenLayer {
    /// The marks on the screen whose rows show `places` (a place per content row,
    /// `nil` for a gap).
    func marks(over places: [DocScrollView.Place?], of view: DocScrollView) -> [ScreenMark]
}

/// The matches of the last search on every row shown.
struct SearchMatchesLayer: ScreenLayer {
    let query: String

    func marks(over places: [DocScrollView.Place?], of view: DocScrollView) -> [ScreenMark] {
        places.enumerated().flatMap { row, place in
            place.map { place in view.matchColumns(of: query, at: place).map { ScreenMark(row: row, columns: $0) } } ?? []
        }
    }
}

/// The link Tab moved to, its mark and its text (as w3m and lynx show it), where
/// their rows are shown.
struct LinkFocusLayer: ScreenLayer {
    let focus: DocScrollView.LinkFocus

    func marks(over places: [DocScrollView.Place?], of view: DocScrollView) -> [ScreenMark] {
        let rows = places.compactMap { $0?.component == focus.place.component ? $0?.row : nil }
        guard let last = rows.max(), last >= focus.place.row else { return [] }
        let columns = view.linkColumns(of: focus, throughRow: last)
        // (Its columns are the page's: they show shifted where the page is scrolled
        // sideways.)
        let shift = view.horizontalOffset(ofPage: focus.place.component)
        return places.enumerated().flatMap { screenRow, place -> [ScreenMark] in
            guard let place, place.component == focus.place.component, let runs = columns[place.row] else { return [] }
            return runs.map { ScreenMark(row: screenRow, columns: ($0.lowerBound - shift)..<($0.upperBound - shift)) }
        }
    }
}

/// The table row with the cursor, the width of the screen.
struct RowCursorLayer: ScreenLayer {
    let place: DocScrollView.Place
    let width: Int

    func marks(over places: [DocScrollView.Place?], of view: DocScrollView) -> [ScreenMark] {
        places.indices.filter { places[$0] == place }.map { ScreenMark(row: $0, columns: 0..<width) }
    }
}

extension FrameBuffer {
    /// Shows `mark` in reverse video (reversed back where a mark was drawn already),
    /// cut to the buffer's width.
    mutating func draw(_ mark: ScreenMark) {
        guard mark.row >= 0, mark.row < height else { return }
        for column in mark.columns.clamped(to: 0..<width) {
            var cell = self[column, mark.row]
            cell.style.attributes.formSymmetricDifference(.reverse)
            self[column, mark.row] = cell
        }
    }
}
