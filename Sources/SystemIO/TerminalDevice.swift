/// What the interactive loop asks of a terminal: raw mode in and out, keys read with
/// a timeout, resizes, and frames written. `Terminal` is the real one; a test gives a
/// scripted one, so that the loop runs deterministically without a terminal.
package protocol TerminalDevice: AnyObject {
    /// The terminal's size in columns and rows, if known.
    var size: (width: Int, height: Int)? { get }
    /// Raw mode and the alternate screen (with `mouse`, wheel reports too).
    /// - Returns: whether the terminal is interactive now.
    func enterInteractiveMode(mouse: Bool) -> Bool
    /// The terminal as it was before `enterInteractiveMode`.
    func restore()
    /// Ctrl-Z: the terminal given back to the shell until `fg`.
    /// - Returns: whether it could be taken again.
    func suspend() -> Bool
    /// The bytes typed within `timeout` milliseconds (empty when none came, or when
    /// `waking` became readable first).
    func read(timeout: Int32, waking: Int32?) -> [UInt8]
    /// Whether the terminal was resized since the last call.
    func takeResize() -> Bool
    /// Writes `text` in one go.
    func write(_ text: String)
}

extension TerminalDevice {
    /// Raw mode and the alternate screen, without mouse reports.
    package func enterInteractiveMode() -> Bool { enterInteractiveMode(mouse: false) }
    /// The bytes typed within `timeout` milliseconds.
    package func read(timeout: Int32) -> [UInt8] { read(timeout: timeout, waking: nil) }
}
