import DocScroll
import DocScrollViewer
import SystemIO

/// The thin loop between the terminal and the `Viewer` state machine: keys and
/// resizes in, frames out, one write a frame. While no key is waiting, it lays out
/// and builds what the next frames are likely to need, so that a key is answered
/// with only the work of its own screen.
package enum InteractiveSession {
    /// Runs until the reader quits.
    /// - Returns: `false` when the terminal could not be put in raw mode.
    /// - Parameters:
    ///   - startCommands: what the viewer does first (`+G`, `+/pattern`...).
    ///   - typedAhead: keys typed while the inputs were read, answered after them.
    package static func run(
        view: DocScrollView, terminal: any TerminalDevice, colors: ColorDepth, mouse: Bool, showsStatistics: Bool, showsScrollbar: Bool,
        startCommands: [ViewerCommand] = [], typedAhead typedWhileReading: [UInt8] = []
    ) -> Bool {
        let size = terminal.size ?? (80, 24)
        view.defersPrefetch = true
        // Keys are answered while a page is still arriving or being indexed: what is
        // not there yet shows blank and is drawn when it comes.
        view.waitsForPages = false
        view.picturesArriveLater = true
        view.waitForFirstScreen(seconds: 0.05)
        let viewer = Viewer(view: view, width: size.width, height: size.height, showsStatistics: showsStatistics, showsScrollbar: showsScrollbar)
        guard terminal.enterInteractiveMode(mouse: mouse) else { return false }
        var writer = ANSIFrameWriter(colors: colors)
        // Pictures in real pixels, drawn over each frame.
        var pixels = view.pixelProtocol.map(PixelOverlay.init)
        defer {
            if let clear = pixels?.clear(), !clear.isEmpty { terminal.write(clear) }
            terminal.restore()
        }
        var decoder = KeyDecoder()
        // Keys typed during a long search: Ctrl-C stops it, the others wait their turn.
        let typedAhead = TypedAhead()
        typedAhead.bytes = typedWhileReading
        viewer.interruption = {
            let bytes = terminal.read(timeout: 0)
            typedAhead.bytes += bytes.filter { $0 != 0x03 }
            return bytes.contains(0x03)
        }
        // A page a link leads to is opened while Ctrl-C and q are live; keys typed
        // meanwhile wait their turn.
        var statusOverwritten = false
        viewer.runsLongWork = { what, work in
            switch LiveWait.run(terminal: terminal, saying: what, interruptQuits: false, said: { statusOverwritten = true }, work) {
            case .done(_, let typed):
                typedAhead.bytes += typed
                return .done
            case .interrupted(let typed):
                typedAhead.bytes += typed
                return .interrupted
            case .quit:
                return .quit
            }
        }
        // A search that takes long says how far it has gone, at most every 100 ms.
        var searchClock = ContinuousClock.now
        var searchShown: ContinuousClock.Instant?
        viewer.searchProgress = { fraction in
            let now = ContinuousClock.now
            guard fraction > 0 else {
                (searchClock, searchShown) = (now, nil)
                return
            }
            guard now - searchClock >= .milliseconds(50), searchShown.map({ now - $0 >= .milliseconds(100) }) ?? true else { return }
            searchShown = now
            let percent = Int((fraction * 100).rounded(.down))
            terminal.write(LiveWait.statusLine("Searching… \(percent)% (Ctrl-C stops)", rows: terminal.size?.height ?? 24))
            statusOverwritten = true
        }
        var actions = viewer.start()
        for command in startCommands { actions += viewer.handle(command) }
        var prefetched = false
        // Whether the last idle turn laid out a sample of a page (the next goes on at once).
        var refinesEstimates = false
        // While following (F), the files' changes wake the loop.
        var watch: FileChangeWatch?
        while true {
            for action in actions {
                switch action {
                case .draw(let screen):
                    // (A status line written over the screen meanwhile is not the writer's.)
                    if statusOverwritten { writer.invalidate() }
                    statusOverwritten = false
                    if var overlay = pixels {
                        let placements = viewer.showsFrame ? view.pixelPlacements() : []
                        terminal.write(overlay.update(to: screen, placements: placements, view: view, writer: &writer))
                        pixels = overlay
                    } else {
                        terminal.write(writer.update(to: screen))
                    }
                    prefetched = false
                case .suspend:
                    guard terminal.suspend() else { return true }
                    writer.invalidate()
                    terminal.write(writer.update(to: viewer.screen()))
                case .quit: return true
                }
            }
            actions = []
            if terminal.takeResize(), let size = terminal.size {
                writer.invalidate()
                actions += viewer.handle(.resize(width: size.width, height: size.height))
                continue
            }
            // Idle work first, but only when no key is waiting.
            let ahead = typedAhead.take()
            // A jump waiting for the pages' ends looks again soon; a table being indexed
            // goes on at once.
            let wait: Int32 = view.indexesTables || refinesEstimates ? 0 : viewer.pendingJump == nil && !view.picturesDecoding ? 100 : 10
            if viewer.isFollowing, watch == nil { watch = FileChangeWatch(paths: view.followedPaths) }
            if !viewer.isFollowing { watch = nil }
            let waking = watch?.descriptor
            var bytes = ahead + terminal.read(timeout: ahead.isEmpty && prefetched ? wait : 0, waking: waking)
            if bytes.isEmpty, !prefetched {
                view.prefetch()
                prefetched = true
                bytes = terminal.read(timeout: wait, waking: waking)
            }
            if bytes.isEmpty, view.indexesTables { view.indexTables() }
            refinesEstimates = bytes.isEmpty && !view.indexesTables && view.refineEstimates()
            if viewer.isFollowing {
                watch?.drain()
                if view.followFiles() { actions += viewer.handle(.filesChanged) }
            }
            var keys = decoder.feed(bytes)
            if bytes.isEmpty { keys += decoder.flush() }
            if keys.isEmpty, view.pagesProgressed() || refinesEstimates { actions += viewer.handle(.pagesProgressed) }
            actions += viewer.handle(keys: keys)
        }
    }
}

/// Bytes read while the viewer was busy, kept for the loop.
private final class TypedAhead {
    var bytes: [UInt8] = []

    func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}
