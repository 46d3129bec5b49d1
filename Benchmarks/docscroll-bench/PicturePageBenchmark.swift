import Foundation
import Pictures

/// The memory model in pixels: a page of real pictures (the PNG and JPEG files of the
/// documentation installed, each copied under a name of its own so that no two
/// `<img>` share a file, each beside a paragraph of text), at a number of pictures,
/// windowed against expanded, at 200x60 with `--images symbols`. Each point runs in
/// fresh processes: one that draws the first frame with its pictures (`--frame 0`,
/// wall time from outside), one that scrolls through everything a screen at a time
/// (`--scroll-through --stats`: its first screen's time, text and boxes (windowed, the
/// pictures arrive later, as in the viewer; expanded decodes them all first); frame
/// times, peak RSS, pictures decoded and the bytes held for them).
enum PicturePageBenchmark {
    struct Measurement {
        let mode: String
        let pictures: Int
        /// Wall time of a process that draws the first frame, pictures drawn.
        let picturesDrawnWallSeconds: Double
        /// The first screen's own time (from building the view), of the scroll-through.
        let firstScreenSeconds: Double
        let frames: Int
        let frameMedianMilliseconds: Double
        let frameMaxMilliseconds: Double
        let peakRSSBytes: Int
        let picturesDecoded: Int
        let pictureBytesPeak: Int
        /// In the viewer (windowed only): `G`'s milliseconds to the end of the page, and
        /// then to its pictures drawn; `nil` where not measured or not within the limit.
        var endMilliseconds: Double?
        var endPicturesMilliseconds: Double?
    }

    static let width = 200
    static let height = 60

    /// The documentation's pictures that decode to at least 32 pixels each way.
    static func sourcePictures() -> [String] {
        var paths: [String] = []
        let walker = FileManager.default.enumerator(atPath: "/usr/share/doc")
        while let path = walker?.nextObject() as? String {
            let name = path.lowercased()
            guard name.hasSuffix(".png") || name.hasSuffix(".jpg") || name.hasSuffix(".jpeg") else { continue }
            let full = "/usr/share/doc/" + path
            guard let data = FileManager.default.contents(atPath: full), let header = ImageHeader.read(data),
                header.width >= 32, header.height >= 32, (try? ImageDecoder.decode(Array(data))) != nil
            else { continue }
            paths.append(full)
        }
        return paths.sorted()
    }

    /// A page of `count` pictures in `directory`, copies of `sources` in turn, each
    /// after a paragraph of text.
    static func page(count: Int, sources: [String], in directory: URL) throws -> URL {
        var html = "<html><body><h1>Pictures</h1>\n"
        for index in 0..<count {
            let source = sources[index % sources.count]
            let name = String(format: "picture-%05d.", index) + (source as NSString).pathExtension
            let copy = directory.appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: copy.path) { try FileManager.default.copyItem(atPath: source, toPath: copy.path) }
            html += "<p>Picture \(index + 1), from \((source as NSString).lastPathComponent): the text beside it, long enough to "
                + "wrap once or twice at the width of a terminal, as a caption or a paragraph does.</p>\n"
            html += "<p><img src=\"\(name)\" alt=\"picture \(index + 1)\"></p>\n"
        }
        let page = directory.appendingPathComponent("pictures-\(count).html")
        try Data((html + "</body></html>\n").utf8).write(to: page)
        return page
    }

    static func run(counts: [Int], docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-pictures-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = sourcePictures()
        guard !sources.isEmpty else { fail("no pictures under /usr/share/doc (python3.11-doc installs some)") }
        var results: [Measurement] = []
        for count in counts {
            let page = try page(count: count, sources: sources, in: directory)
            for mode in ["windowed", "expanded"] {
                let common = [
                    page.path, "--images", "symbols", "--width", "\(width)", "--height", "\(height)", "--mode", mode,
                ]
                let wall = try TimedRun.run(docscroll, common + ["--frame", "0"], directory: directory)
                let (report, stats) = try MemoryBenchmark.scrollThrough(docscroll, common)
                var measurement = Measurement(
                    mode: mode, pictures: count, picturesDrawnWallSeconds: wall.seconds,
                    firstScreenSeconds: stats["firstFrameSeconds"] as? Double ?? 0,
                    frames: report["frames"] as? Int ?? 0, frameMedianMilliseconds: report["frameMedianMs"] as? Double ?? 0,
                    frameMaxMilliseconds: report["frameMaxMs"] as? Double ?? 0, peakRSSBytes: stats["peakRSSBytes"] as? Int ?? 0,
                    picturesDecoded: stats["picturesDecoded"] as? Int ?? 0, pictureBytesPeak: stats["pictureBytesPeak"] as? Int ?? 0)
                if mode == "windowed" {
                    (measurement.endMilliseconds, measurement.endPicturesMilliseconds) = try endKey(page: page.path, docscroll: docscroll)
                    progress(String(
                        format: "%d pictures windowed, G: %@ ms to the end, %@ ms more to its pictures", count,
                        measurement.endMilliseconds.map { String(format: "%.1f", $0) } ?? "-",
                        measurement.endPicturesMilliseconds.map { String(format: "%.1f", $0) } ?? "-"))
                }
                results.append(measurement)
                progress(String(
                    format: "%d pictures %@: first screen %.3f s, with its pictures %.2f s wall; %d frames, median %.2f ms, "
                        + "max %.2f ms; %d decoded, %@ held at peak; RSS %@ peak",
                    count, mode, measurement.firstScreenSeconds, measurement.picturesDrawnWallSeconds, measurement.frames,
                    measurement.frameMedianMilliseconds, measurement.frameMaxMilliseconds, measurement.picturesDecoded,
                    SVGPlot.bytes(Double(measurement.pictureBytesPeak)), SVGPlot.bytes(Double(measurement.peakRSSBytes))))
            }
        }
        return results
    }
}


extension PicturePageBenchmark {
    /// `G` in the viewer on `page` (a pseudo-terminal of 200x60, `--images symbols`),
    /// pressed once the first screen is there: milliseconds to the end of the page,
    /// then from there to the end's pictures drawn (no box's alt text, `picture N`,
    /// left on screen).
    static func endKey(page: String, docscroll: String) throws -> (end: Double?, pictures: Double?) {
        let terminal = try PseudoTerminalProcess(
            docscroll, [page, "--images", "symbols"], width: UInt16(width), height: UInt16(height))
        defer { terminal.stop() }
        var screen = TerminalScreen(width: width, height: height)
        let limit = Duration.seconds(30)
        guard terminal.readUntil(limit: limit, { bytes in
            screen.take(bytes)
            return screen.position?.first == 1
        }) != nil else { return (nil, nil) }
        _ = terminal.readUntilQuiet(milliseconds: 200, limit: .seconds(5)) { screen.take($0) }
        let pressed = ContinuousClock.now
        terminal.send("G")
        guard let end = terminal.readUntil(limit: limit, { bytes in
            screen.take(bytes)
            return screen.position.map { $0.last == $0.total } ?? false
        }) else { return (nil, nil) }
        let showsAltText = { (screen: TerminalScreen) in screen.rows.contains { $0.contains("picture ") } }
        let drawn = showsAltText(screen) ? terminal.readUntil(limit: limit, { bytes in
            screen.take(bytes)
            return !showsAltText(screen)
        }) : end
        return ((end - pressed).seconds * 1000, drawn.map { ($0 - end).seconds * 1000 })
    }
}
