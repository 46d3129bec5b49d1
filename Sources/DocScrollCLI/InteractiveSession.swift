import DocScroll
import TerminalIO

/// The thin loop between the terminal and the `Viewer` state machine: keys and
/// resizes in, frames out.
enum InteractiveSession {
    /// Runs until the reader quits.
    /// - Returns: `false` when the terminal could not be put in raw mode.
    static func run(view: DocScrollView, terminal: Terminal, colors: Bool) -> Bool {
        let size = Terminal.size() ?? (80, 24)
        let viewer = Viewer(view: view, width: size.width, height: size.height)
        guard terminal.enterInteractiveMode() else { return false }
        defer { terminal.restore() }
        var writer = ANSIFrameWriter(colors: colors)
        var decoder = KeyDecoder()
        var actions = viewer.start()
        while true {
            for action in actions {
                switch action {
                case .draw(let screen): terminal.write(writer.update(to: screen))
                case .quit: return true
                }
            }
            actions = []
            if terminal.takeResize(), let size = Terminal.size() {
                writer.invalidate()
                actions += viewer.handle(.resize(width: size.width, height: size.height))
            }
            let bytes = terminal.read(timeout: 100)
            var keys = decoder.feed(bytes)
            if bytes.isEmpty { keys += decoder.flush() }
            for key in keys {
                if let command = KeyBindings.command(for: key) { actions += viewer.handle(command) }
            }
        }
    }
}
