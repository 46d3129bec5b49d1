import Foundation
import SampleContent
import Testing
@testable import DocScroll

/// A page read from a pipe as it arrives shows the same rows as the page read whole.
@Suite("Pages arriving on a pipe")
struct SpooledInputTests {
    @Test func aPageArrivingInPiecesShowsAsThePageReadWhole() throws {
        let page = Array(PageGenerator.page(bytes: 300_000, seed: 12).utf8)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writeEnd = ends[1]
        let writer = Thread {
            var offset = 0
            while offset < page.count {
                let count = min(7_000, page.count - offset)
                _ = page[offset..<(offset + count)].withUnsafeBytes { write(writeEnd, $0.baseAddress, count) }
                offset += count
                Thread.sleep(forTimeInterval: 0.001)
            }
            close(writeEnd)
        }
        writer.start()
        let spool = SpooledInput(descriptor: ends[0], memoryLimit: 64 << 10)
        let options = DocScrollView.Options(width: 70, height: 20)
        let arriving = try DocScrollView(pages: [InputFile(name: "stdin", pageSource: spool)], tables: [], options: options)
        let first = arriving.frame(at: 0)
        let whole = try DocScrollView(pages: [InputFile(name: "page.html", bytes: page)], tables: [], options: options)
        #expect(first == whole.frame(at: 0))
        #expect(dumpLines(arriving) == dumpLines(whole))
        #expect(spool.isComplete)
        #expect(spool.byteCount == page.count)
        #expect(spool.isSpooledToFile, "past its memory limit, the input is kept in a file")
        close(ends[0])
    }
}
