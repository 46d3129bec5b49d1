import Dispatch
import RenderCore
import SystemIO

/// Reading the inputs and building the view on a thread of their own, while the
/// terminal answers `q` and Ctrl-C: what takes long before the first screen (a
/// compressed table decompressed whole, a page read whole to be parsed, a large table
/// sorted) never holds the reader, and keys typed meanwhile are neither echoed nor
/// lost. A load that ends within `graceSeconds` shows nothing of it.
enum StartupLoad {
    enum Outcome<Value> {
        /// The load ended: its value, and the bytes typed meanwhile (for the viewer).
        case done(Value, typedAhead: [UInt8])
        /// The reader quit first (`q`: status 0, Ctrl-C: 130, as SIGINT would end it).
        case quit(status: Int32)
    }

    /// Seconds a load may take before the screen says what is being read.
    static let graceSeconds = 0.15

    /// Runs `load` on a thread of its own until it ends or the reader quits; the
    /// terminal is left interactive when it was entered (the viewer goes on there).
    /// - Parameter reading: what is read, for the screen ("items.json.gz").
    static func run<Value>(terminal: Terminal, reading: String, _ load: @escaping @Sendable () -> Value) -> Outcome<Value> {
        let result = LoadResult<Value>()
        DetachedThread.start { result.finish(load()) }
        if let value = result.wait(seconds: graceSeconds) { return .done(value, typedAhead: []) }
        guard terminal.enterInteractiveMode() else {
            // (No raw mode: the load is waited for as before.)
            return .done(result.wait(), typedAhead: [])
        }
        terminal.write(statusLine("Reading \(reading)… (q quits)"))
        var typed: [UInt8] = []
        while true {
            if let value = result.wait(seconds: 0) { return .done(value, typedAhead: typed) }
            let bytes = terminal.read(timeout: 50)
            if bytes.contains(0x03) { return quit(terminal, status: 130) }
            if bytes.contains(UInt8(ascii: "q")) || bytes.contains(UInt8(ascii: "Q")) { return quit(terminal, status: 0) }
            typed += bytes
        }
    }

    private static func quit<Value>(_ terminal: Terminal, status: Int32) -> Outcome<Value> {
        terminal.restore()
        return .quit(status: status)
    }

    /// `text` on the screen's last row, in reverse video.
    private static func statusLine(_ text: String) -> String {
        let rows = Terminal.size()?.height ?? 24
        return "\u{1B}[\(rows);1H\u{1B}[7m \(TextWidth.printable(text)) \u{1B}[0m"
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
