@preconcurrency import Glibc

/// The controlling terminal: raw mode, the alternate screen, mouse wheel reports, key
/// input and size.
///
/// Every system call docscroll makes on a terminal goes through this file. The saved
/// terminal state is restored on `restore()`, and by signal handlers on SIGINT,
/// SIGTERM and SIGHUP and on the signals a crash raises (SIGSEGV, SIGBUS, SIGILL,
/// SIGTRAP, SIGABRT, SIGFPE), so the shell never gets a terminal left in raw mode.
///
/// On a terminal, a crash must also give the shell back at once: the Swift runtime's
/// backtracer, left to itself, holds an interactive terminal for 30 seconds ("Press
/// space to interact"), and cannot be told otherwise once the program runs
/// (`SWIFT_BACKTRACE` is read before `main`). `takeOverCrashes` answers crash
/// signals instead: a one-line message, the terminal restored, the default action.
package final class Terminal: TerminalDevice {
    private let input: Int32
    private var isInteractive = false
    private var reportsMouse = false

    /// Opens `/dev/tty` for keys, so that a page can still come from standard input.
    /// - Returns: `nil` when there is no controlling terminal.
    package init?() {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        input = descriptor
    }

    deinit {
        restore()
        close(input)
    }

    /// Whether standard output is a terminal.
    package static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The size of the terminal on standard output, if it is one.
    package static func size() -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    package var size: (width: Int, height: Int)? { Self.size() }

    /// A cell's size in pixels, from the pixel fields of the window size, which most
    /// terminals that draw pictures fill in (xterm, kitty, foot, WezTerm); `nil` where
    /// they are 0 (tmux, and terminals that do not say).
    package static func cellPixelSize() -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
            size.ws_xpixel > 0, size.ws_ypixel > 0
        else { return nil }
        let cell = (width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
        return cell.width > 0 && cell.height > 0 ? cell : nil
    }

    /// Raw mode, alternate screen, hidden cursor, and with `mouse` SGR reports of the
    /// mouse (for its wheel); signal handlers that undo them.
    /// Entered already (while the inputs were read, say), it only turns mouse
    /// reports on where asked.
    package func enterInteractiveMode(mouse: Bool) -> Bool {
        if isInteractive {
            if mouse, !reportsMouse {
                reportsMouse = true
                leaveSequenceForSignals = Self.mouseOffSequence + Self.leaveSequence
                writeAll(Self.mouseOnSequence)
            }
            return true
        }
        var attributes = termios()
        guard tcgetattr(input, &attributes) == 0 else { return false }
        savedAttributes = attributes
        savedDescriptor = input
        var raw = attributes
        cfmakeraw(&raw)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { return false }
        isInteractive = true
        reportsMouse = mouse
        leaveSequenceForSignals = mouse ? Self.mouseOffSequence + Self.leaveSequence : Self.leaveSequence
        for signalNumber in Self.restoringSignals where !MappingFaults.handles(signalNumber) { signal(signalNumber, answerFatalSignal) }
        ResizeNotice.install()
        writeAll(Self.enterSequence + (mouse ? Self.mouseOnSequence : ""))
        return true
    }

    /// Leaves the alternate screen and restores the terminal as it was. Keys typed
    /// after the viewer stopped reading are kept for the shell (as less does).
    package func restore() {
        guard isInteractive else { return }
        isInteractive = false
        writeAll((reportsMouse ? Self.mouseOffSequence : "") + Self.leaveSequence)
        if var attributes = savedAttributes { tcsetattr(input, TCSADRAIN, &attributes) }
        savedAttributes = nil
        for signalNumber in Self.restoringSignals where !MappingFaults.handles(signalNumber) {
            signal(signalNumber, crashesTakenOver && Self.crashSignals.contains(signalNumber) ? answerFatalSignal : SIG_DFL)
        }
        ResizeNotice.uninstall()
    }

    /// Signals a crash raises.
    private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Answers crash signals with a line on standard error, saying that this is a bug
    /// and how to see where it happened, and the default action (the terminal restored
    /// first, when the viewer holds it), in place of the runtime's backtracer; only
    /// when it would hold a terminal, and only when the user did not configure it
    /// (`SWIFT_BACKTRACE` unset). Call it first thing.
    package static func takeOverCrashes(environment: [String: String]) {
        guard environment["SWIFT_BACKTRACE"] == nil, isatty(STDIN_FILENO) == 1 || isatty(STDERR_FILENO) == 1 else { return }
        // Written by the handler as they are: it may not allocate.
        let messages = UnsafeMutableBufferPointer<UnsafeMutableBufferPointer<UInt8>>.allocate(capacity: 65)
        messages.initialize(repeating: UnsafeMutableBufferPointer(start: nil, count: 0))
        for signalNumber in crashSignals {
            let name = String(cString: strsignal(signalNumber))
            let text = Array("\ndocscroll: crashed (\(name)): this is a bug; SWIFT_BACKTRACE=interactive=no docscroll ... shows where\n".utf8)
            let message = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
            _ = message.initialize(from: text)
            messages[Int(signalNumber)] = message
        }
        crashMessages = messages
        crashesTakenOver = true
        for signalNumber in crashSignals where !MappingFaults.handles(signalNumber) { signal(signalNumber, answerFatalSignal) }
    }

    /// Ctrl-Z: gives the terminal back to the shell and stops until `fg`, then takes
    /// it again (the caller draws the whole screen anew).
    /// - Returns: whether the terminal could be taken again.
    package func suspend() -> Bool {
        let mouse = reportsMouse
        restore()
        raise(SIGTSTP)
        // Stopped here until continued.
        return enterInteractiveMode(mouse: mouse)
    }

    /// Signals after which the terminal is restored before the default action.
    private static let restoringSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Waits up to `timeout` milliseconds for input and returns the bytes read (empty
    /// on timeout or interruption, on a resize, and when `waking` is readable first: a
    /// `FileChangeWatch`'s descriptor, say).
    package func read(timeout: Int32, waking: Int32?) -> [UInt8] {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        if ResizeNotice.descriptor >= 0 { descriptors.append(pollfd(fd: ResizeNotice.descriptor, events: Int16(POLLIN), revents: 0)) }
        if let waking, waking >= 0 { descriptors.append(pollfd(fd: waking, events: Int16(POLLIN), revents: 0)) }
        guard poll(&descriptors, nfds_t(descriptors.count), timeout) > 0, descriptors[0].revents != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(input, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// Whether the terminal was resized since the last call.
    package func takeResize() -> Bool {
        ResizeNotice.take()
    }

    /// Writes `text` to standard output in one go.
    package func write(_ text: String) {
        writeAll(text)
    }

    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// Button events, and moves while a button is held (a drag on the scrollbar),
    /// reported in SGR form (the wheel is two buttons), and back off.
    static let mouseOnSequence = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    static let mouseOffSequence = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
}

/// Writes all of `text` to standard output, retrying short writes.
func writeAll(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
    }
}

// Signal handlers can reach only globals. They are written before the handlers are
// installed and read only by them.
nonisolated(unsafe) private var savedAttributes: termios?
nonisolated(unsafe) private var savedDescriptor: Int32 = -1
nonisolated(unsafe) private var leaveSequenceForSignals = Terminal.leaveSequence
/// With `takeOverCrashes`: each crash signal's message by its number, in bytes ready
/// to write (empty for other signals).
nonisolated(unsafe) private var crashesTakenOver = false
nonisolated(unsafe) private var crashMessages = UnsafeMutableBufferPointer<UnsafeMutableBufferPointer<UInt8>>(start: nil, count: 0)

/// What a signal that ends the program does first: the terminal restored when the
/// viewer holds it, the crash message when crashes are taken over; then the default
/// action.
func answerFatalSignal(_ signalNumber: Int32) {
    if var attributes = savedAttributes {
        let leave = leaveSequenceForSignals
        leave.utf8CString.withUnsafeBufferPointer { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count - 1) }
        tcsetattr(savedDescriptor, TCSAFLUSH, &attributes)
    }
    if signalNumber >= 0, signalNumber < crashMessages.count {
        let message = crashMessages[Int(signalNumber)]
        if let base = message.baseAddress { _ = Glibc.write(STDERR_FILENO, base, message.count) }
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
