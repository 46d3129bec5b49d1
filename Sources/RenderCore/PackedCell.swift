/// A cell as buffers store it, in 16 bytes: a grapheme of up to 12 UTF-8 bytes held
/// inline (every letter, CJK ideograph and most emoji), a longer one (ZWJ and
/// skin-tone sequences) as an index into its buffer's side table, and the style
/// packed into two bytes (or, with a true colour or a background, as an index into
/// the buffer's table of styles).
///
/// `Cell` holds a `String` (16 bytes, a heap object past 15 bytes) and a `Style`,
/// 24 bytes a cell; tiles of packed cells take two thirds of that.
struct PackedCell: Hashable, Sendable {
    /// The grapheme's first eight UTF-8 bytes, the first in the low byte; for a long
    /// grapheme, its index in the side table.
    private var low: UInt64
    /// UTF-8 bytes 9 to 12.
    private var high: UInt32
    /// The style's code, low 16 bits.
    private var styleLow: UInt16
    /// UTF-8 bytes held inline (`0` for a continuation cell), or `Self.long`.
    private var length: UInt8
    /// The style's code, high 8 bits.
    private var styleHigh: UInt8

    /// Graphemes of more UTF-8 bytes than this go to the side table.
    static let inlineCapacity = 12
    private static let long: UInt8 = 0xFF

    static let blank = PackedCell(low: 0x20, high: 0, style: .plain, length: 1)

    private init(low: UInt64, high: UInt32, style: StyleCode, length: UInt8) {
        self.low = low
        self.high = high
        self.styleLow = UInt16(truncatingIfNeeded: style.rawValue)
        self.styleHigh = UInt8(truncatingIfNeeded: style.rawValue >> 16)
        self.length = length
    }

    /// A cell showing printable `grapheme` (at most `inlineCapacity` UTF-8 bytes).
    init(inline grapheme: some Collection<UInt8>, style: StyleCode) {
        var low: UInt64 = 0
        var high: UInt32 = 0
        for (index, byte) in grapheme.enumerated() {
            if index < 8 {
                low |= UInt64(byte) << (8 * index)
            } else {
                high |= UInt32(byte) << (8 * (index - 8))
            }
        }
        self.init(low: low, high: high, style: style, length: UInt8(grapheme.count))
    }

    /// A cell showing printable ASCII `byte`.
    init(ascii byte: UInt8, style: StyleCode) {
        self.init(low: UInt64(byte), high: 0, style: style, length: 1)
    }

    /// A cell whose grapheme is entry `index` of the buffer's side table.
    init(longAt index: Int, style: StyleCode) {
        self.init(low: UInt64(index), high: 0, style: style, length: Self.long)
    }

    /// The right half of a wide grapheme.
    static func continuation(style: StyleCode) -> PackedCell {
        PackedCell(low: 0, high: 0, style: style, length: 0)
    }

    var style: StyleCode { StyleCode(rawValue: UInt32(styleHigh) << 16 | UInt32(styleLow)) }

    var isContinuation: Bool { length == 0 }

    /// The side-table index of a long grapheme, `nil` for an inline one.
    var longIndex: Int? { length == Self.long ? Int(low) : nil }

    /// This long-grapheme cell pointing at side-table entry `index` instead.
    func withLongIndex(_ index: Int) -> PackedCell {
        PackedCell(low: UInt64(index), high: 0, style: style, length: Self.long)
    }

    /// This cell in style `code` instead (a style moved to another buffer's table).
    func withStyle(_ code: StyleCode) -> PackedCell {
        var cell = self
        cell.styleLow = UInt16(truncatingIfNeeded: code.rawValue)
        cell.styleHigh = UInt8(truncatingIfNeeded: code.rawValue >> 16)
        return cell
    }

    /// Appends the inline UTF-8 bytes to `bytes` (none for a long grapheme): a row's
    /// text is gathered a cell at a time.
    func appendInlineBytes(to bytes: inout [UInt8]) {
        if length == 1 {
            bytes.append(UInt8(truncatingIfNeeded: low))
        } else if length != Self.long, length > 0 {
            // (The bytes lie in order in `low` then `high`, each read as little-endian.)
            withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { bytes.append(contentsOf: $0.prefix(Int(length))) }
        }
    }

    /// The inline grapheme as a string (small strings need no allocation).
    var inlineGrapheme: String {
        if length == 1 { return String(UnicodeScalar(UInt8(truncatingIfNeeded: low))) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(length))
        appendInlineBytes(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A style as a cell keeps it, in 24 bits: a style with at most a palette
/// foreground packed whole (`Style.packed`), any other as an index into its buffer's
/// table of styles.
struct StyleCode: Hashable, Sendable {
    let rawValue: UInt32

    static let plain = StyleCode(rawValue: 0)
    /// Codes from here on are table indexes.
    private static let firstIndex: UInt32 = 1 << 16
    /// Styles a buffer's table can hold.
    static let tableCapacity = Int((1 << 24) - firstIndex)

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The code of a style packed whole.
    init(packed: UInt16) { self.rawValue = UInt32(packed) }

    /// The code of entry `index` of a buffer's table.
    init(tableIndex index: Int) { self.rawValue = Self.firstIndex + UInt32(index) }

    /// The table index, `nil` for a style packed whole.
    var tableIndex: Int? { rawValue >= Self.firstIndex ? Int(rawValue - Self.firstIndex) : nil }

    /// The style packed whole, `nil` for a table index.
    var packedStyle: Style? { rawValue < Self.firstIndex ? Style(packed: UInt16(rawValue)) : nil }
}

extension Style {
    /// The style in two bytes, when it has no background and no true colour: the
    /// attribute bits (all but `linkText`, which is data of a line, not of a cell),
    /// bit 7 set when there is a foreground colour, and the palette index in the high
    /// byte.
    var packed: UInt16? {
        guard !hasRichColors else { return nil }
        var value = UInt16(attributes.rawValue & 0x7F)
        if let foreground { value |= 0x80 | UInt16(foreground.paletteIndex) << 8 }
        return value
    }

    /// The style as cells keep it: `linkText` dropped.
    var asStored: Style {
        var style = self
        style.attributes.remove(.linkText)
        return style
    }

    init(packed: UInt16) {
        let foreground = packed & 0x80 != 0 ? Color(paletteIndex: UInt8(packed >> 8)) : nil
        self.init(Attributes(rawValue: UInt8(packed & 0x7F)), foreground: foreground)
    }
}
