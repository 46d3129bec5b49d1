/// The cells an image takes on a page: its size in pixels (from its `width` and
/// `height` attributes, else its header) over the terminal's cell size, kept within the
/// width and height it may take, its aspect ratio kept.
public struct ImageBox: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// A cell's size in pixels: the terminal's where it says (`TIOCGWINSZ`'s pixel
    /// fields, or the answer to `CSI 16 t`), else `standard`.
    public struct CellSize: Equatable, Sendable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = max(1, width)
            self.height = max(1, height)
        }

        /// What xterm's and most terminals' default fonts draw: 10 by 20 pixels.
        public static let standard = CellSize(width: 10, height: 20)
    }

    /// The box of an image `pixels` in size (width and height, each `nil` when
    /// unknown: the attribute absent and the header unread), the other side following
    /// from `natural` (the header's size) when one is known; `nil` when neither side
    /// is known. At most `maxColumns` wide and `maxRows` tall, shrunk whole; at least a
    /// cell each way.
    public static func fitting(
        width: Int?, height: Int?, natural: (width: Int, height: Int)?, cell: CellSize, maxColumns: Int, maxRows: Int
    ) -> ImageBox? {
        let natural = natural.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        let pixels: (width: Double, height: Double)
        switch (width, height, natural) {
        case let (width?, height?, _):
            pixels = (Double(width), Double(height))
        case let (width?, nil, natural?):
            pixels = (Double(width), Double(width) * Double(natural.height) / Double(natural.width))
        case let (nil, height?, natural?):
            pixels = (Double(height) * Double(natural.width) / Double(natural.height), Double(height))
        case let (nil, nil, natural?):
            pixels = (Double(natural.width), Double(natural.height))
        default:
            return nil
        }
        guard pixels.width > 0, pixels.height > 0 else { return nil }
        var columns = pixels.width / Double(cell.width)
        var rows = pixels.height / Double(cell.height)
        let shrink = min(1, Double(max(1, maxColumns)) / columns, Double(max(1, maxRows)) / rows)
        columns *= shrink
        rows *= shrink
        return ImageBox(columns: max(1, min(maxColumns, Int(columns.rounded()))), rows: max(1, min(maxRows, Int(rows.rounded()))))
    }

    /// The pixels an HTML `width` or `height` attribute gives: a whole number of CSS
    /// pixels, `px` allowed after it (a percentage or any other unit says nothing of
    /// the image's own size: `nil`).
    public static func pixels(ofAttribute value: String?) -> Int? {
        guard var text = value?.trimmingWhitespace, !text.isEmpty else { return nil }
        if text.hasSuffix("px") { text.removeLast(2) }
        // (A fraction is rounded down, as browsers parse dimensions.)
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard let whole = parts.first, !whole.isEmpty, isDigits(whole), parts.dropFirst().allSatisfy(isDigits),
            let pixels = Int(whole), pixels > 0
        else { return nil }
        return pixels
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
