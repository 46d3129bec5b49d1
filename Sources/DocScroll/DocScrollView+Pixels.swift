public import ScrollCore
import DocumentLayout
public import Pictures

/// A picture drawn in real pixels over its box (`--images sixel` or `kitty`): the rows
/// of its box that show, and where on the screen they start.
public struct PixelPlacement: Hashable, Sendable {
    /// The page the picture is on.
    public var page: ComponentID
    /// The picture, as the page names it.
    public var source: String
    /// Its box in cells.
    public var box: ImageBox
    /// The rows of the box that show (cut at the screen's edges).
    public var rows: Range<Int>
    /// The screen's row of the first cell shown.
    public var screenRow: Int
    /// The page's row of the first cell shown.
    public var pageRow: Int
    /// The screen's column of the box's first cell.
    public var column: Int
}

extension DocScrollView {
    /// Tells each page's pictures which of its rows the viewport shows: past their
    /// budget, those farthest from them are forgotten first.
    func notePicturesShown() {
        let shown = shownPlaces
        for (id, page) in pages {
            guard let reader = page.pictures?.reader else { continue }
            let rows = shown.lazy.compactMap { $0 }.filter { $0.component == id }.map(\.row)
            guard let first = rows.min(), let last = rows.max() else { continue }
            reader.show(rows: first..<(last + 1))
        }
    }

    /// How pictures are sent in real pixels, `nil` when they are drawn in cells.
    public var pixelProtocol: PixelProtocol? {
        switch options.images {
        case .sixel: .sixel
        case .kitty: .kitty
        case .none, .symbols: nil
        }
    }

    /// The pictures the current frame shows, each over the rows of its box on screen
    /// (none while pictures show as their alt text, and none for a page scrolled
    /// sideways, whose boxes are cut at the left).
    public func pixelPlacements() -> [PixelPlacement] {
        guard pixelProtocol != nil, showsPictures else { return [] }
        var placements: [PixelPlacement] = []
        // The placements that reach the row above, which the row's pictures go on.
        var open: [Int] = []
        for (screenRow, place) in shownPlaces.enumerated() {
            guard let place, let page = pages.first(where: { $0.id == place.component })?.page, page.horizontalOffset == 0 else {
                open = []
                continue
            }
            var reaching: [Int] = []
            for picture in page.pictureRows(inRow: place.row) {
                if let index = open.first(where: { index in
                    let last = placements[index]
                    return last.page == place.component && last.source == picture.source && last.column == picture.column
                        && last.rows.upperBound == picture.row
                }) {
                    placements[index].rows = placements[index].rows.lowerBound..<(picture.row + 1)
                    reaching.append(index)
                } else {
                    reaching.append(placements.count)
                    placements.append(PixelPlacement(
                        page: place.component, source: picture.source, box: picture.box, rows: picture.row..<(picture.row + 1),
                        screenRow: screenRow, pageRow: place.row, column: picture.column))
                }
            }
            open = reaching
        }
        return placements
    }

    /// The escape sequence that draws `placement` from its first cell (the cursor is
    /// placed there first); `nil` when the picture cannot be drawn (its alt text stays)
    /// or, in a viewer (`picturesArriveLater`), is still being encoded in the
    /// background: `pagesProgressed` says when it is ready.
    public func pixelSequence(for placement: PixelPlacement) -> [UInt8]? {
        guard let kind = pixelProtocol, let page = pages.first(where: { $0.id == placement.page })?.page,
            let sequence = page.pictures?.reader.pixelSequence(
                of: placement.source, box: placement.box, rows: placement.rows, as: kind, at: placement.pageRow - placement.rows.lowerBound)
        else { return nil }
        return Array("\u{1B}[\(placement.screenRow + 1);\(placement.column + 1)H".utf8) + sequence
    }
}
