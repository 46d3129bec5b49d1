import Foundation
import TestSupport
import Testing

/// Draws a page's picture in a real terminal that draws sixel (xterm as a VT340, on a
/// virtual X screen) and reads the screen back in pixels: the picture is where its
/// box is, in its colours, and gone once scrolled away and after quitting.
@Suite("Sixel pictures in xterm", .serialized, .enabled(if: XSession.available, "needs Xvfb, xterm, xwd and xdotool"))
struct SixelTerminalTests {
    /// (`auto`: xterm says it draws sixel in its device attributes.)
    @Test(arguments: ["sixel", "auto"])
    func pictureIsDrawnInItsBoxAndLeavesNothingBehind(images: String) throws {
        let folder = try TemporaryFolder("sixel-terminal")
        try Data(TestPNG.solid(width: 120, height: 60, rgb: 0xFF8000)).write(to: URL(fileURLWithPath: folder.path("orange.png")))
        let filler = (1...80).map { "<p>Paragraph \($0) below the picture.</p>" }.joined()
        try folder.write("page.html", "<p>Above.</p><p><img src=orange.png alt=\"an orange box\"></p>\(filler)")
        let exited = folder.path("exited")
        let errors = folder.path("errors")
        let docscroll = builtProgramPath("docscroll")
        let session = try XSession(
            command: "NO_COLOR= \(docscroll) --images \(images) \(folder.path("page.html")) 2> \(errors); echo $? > \(exited); sleep 60",
            folder: folder,
            state: {
                let status = (try? String(contentsOfFile: exited, encoding: .utf8)).map { "exited \($0)" } ?? "running"
                return "docscroll \(status), its errors: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "none")"
            })

        // xterm's fixed font is 6 by 13 pixels: the 120x60 picture takes 20 columns by 5
        // rows, drawn 120 by 60 pixels from the left edge of the third row (the first
        // paragraph, then the blank row between paragraphs).
        let drawn = try session.waitForScreen("the picture in orange") { $0.orange.count >= 120 * 60 * 9 / 10 }
        let box = try #require(drawn.orange.bounds)
        #expect(drawn.orange.count <= 120 * 65, "no more orange than the picture holds")
        #expect((110...125).contains(box.width) && (55...66).contains(box.height), "drawn at its size: \(box)")
        #expect(box.minX <= session.border + 1 && (2 * 13...2 * 13 + session.border + 1).contains(box.minY), "placed in its box: \(box)")

        try session.key("G")
        _ = try session.waitForScreen("the picture scrolled away") { $0.orange.count == 0 }
        try session.key("g")
        let back = try session.waitForScreen("the picture back at the top") { $0.orange.count >= 120 * 60 * 9 / 10 }
        #expect(back.orange.bounds == box)
        try session.key("q")
        _ = try session.waitForScreen("docscroll to exit") { _ in FileManager.default.fileExists(atPath: exited) }
        let after = try session.screenshot()
        #expect(after.orange.count == 0, "no pixels left behind after quitting")
        #expect(try String(contentsOfFile: exited, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}

/// A virtual X screen (Xvfb) with one xterm on it, which runs `command` through the
/// shell; keys reach it through XTEST (xdotool), screenshots come from xwd.
final class XSession {
    static let available = ["Xvfb", "xterm", "xwd", "xdotool"].allSatisfy { programPath($0) != nil }

    /// The width of xterm's inner border, in pixels, before its first cell.
    let border = 2
    private var server = Process()
    private var terminal = Process()
    private var display = ""
    /// What the program run says of itself, told when a wait times out.
    private let state: () -> String

    /// Xvfb and an xterm on it running `command`. A launch whose xterm ends before its
    /// shell starts (it did once in a hundred full runs, beside the other suites) is
    /// made again, up to three times; then what xterm said is the error.
    /// - Parameter folder: where the shell notes that it started, and xterm's errors go.
    init(command: String, folder: TemporaryFolder, state: @escaping () -> String = { "" }) throws {
        self.state = state
        let started = folder.path("xterm-started")
        let errors = folder.path("xterm-errors")
        var said = ""
        for _ in 0..<3 {
            try launch(command: "touch \(started); \(command)", errors: errors)
            // The shell starts, or xterm ends without it (up to 30 s).
            for _ in 0..<300 where terminal.isRunning && !FileManager.default.fileExists(atPath: started) {
                Thread.sleep(forTimeInterval: 0.1)
            }
            if FileManager.default.fileExists(atPath: started) { return }
            said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            stop()
        }
        throw XSessionError(message: "xterm ended before its shell started, three times: \(said)")
    }

    struct XSessionError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private func launch(command: String, errors: String) throws {
        server = Process()
        terminal = Process()
        let displayNumber = Pipe()
        server.executableURL = URL(fileURLWithPath: Self.programPath("Xvfb")!)
        server.arguments = ["-displayfd", "1", "-screen", "0", "640x400x24", "-nolisten", "tcp"]
        server.standardOutput = displayNumber
        server.standardError = FileHandle.nullDevice
        try server.run()
        var number = Data()
        while !number.contains(UInt8(ascii: "\n")) {
            let more = displayNumber.fileHandleForReading.availableData
            if more.isEmpty { throw CocoaError(.fileReadUnknown) }
            number.append(more)
        }
        display = ":" + String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)

        terminal.executableURL = URL(fileURLWithPath: Self.programPath("xterm")!)
        terminal.arguments = [
            "-display", display, "-ti", "vt340", "-geometry", "80x24+0+0", "-fn", "fixed", "-b", "\(border)",
            "-xrm", "XTerm*numColorRegisters: 256", "-e", "sh", "-c", command,
        ]
        terminal.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        terminal.standardError = FileHandle(forWritingAtPath: errors) ?? FileHandle.nullDevice
        try terminal.run()
    }

    /// Ends xterm and Xvfb.
    private func stop() {
        // (xterm outlives a SIGTERM; its shell goes with the closed terminal.)
        for process in [terminal, server] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
    }

    /// Presses `key` in the terminal: the pointer goes over it first, as focus follows
    /// the pointer on a screen without a window manager.
    func key(_ key: String) throws {
        try run("xdotool", ["mousemove", "100", "100"])
        try run("xdotool", ["key", key])
    }

    /// Polls the screen until `condition` holds, up to 30 seconds.
    func waitForScreen(_ description: String, _ condition: (Screenshot) -> Bool) throws -> Screenshot {
        var shot = try screenshot()
        for _ in 0..<150 {
            if condition(shot) { return shot }
            Thread.sleep(forTimeInterval: 0.2)
            shot = try screenshot()
        }
        Issue.record(
            "timed out waiting for \(description); the screen holds \(shot.orange.count) orange pixels; xterm \(terminal.isRunning ? "runs" : "ended"); \(state())")
        return shot
    }

    func screenshot() throws -> Screenshot {
        try Screenshot(xwd: run("xwd", ["-root", "-silent"]))
    }

    @discardableResult
    private func run(_ program: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.programPath(program)!)
        process.arguments = ["-display", display] + arguments
        if program == "xdotool" {
            process.arguments = arguments
            process.environment = ["DISPLAY": display]
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    private static func programPath(_ name: String) -> String? {
        ["/usr/bin", "/bin", "/usr/local/bin"].map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The orange pixels of an X screenshot in xwd's format (a big-endian header, a
/// colour map, then 32-bit pixels, blue first, row after row).
struct Screenshot {
    struct Region {
        var count = 0
        struct Bounds: Equatable { var minX, minY, width, height: Int }
        var bounds: Bounds? {
            guard count > 0 else { return nil }
            return Bounds(minX: minX, minY: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }
        fileprivate var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    }

    var orange = Region()

    init(xwd: Data) throws {
        let bytes = [UInt8](xwd)
        func field(_ index: Int) -> Int {
            bytes[index * 4..<index * 4 + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard bytes.count >= 100, field(11) == 32 else { throw CocoaError(.fileReadCorruptFile) }
        let (width, height, bytesPerLine) = (field(4), field(5), field(12))
        let start = field(0) + field(19) * 12
        guard bytes.count >= start + height * bytesPerLine else { throw CocoaError(.fileReadCorruptFile) }
        bytes.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                var offset = start + y * bytesPerLine
                for x in 0..<width {
                    // The picture's 255,128,0 within a sixel register's precision.
                    if pixels[offset + 2] > 240, (110...145).contains(pixels[offset + 1]), pixels[offset] < 20 {
                        orange.count += 1
                        orange.minX = min(orange.minX, x)
                        orange.maxX = max(orange.maxX, x)
                        orange.minY = min(orange.minY, y)
                        orange.maxY = max(orange.maxY, y)
                    }
                    offset += 4
                }
            }
        }
    }
}
