/// What a terminal says it draws in pixels, asked as chafa and notcurses ask: the
/// kitty graphics protocol's query (an image of one pixel, `a=q`: a terminal that has
/// the protocol answers `OK`, and draws nothing), a cell's size in pixels (`CSI 16 t`,
/// answered `CSI 6 ; height ; width t` by xterm, kitty, foot, WezTerm, mlterm), then
/// the primary device attributes (`CSI c`), which every terminal answers, 4 among them
/// for sixel graphics. The device attributes come last, so their answer ends the wait.
package enum TerminalGraphics {
    /// What the terminal supports.
    package struct Support: Equatable, Sendable {
        package var kitty: Bool
        package var sixel: Bool
        /// A cell's size in pixels, where the terminal said it.
        package var cellSize: CellSize?

        package init(kitty: Bool = false, sixel: Bool = false, cellSize: CellSize? = nil) {
            self.kitty = kitty
            self.sixel = sixel
            self.cellSize = cellSize
        }
    }

    /// A cell's size in pixels.
    package struct CellSize: Equatable, Sendable {
        package var width: Int
        package var height: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The query, written once in raw mode.
    package static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c"

    /// What `bytes` read after the query say, once the device attributes' answer is
    /// among them (`ESC [ ? params c`); `nil` before.
    package static func support(answeredIn bytes: [UInt8]) -> Support? {
        guard let attributes = firstIndex(of: Array("\u{1B}[?".utf8), in: bytes[...]),
            let end = bytes[(attributes + 3)...].firstIndex(of: UInt8(ascii: "c"))
        else { return nil }
        var support = Support()
        support.kitty = firstIndex(of: Array("\u{1B}_Gi=31;OK".utf8), in: bytes[..<attributes]) != nil
        support.sixel = bytes[(attributes + 3)..<end].split(separator: UInt8(ascii: ";")).contains { $0.elementsEqual("4".utf8) }
        support.cellSize = cellSize(answeredIn: bytes[..<attributes])
        return support
    }

    /// The cell size in an answer to `CSI 16 t`, `CSI 6 ; height ; width t`; `nil`
    /// where there is none, or it is not a plausible cell (1 to 1,000 pixels a side).
    private static func cellSize(answeredIn bytes: ArraySlice<UInt8>) -> CellSize? {
        guard let start = firstIndex(of: Array("\u{1B}[6;".utf8), in: bytes),
            let end = bytes[(start + 4)...].firstIndex(of: UInt8(ascii: "t"))
        else { return nil }
        let numbers = bytes[(start + 4)..<end].split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { digits in
            digits.count <= 4 && !digits.isEmpty && digits.allSatisfy { (0x30...0x39).contains($0) }
                ? digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } : 0
        }
        guard numbers.count == 2, (1...1_000).contains(numbers[0]), (1...1_000).contains(numbers[1]) else { return nil }
        return CellSize(width: numbers[1], height: numbers[0])
    }

    /// Where `needle` starts in `bytes`.
    private static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        return (bytes.startIndex...(bytes.endIndex - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

extension Terminal {
    /// Asks the terminal (in raw mode) what it draws in pixels, waiting up to
    /// `milliseconds` for its answer; `nil` when none came (a terminal that answers
    /// nothing, a slow link).
    package func askGraphics(milliseconds: Int) -> TerminalGraphics.Support? {
        write(TerminalGraphics.query)
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        var bytes: [UInt8] = []
        while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            bytes += read(timeout: Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)), waking: nil)
            if let support = TerminalGraphics.support(answeredIn: bytes) { return support }
        }
        return nil
    }
}
