import HTMLParsing
import Pictures
import RenderCore

/// How a page's pictures are laid out: each in a box of cells whose size is known
/// before a pixel is decoded (from the `width` and `height` attributes, else the
/// picture's header), so that nothing below a picture moves when its pixels arrive.
package struct PictureLayout: Sendable {
    /// Where the pictures named by the page are read.
    package let reader: any PictureReader
    /// A cell's size in pixels.
    package let cell: ImageBox.CellSize
    /// Rows a box may take at most: the viewport's height, so a picture is seen whole.
    package let maxRows: Int

    /// Whether boxes are drawn in cells (else the pixels are drawn over them, and
    /// frames show the alt text).
    package let drawsCells: Bool

    package init(reader: any PictureReader, cell: ImageBox.CellSize = .standard, maxRows: Int, drawsCells: Bool = true) {
        self.reader = reader
        self.drawsCells = drawsCells
        self.cell = cell
        self.maxRows = max(1, maxRows)
    }

    /// The picture an `<img>` (or `<input type=image>`) shows: inside a `<picture>`,
    /// the first `<source>` before it that a browser here would take (see
    /// `takes(source:in:)`); else its `src`, else the first candidate of its `srcset`;
    /// `nil` when it names none.
    static func source(of index: HTMLDocument.NodeIndex, in document: HTMLDocument) -> String? {
        // The `<picture>` around it: its parent, or further up through `<source>`
        // elements, which libxml2 (knowing no `source` element, so no void one) leaves
        // open around what follows each.
        var picture = document[index].parent
        while picture >= 0, document[picture].tag == .source { picture = document[picture].parent }
        if picture >= 0, document[picture].tag == .picture {
            // Its sources before the `<img>`, in document order.
            var stack = Array(document.children(of: picture).reversed())
            while let node = stack.popLast(), node != index {
                guard document[node].tag == .source else { continue }
                if takes(source: node, in: document), let candidate = firstCandidate(of: document.attribute("srcset", of: node)) {
                    return candidate
                }
                stack.append(contentsOf: document.children(of: node).reversed())
            }
        }
        if let source = document.attribute("src", of: index)?.trimmingSpaces, !source.isEmpty { return String(source) }
        return firstCandidate(of: document.attribute("srcset", of: index))
    }

    /// Whether a `<picture>`'s `<source>` is one to show: its `type`, if it gives one,
    /// is a format decoded here; and it has no `media` condition, which a terminal
    /// cannot weigh as a browser does (a screen's width in CSS pixels, a colour
    /// scheme), so the `<img>`'s own picture, the one that always applies, is shown
    /// instead.
    static func takes(source: HTMLDocument.NodeIndex, in document: HTMLDocument) -> Bool {
        if document.attribute("media", of: source) != nil { return false }
        guard let type = document.attribute("type", of: source) else { return true }
        // (A MIME type's parameters, after `;`, do not change its format.)
        let essence = type.split(separator: ";", maxSplits: 1).first.map { String($0).trimmingSpaces.lowercased() } ?? ""
        return ["image/png", "image/jpeg", "image/jpg", "image/pjpeg", "image/gif", "image/webp", "image/svg+xml"].contains(essence)
    }

    /// The URL of the first candidate of `srcset`, a comma-separated list of
    /// "URL descriptor" candidates; `nil` when it has none.
    private static func firstCandidate(of srcset: String?) -> String? {
        guard let srcset else { return nil }
        let candidate = srcset.split(separator: ",").lazy.compactMap { $0.split(whereSeparator: \.isWhitespace).first }.first
        return candidate.map(String.init)
    }

    /// The box of the picture element `index` shows, at most `columns` wide; `nil`
    /// when its size cannot be known (no attributes, and a header that cannot be read).
    func box(of index: HTMLDocument.NodeIndex, source: String?, in document: HTMLDocument, columns: Int) -> ImageBox? {
        let width = ImageBox.pixels(ofAttribute: document.attribute("width", of: index))
        let height = ImageBox.pixels(ofAttribute: document.attribute("height", of: index))
        // (The header is read only when an attribute is missing.)
        let natural = width != nil && height != nil ? nil : source.flatMap(reader.naturalSize(of:))
        return ImageBox.fitting(width: width, height: height, natural: natural, cell: cell, maxColumns: columns, maxRows: maxRows)
    }
}

/// Reads the pictures a page names: their sizes for layout, their cells for drawing.
/// (A class: one reader serves every layout of the page, and keeps the layouts that
/// hold it of a fixed size.)
package protocol PictureReader: AnyObject, Sendable {
    /// The size in pixels (as shown) that the picture at `source`, an `src` as the page
    /// wrote it, gives in its header; `nil` when it cannot be read (missing, not a
    /// picture of a known format, not a local file).
    func naturalSize(of source: String) -> (width: Int, height: Int)?

    /// Picture `source` drawn in the cells of `box`, whose first row is page row
    /// `top`; `nil` when it cannot be (it is missing or broken, or too large), or is
    /// not drawn yet (`decodesInBackground`): its box then shows its alt text.
    func cells(of source: String, box: ImageBox, at top: Int) -> SymbolArt?

    /// Notes that the viewport shows page rows `rows`: past its budget, the reader
    /// forgets the pictures farthest from them first.
    func show(rows: Range<Int>)

    /// Whether a picture not drawn yet is drawn on another thread (`cells` answering
    /// `nil` meanwhile, `takeArrivals` saying when it is there), so that no key waits
    /// on a picture; else it is drawn when asked for, as a frame or a dump needs.
    var decodesInBackground: Bool { get set }

    /// Rows `rows` of picture `source` at the size of `box`'s pixels (its first row
    /// page row `top`), encoded for a terminal that draws them (`kind`); `nil` when it
    /// cannot be, or is not encoded yet (`decodesInBackground`, as `cells`).
    func pixelSequence(of source: String, box: ImageBox, rows: Range<Int>, as kind: PixelProtocol, at top: Int) -> [UInt8]?

    /// Why picture `source` could not be drawn, once it was tried; `nil` otherwise.
    func failure(of source: String) -> String?

    /// Picture `source` drawn in the cells of `box` now, waiting for it if it is not
    /// drawn yet (a picture asked for alone).
    func cellsNow(of source: String, box: ImageBox) -> SymbolArt?

    /// Whether boxes show their pictures (else their alt text: the same rows either
    /// way), for every layout the reader serves (the viewer's `i`).
    var showsPictures: Bool { get set }

    /// Whether pictures were drawn in the background since the last call.
    func takeArrivals() -> Bool

    /// Whether pictures wait to be drawn in the background.
    var isDecoding: Bool { get }

    /// What the pictures cost so far.
    var figures: PictureFigures { get }
}

/// What a page's pictures cost: how many were decoded, the bytes held for them (cells
/// drawn, and pixels kept where the mode keeps them) now and at most, and how many
/// were dropped to stay within the budget.
package struct PictureFigures: Sendable, Equatable {
    package var decoded = 0
    package var bytesLive = 0
    /// The most bytes held at once, pixels being decoded included.
    package var bytesPeak = 0
    package var evictions = 0

    package init() {}
}

/// A row of a picture's box, on a laid-out line: which picture, its box, which of
/// the box's rows, the column the box starts at (after the line's prefixes), and the
/// number of the link it is inside, if any.
package struct PictureRow: Equatable, Sendable {
    package var source: String
    package var box: ImageBox
    package var row: Int
    package var column: Int
    package var link: Int?

    package init(source: String, box: ImageBox, row: Int, column: Int, link: Int? = nil) {
        self.source = source
        self.box = box
        self.row = row
        self.column = column
        self.link = link
    }
}

extension SymbolArt.Cell {
    /// The cell a frame shows: the symbol in its two true colours.
    package var shown: Cell {
        Cell(Character(symbol), style: Style(foreground: Color(rgb: foreground), background: Color(rgb: background)))
    }
}
