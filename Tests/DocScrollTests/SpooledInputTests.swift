import Foundation
import DocScrollViewer
import SampleContent
import SystemIO
import RenderCore
import TestSupport
import Testing
@testable import DocScroll

/// A page read from a pipe as it arrives shows the same rows as the page read whole.
@Suite("Pages arriving on a pipe")
struct SpooledInputTests {
    @Test func aPageArrivingInPiecesShowsAsThePageReadWhole() throws {
        let page = Array(PageGenerator.page(bytes: 300_000, seed: 12).utf8)
        let readEnd = try pipeWriting(page, pieces: 7_000)
        let spool = SpooledInput(descriptor: readEnd, memoryLimit: 64 << 10)
        let options = DocScrollView.Options(width: 70, height: 20)
        let arriving = try DocScrollView(pages: [InputFile(name: "stdin", path: nil, pageSource: spool)], tables: [], options: options)
        let first = arriving.frame(at: 0)
        let whole = try DocScrollView(pages: [InputFile(name: "page.html", bytes: page)], tables: [], options: options)
        #expect(first == whole.frame(at: 0))
        #expect(dumpLines(arriving) == dumpLines(whole))
        #expect(spool.isComplete)
        #expect(spool.byteCount == page.count)
        #expect(spool.isSpooledToFile, "past its memory limit, the input is kept in a file")
        close(readEnd)
    }
}

/// A page from a pipe that goes on past the spool's limit stops being read there, and
/// the view says so once, as a note the status line shows.
@Suite("Pages past the spool's limit")
struct SpoolLimitTests {
    @Test func thePageEndsAtTheLimitWithANote() throws {
        let spool = SpooledInput(memoryLimit: 16 << 10, capacity: 50_000) { append in
            while append(Array("<p>again and again</p>\n".utf8)[...]) {}
            return nil
        }
        let view = try DocScrollView(pages: [InputFile(name: "stdin", path: nil, pageSource: spool)], tables: [], options: .init(width: 40, height: 10))
        _ = spool.waitForBytes(beyond: 50_000)
        _ = view.pagesProgressed()
        #expect(view.takeNote() == "stdin: stopped reading at 50000 bytes, the spool's limit (--spool-limit); the rest is not shown")
        _ = view.pagesProgressed()
        #expect(view.takeNote() == nil, "said once")
        // What was read is shown: 50,000 bytes of 23-byte paragraphs.
        #expect(dumpLines(view).filter { $0 == "again and again" }.count == 50_000 / 23 + 1)
    }

    /// A compressed page cut short shows what came before the cut, and the view says
    /// why the rest is missing once it is decompressed that far.
    @Test func aCompressedPageCutShortShowsItsStartWithANote() throws {
        let page = Array((0..<20_000).map { "<p>line \($0)</p>" }.joined().utf8)
        let folder = try TemporaryFolder("cut-gz")
        try Data(page).write(to: folder.url.appendingPathComponent("page.html"))
        #expect(system("gzip -c '\(folder.path("page.html"))' | head -c 20000 > '\(folder.path("cut.html.gz"))'") == 0)
        let view = try DocScrollView(pages: [InputFile.page(folder.path("cut.html.gz"))], tables: [], options: .init(width: 40, height: 10))
        let lines = dumpLines(view)
        #expect(lines.first == "line 0")
        #expect(lines.count > 2_000)
        _ = view.pagesProgressed()
        #expect(view.takeNote() == "\(folder.path("cut.html.gz")): gzip-compressed, but compressed data ends too soon (what came before is shown)")
    }
}

/// In the viewer, a page still being read or indexed keeps keys answered: `G` waits
/// for the page's end with a note, and goes there once the page is scanned to its end.
@Suite("Jumps while a page is indexed")
struct PendingJumpTests {
    /// A search through a page whose bytes stop coming can be stopped: it waits for
    /// them a moment at a time, asking whether to stop meanwhile.
    @Test(.timeLimit(.minutes(1)))
    func aSearchWaitingForAPageStillArrivingCanBeStopped() throws {
        let page = Array(PageGenerator.page(bytes: 400_000, seed: 22).utf8)
        let rest = DispatchSemaphore(value: 0)
        let readEnd = try pipeWriting(page, pieces: 100_000, pausingAfter: 100_000, until: rest)
        defer { rest.signal() }
        let view = try DocScrollView(
            pages: [InputFile(name: "stdin", path: nil, pageSource: SpooledInput(descriptor: readEnd))], tables: [], options: .init(width: 60, height: 20))
        view.waitsForPages = false
        _ = view.frame()
        let asked = ContinuousClock.now
        var asks = 0
        let result = view.find("zqxjvkwzqxj", from: nil, forward: true, isCancelled: {
            asks += 1
            // (Stopped only once asked again, past a wait: on a busy machine the first
            // ask may already come late.)
            return asks > 1 && ContinuousClock.now - asked > .milliseconds(300)
        })
        #expect(result == .cancelled)
        #expect(asks > 1, "asked again while it waited")
    }

    @Test func theEndIsReachedOnceThePageIsIndexed() throws {
        let page = Array(PageGenerator.page(bytes: 400_000, seed: 21).utf8)
        let rest = DispatchSemaphore(value: 0)
        let readEnd = try pipeWriting(page, pieces: 200_000, pausingAfter: 200_000, until: rest)
        let view = try DocScrollView(
            pages: [InputFile(name: "stdin", path: nil, pageSource: SpooledInput(descriptor: readEnd))], tables: [], options: .init(width: 60, height: 20))
        view.waitsForPages = false
        let viewer = Viewer(view: view, width: 60, height: 20)
        _ = viewer.start()
        _ = viewer.handle(key: .character("G"))
        #expect(viewer.pendingJump == .bottom)
        #expect(viewer.message?.hasPrefix("Going there once the end is known") == true)
        // Meanwhile the page's scan, which finds its end, has the cores.
        #expect(view.locatesEndsFirst)
        // Another key gives the jump up; Ctrl-C says so; G asks again.
        _ = viewer.handle(key: .character("j"))
        #expect(viewer.pendingJump == nil)
        #expect(!view.locatesEndsFirst)
        _ = viewer.handle(key: .character("G"))
        #expect(viewer.handle(key: .control("c")).count == 1)
        #expect(viewer.pendingJump == nil)
        #expect(viewer.message == "Jump given up")
        _ = viewer.handle(key: .character("G"))
        // The rest of the page arrives; the loop tells the viewer as it is scanned.
        rest.signal()
        var screen: FrameBuffer?
        for _ in 0..<2_000 where viewer.pendingJump != nil {
            Thread.sleep(forTimeInterval: 0.01)
            if view.pagesProgressed() { for case .draw(let drawn) in viewer.handle(.pagesProgressed) { screen = drawn } }
        }
        #expect(viewer.pendingJump == nil)
        #expect(!view.locatesEndsFirst, "the parse goes on")
        #expect(view.scrollOffset == view.maxScrollOffset)
        // Once the parse has checked the scan's guesses too, the status says no more.
        for _ in 0..<2_000 where view.indexingProgress != nil {
            Thread.sleep(forTimeInterval: 0.01)
            if view.pagesProgressed() { for case .draw(let drawn) in viewer.handle(.pagesProgressed) { screen = drawn } }
        }
        let status = try #require(screen).plainText(row: 19)
        // At the end; the rows above it not laid out are estimates (`~`).
        #expect(status.hasSuffix("100%"), "\(status)")
        #expect(!status.contains("indexing"))
        close(readEnd)
    }
}

/// A pipe a thread of its own writes `bytes` into (a pipe holds 64 KB until it is
/// read), `pieces` bytes at a time a millisecond apart, stopping after `pausingAfter`
/// bytes until `until` is signalled; its read end.
func pipeWriting(_ bytes: [UInt8], pieces: Int, pausingAfter pause: Int = .max, until resume: DispatchSemaphore? = nil) throws -> Int32 {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let writeEnd = ends[1]
    let writer = Thread {
        var offset = 0
        while offset < bytes.count {
            if offset == pause { resume?.wait() }
            let count = min(pieces, bytes.count - offset, offset < pause ? pause - offset : .max)
            _ = bytes[offset..<(offset + count)].withUnsafeBytes { write(writeEnd, $0.baseAddress, count) }
            offset += count
            Thread.sleep(forTimeInterval: 0.001)
        }
        close(writeEnd)
    }
    writer.start()
    return ends[0]
}

/// A page in another encoding is converted as it is read, a window at a time (a
/// multi-byte character cut by a window waits for the next), and shows exactly what
/// the page converted whole shows.
@Suite("Pages in other encodings")
struct ConvertedPageTests {
    /// `text` in `encoding`, through iconv.
    static func encoded(_ text: String, as encoding: String) throws -> [UInt8] {
        let handle = try #require(iconv_open(encoding, "UTF-8"))
        defer { iconv_close(handle) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 2 + 16)
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var inPointer = source.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var inLeft = source.count
                var outPointer = target.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var outLeft = target.count
                _ = iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
                return target.count - outLeft
            }
        }
        return Array(output[0..<produced])
    }

    @Test(arguments: ["GBK", "SHIFT_JIS", "UTF-16LE"])
    func aConvertedPageShowsAsThePageConvertedWhole(encoding: String) throws {
        var html = encoding == "UTF-16LE" ? "" : "<meta charset=\"\(encoding)\">"
        for item in 0..<4_000 { html += "<p>第\(item)段 中文 日本語のテキスト \(item) <a href=\"#p\(item)\">リンク</a></p>\n" }
        var bytes = try Self.encoded(html, as: encoding)
        if encoding == "UTF-16LE" { bytes = [0xFF, 0xFE] + bytes }
        #expect(bytes.count > 3 << 16, "several windows")
        let file = try temporaryFile("page.html", bytes)
        let options = DocScrollView.Options(width: 70, height: 20)
        let windowed = try DocScrollView(pages: [try InputFile.page(file)], tables: [], options: options)
        var expandedOptions = options
        expandedOptions.mode = .expanded
        let expanded = try DocScrollView(pages: [InputFile(name: "page.html", bytes: bytes)], tables: [], options: expandedOptions)
        let dump = dumpLines(expanded)
        #expect(dump.contains { $0.contains("第3999段 中文 日本語のテキスト 3999") })
        #expect(dumpLines(windowed) == dump)
        for offset in [0, 1_000, expanded.maxScrollOffset] {
            #expect(windowed.frame(at: offset) == expanded.frame(at: offset), "\(encoding) at \(offset)")
        }
    }
}
