public import TileRenderer
public import RenderCore
import SystemIO

/// Frame times of a run through the whole stack, top to bottom, as a reader paging
/// through: what `--scroll-through` prints.
public struct ScrollThroughReport: Sendable {
    /// The view's memory model.
    public var mode: RenderMode
    /// Frames drawn.
    public var frames: Int
    /// Rows between two frames.
    public var step: Int
    /// Seconds each frame took, from the scroll to the frame presented, sorted.
    public var frameSeconds: [Double]
    /// Most bytes of tiles held at any time (for the whole life of the view).
    public var tileBytesPeak: Int

    /// The `percentile`th frame time in milliseconds (nearest rank; 100 is the
    /// longest).
    public func frameMilliseconds(percentile: Double) -> Double {
        guard !frameSeconds.isEmpty else { return 0 }
        let rank = Int((percentile / 100 * Double(frameSeconds.count)).rounded(.up)) - 1
        return frameSeconds[min(max(0, rank), frameSeconds.count - 1)] * 1000
    }

    /// The figures as one JSON object on one line, keys in a fixed order.
    public var json: String {
        let fields: [(String, String)] = [
            ("mode", "\"\(mode.rawValue)\""), ("frames", "\(frames)"), ("step", "\(step)"),
            ("frameMedianMs", fixedPoint(frameMilliseconds(percentile: 50))),
            ("frameP99Ms", fixedPoint(frameMilliseconds(percentile: 99))),
            ("frameMaxMs", fixedPoint(frameMilliseconds(percentile: 100))),
            ("tileBytesPeak", "\(tileBytesPeak)"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}

extension DocScrollView {
    /// Draws every frame from the top of the stack to the bottom, `step` rows apart,
    /// handing each to `present` (a terminal writer, say) and timing both.
    public func scrollThrough(step: Int, present: (FrameBuffer) -> Void = { _ in }) -> ScrollThroughReport {
        let step = max(1, step)
        var seconds: [Double] = []
        var offset = 0
        let clock = ContinuousClock()
        while true {
            let elapsed = clock.measure { present(frame(at: offset)) }
            seconds.append(elapsed.seconds)
            // Pictures arriving later (`picturesArriveLater`) are waited for between
            // frames, as a reader looks at a screen: the frame that shows them is drawn
            // and timed too. (What a frame costs is what keeps a key waiting; the
            // decoding, on its own thread, is not.)
            if picturesArriveLater, waitForPictures() {
                seconds.append(clock.measure { present(frame(at: offset)) }.seconds)
            }
            // The end is known once the pages above it are laid out: ask each time.
            guard offset < maxScrollOffset else { break }
            offset = min(offset + step, maxScrollOffset)
        }
        return ScrollThroughReport(
            mode: renderer.mode, frames: seconds.count, step: step, frameSeconds: seconds.sorted(),
            tileBytesPeak: renderer.statistics.tileBytesPeak)
    }
}

extension DocScrollView {
    /// Waits until no picture waits to be drawn; gives whether any arrived.
    func waitForPictures() -> Bool {
        while picturesDecoding { SystemThreads.sleep(milliseconds: 1) }
        return notePictureArrivals()
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

/// `value` with three decimals, as JSON numbers are written here.
func fixedPoint(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
