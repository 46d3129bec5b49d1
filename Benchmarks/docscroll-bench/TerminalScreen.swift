/// What a terminal shows, from the bytes a program writes to it: enough of a terminal
/// to read docscroll's screens (cursor moves, erasing, text; styles and other sequences
/// passed over). Wide characters (East Asian, emoji) take two cells.
struct TerminalScreen {
    private(set) var cells: [[Character]]
    private var row = 0
    private var column = 0
    /// The start of a sequence or character cut off by the end of the last read.
    private var pending: [UInt8] = []

    init(width: Int, height: Int) {
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    /// The rows as text.
    var rows: [String] { cells.map { String($0) } }

    /// The rows shown and their total, as docscroll's status line says them ("rows
    /// 14-36 of ~1046"); `nil` when the last row does not say.
    var position: (first: Int, last: Int, total: Int)? {
        guard let status = rows.last, let range = status.range(of: "rows ", options: .backwards) else { return nil }
        let numbers = status[range.upperBound...].split(whereSeparator: { !$0.isNumber }).prefix(3).compactMap { Int($0) }
        return numbers.count == 3 ? (numbers[0], numbers[1], numbers[2]) : nil
    }

    mutating func take(_ bytes: [UInt8]) {
        let data = pending + bytes
        pending = []
        var index = 0
        while index < data.count {
            let byte = data[index]
            switch byte {
            case 0x1B:
                guard let end = Self.sequenceEnd(data, from: index) else {
                    pending = Array(data[index...])
                    return
                }
                apply(data[index..<end])
                index = end
            case 0x0D:
                column = 0
                index += 1
            case 0x0A:
                row = min(cells.count - 1, row + 1)
                index += 1
            case ..<0x20:
                index += 1
            default:
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= data.count else {
                    pending = Array(data[index...])
                    return
                }
                let text = String(decoding: data[index..<(index + length)], as: UTF8.self)
                put(Character(text), wide: text.unicodeScalars.first.map(Self.isWide) ?? false)
                index += length
            }
        }
    }

    /// Where the escape sequence at `start` ends; `nil` when it is cut off.
    private static func sequenceEnd(_ data: [UInt8], from start: Int) -> Int? {
        guard start + 1 < data.count else { return nil }
        switch data[start + 1] {
        case UInt8(ascii: "["):
            var end = start + 2
            while end < data.count, !(0x40...0x7E).contains(data[end]) { end += 1 }
            return end < data.count ? end + 1 : nil
        case UInt8(ascii: "]"):
            // An operating system command: up to BEL or ESC \.
            var end = start + 2
            while end < data.count, data[end] != 0x07, data[end] != 0x1B { end += 1 }
            guard end < data.count else { return nil }
            return data[end] == 0x07 ? end + 1 : (end + 1 < data.count ? end + 2 : nil)
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            return start + 2 < data.count ? start + 3 : nil
        default:
            return start + 2
        }
    }

    /// A control sequence: cursor position and erasing act; the rest is passed over.
    private mutating func apply(_ sequence: ArraySlice<UInt8>) {
        guard sequence.count >= 3, sequence[sequence.startIndex + 1] == UInt8(ascii: "["), let final = sequence.last else { return }
        let parameters = String(decoding: sequence.dropFirst(2).dropLast(), as: UTF8.self).split(separator: ";").map { Int($0) ?? 0 }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            row = min(cells.count - 1, max(0, (parameters.first ?? 1) - 1))
            column = min(cells[0].count - 1, max(0, (parameters.count > 1 ? parameters[1] : 1) - 1))
        case UInt8(ascii: "J"):
            if parameters.first == 2 || parameters.first == 3 {
                for line in cells.indices { cells[line] = Array(repeating: " ", count: cells[line].count) }
            }
        case UInt8(ascii: "K"):
            for cell in column..<cells[row].count { cells[row][cell] = " " }
        default:
            break
        }
    }

    private mutating func put(_ character: Character, wide: Bool) {
        guard column < cells[row].count else { return }
        cells[row][column] = character
        column += 1
        if wide, column < cells[row].count {
            cells[row][column] = " "
            column += 1
        }
    }

    /// Whether a character takes two cells: East Asian wide and full-width ones, and
    /// emoji (close enough for the rows read here).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
