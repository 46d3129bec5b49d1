import Dispatch
import RenderCore
import SystemIO

/// Work that may take long run on a thread of its own while the terminal answers
/// `q` and Ctrl-C: reading the inputs and building the view before the first screen
/// (a compressed table decompressed whole, a page read whole, a large table sorted),
/// opening the page a link leads to. Keys typed meanwhile are neither echoed nor
/// lost; work that ends within `graceSeconds` shows nothing of it.
enum LiveWait {
    enum Outcome<Value> {
        /// The work ended: its value, and the bytes typed meanwhile (for the viewer).
        case done(Value, typedAhead: [UInt8])
        /// The reader gave it up (Ctrl-C, where it does not quit): the work goes on
        /// unheeded, its value dropped.
        case interrupted(typedAhead: [UInt8])
        /// The reader quit (`q`: status 0; Ctrl-C before the first screen: 130, as
        /// SIGINT would end it). The terminal is restored.
        case quit(status: Int32)
    }

    /// Seconds work may take before the screen says what it does.
    static let graceSeconds = 0.15

    /// Runs `work` on a thread of its own until it ends, or the reader gives it up
    /// or quits. The terminal is made interactive for that if it is not (and left
    /// so: the viewer goes on there).
    /// - Parameters:
    ///   - saying: what the work does, for the status line ("Reading items.json.gz").
    ///   - interruptQuits: whether Ctrl-C quits (before the first screen) or gives
    ///     the work up.
    ///   - said: called when the status line was written over the screen.
    static func run<Value>(
        terminal: any TerminalDevice, saying: String, interruptQuits: Bool, said: () -> Void = {}, _ work: @escaping @Sendable () -> Value
    ) -> Outcome<Value> {
        let result = LoadResult<Value>()
        DetachedThread.start { result.finish(work()) }
        if let value = result.wait(seconds: graceSeconds) { return .done(value, typedAhead: []) }
        guard terminal.enterInteractiveMode() else {
            // (No raw mode: the work is waited for as before.)
            return .done(result.wait(), typedAhead: [])
        }
        terminal.write(statusLine("\(saying)… (\(interruptQuits ? "" : "Ctrl-C stops, ")q quits)", rows: terminal.size?.height ?? 24))
        said()
        var typed: [UInt8] = []
        while true {
            if let value = result.wait(seconds: 0) { return .done(value, typedAhead: typed) }
            let bytes = terminal.read(timeout: 50)
            if bytes.contains(0x03) {
                guard interruptQuits else { return .interrupted(typedAhead: typed) }
                return quit(terminal, status: 130)
            }
            if bytes.contains(UInt8(ascii: "q")) || bytes.contains(UInt8(ascii: "Q")) { return quit(terminal, status: 0) }
            typed += bytes
        }
    }

    private static func quit<Value>(_ terminal: any TerminalDevice, status: Int32) -> Outcome<Value> {
        terminal.restore()
        return .quit(status: status)
    }

    /// `text` on the screen's last row, in reverse video.
    static func statusLine(_ text: String, rows: Int) -> String {
        return "\u{1B}[\(rows);1H\u{1B}[7m \(TextWidth.printable(text)) \u{1B}[0m\u{1B}[K"
    }
}

/// A load's value, once it is there.
/// (Written once, before the semaphore is signalled; read only after it is.)
private final class LoadResult<Value>: @unchecked Sendable {
    private var stored: Value?
    private let ended = DispatchSemaphore(value: 0)

    func finish(_ value: Value) {
        stored = value
        ended.signal()
    }

    /// The value, waited for up to `seconds` (for ever when `nil`).
    func wait(seconds: Double?) -> Value? {
        guard ended.wait(timeout: seconds.map { .now() + $0 } ?? .distantFuture) == .success else { return nil }
        // (Taken once: it is signalled again for a later look.)
        ended.signal()
        return stored
    }

    /// The value, waited for.
    func wait() -> Value {
        wait(seconds: nil)!
    }
}
