import RenderCore
import SystemIO

/// A terminal for the interactive loop with no terminal behind it: keys and resizes
/// come from a script, one step at a time, each handed over only once the view is
/// settled (the loop waiting for a key twice while `isSettled` holds: what arrives on
/// other threads drawn), and what the loop writes is played on a grid of cells, as a
/// terminal would show it.
/// Before each step the screen is kept (`screens`), so that a test reads what the
/// reader saw when pressing each key. After the script, `q`.
final class ScriptedTerminal: TerminalDevice {
    /// What the reader does next: types keys, or resizes the terminal.
    enum Step {
        case keys(String)
        case resize(width: Int, height: Int)
    }

    private(set) var size: (width: Int, height: Int)?
    /// The screen before each step of the script, then the last one (before `q`).
    private(set) var screens: [[String]] = []
    /// Everything the loop wrote, in order.
    private(set) var written: [String] = []
    /// Whether the loop took raw mode, and gave it back.
    private(set) var entered = false
    private(set) var restored = false

    private var script: [Step]
    private var resizePending = false
    private let isSettled: () -> Bool
    private var settledReads = 0
    private var quitSent = false
    /// Reads before a step is handed over regardless of `isSettled` (a view that
    /// never settles fails the test's expectations, not the run).
    private var readsLeft = 200_000
    private var grid: [[String]]
    private var cursor = (row: 0, column: 0)

    /// A terminal of `width` by `height` that types `steps` in turn.
    init(width: Int, height: Int, steps: [Step], isSettled: @escaping () -> Bool) {
        size = (width, height)
        script = steps
        self.isSettled = isSettled
        grid = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    func enterInteractiveMode(mouse: Bool) -> Bool {
        entered = true
        return true
    }

    func restore() { restored = true }
    func suspend() -> Bool { true }
    func takeResize() -> Bool {
        defer { resizePending = false }
        return resizePending
    }

    func read(timeout: Int32, waking: Int32?) -> [UInt8] {
        readsLeft -= 1
        // A read that does not wait is a poll: from inside a step's work (a search
        // looking for Ctrl-C), or from the loop with idle work still to do (a table
        // indexed in parts, a page's estimates refined), not the loop waiting for
        // the next key.
        if timeout == 0, readsLeft > 0 { return [] }
        settledReads = isSettled() ? settledReads + 1 : 0
        guard settledReads >= 2 || readsLeft <= 0 else { return [] }
        settledReads = 0
        screens.append(grid.map { $0.joined().replacingOccurrences(of: "\u{0}", with: "") })
        if !script.isEmpty {
            switch script.removeFirst() {
            case .keys(let keys):
                return Array(keys.utf8)
            case .resize(let width, let height):
                size = (width, height)
                grid = Array(repeating: Array(repeating: " ", count: width), count: height)
                resizePending = true
                return []
            }
        }
        guard !quitSent else { return [] }
        quitSent = true
        return [UInt8(ascii: "q")]
    }

    /// Plays `text` on the grid: cursor moves (`ESC [ row ; column H`) and text; other
    /// control sequences (styles, modes; pictures, as DCS and APC strings) change no
    /// cell.
    func write(_ text: String) {
        written.append(text)
        var characters = text[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "\u{1B}" else {
                put(character)
                continue
            }
            if characters.first == "P" || characters.first == "_" {
                // (A string, to ESC \.)
                guard let end = characters.firstRange(of: "\u{1B}\\") else { break }
                characters = characters[end.upperBound...]
                continue
            }
            guard characters.first == "[" else {
                characters = characters.dropFirst()
                continue
            }
            characters = characters.dropFirst()
            let parameters = characters.prefix { !$0.isLetter && $0 != "~" }
            characters = characters.dropFirst(parameters.count)
            guard let final = characters.first else { break }
            characters = characters.dropFirst()
            if final == "H" {
                let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
                cursor = ((numbers.first ?? 1) - 1, (numbers.dropFirst().first ?? 1) - 1)
            }
        }
    }

    /// One grapheme at the cursor: a wide one takes its cell and the next.
    private func put(_ character: Character) {
        let columns = TextWidth.columns(of: String(character))
        guard cursor.row >= 0, cursor.row < grid.count, columns > 0 else { return }
        for offset in 0..<columns where cursor.column + offset < grid[cursor.row].count {
            grid[cursor.row][cursor.column + offset] = offset == 0 ? String(character) : "\u{0}"
        }
        cursor.column += columns
    }
}
