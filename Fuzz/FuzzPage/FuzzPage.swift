import DocScroll
import DocumentLayout
import FuzzDriver
import HTMLParsing
import RenderCore
import SystemIO
import TestSupport
import TileRenderer

/// libFuzzer target: HTML bytes laid out at a width and a viewport height the input's
/// first two bytes choose. The contract checked: windowed and expanded frames agree,
/// each frame is the dump's lines from its offset cut at the width, the page streamed
/// in small fragments (cut inside text every few bytes) by parses from places a scan
/// guessed every few dozen bytes writes the dump's lines (the page's sheets unread, as
/// the stream reads none), no control character
/// reaches a line, and the page's model is the same whether libxml2 reads the
/// attributes the model drops or not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPage(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count >= 2 else { return 0 }
    let width = 1 + Int(data[0]) % 160
    let height = 1 + Int(data[1]) % 40
    let page = InputFile(name: "fuzz.html", bytes: Array(UnsafeBufferPointer(start: data + 2, count: count - 2)))
    if let filtered = try? HTMLParser.parse(page.bytes), let read = try? HTMLParser.parse(page.bytes, readingAsIs: true),
        filtered.treeDump != read.treeDump || filtered.nodes.indices.map({ filtered.text(of: .init($0)) }) != read.nodes.indices.map({ read.text(of: .init($0)) }) {
        fatalError("leaving out the attributes the model drops changed the model")
    }
    guard let windowed = try? DocScrollView(pages: [page], tables: [], options: .init(width: width, height: height, mode: .windowed)),
        let expanded = try? DocScrollView(pages: [page], tables: [], options: .init(width: width, height: height, mode: .expanded))
    else { return 0 }
    var dump: [String] = []
    windowed.dump { dump.append($0) }
    var expandedDump: [String] = []
    expanded.dump { expandedDump.append($0) }
    guard dump == expandedDump else { fatalError("windowed and expanded dumps differ") }
    // (The stream reads no stylesheet: it is compared with the page read without its
    // sheets, which may hide what it shows or box what it leaves plain.)
    var plainOptions = DocScrollView.Options(width: width, height: height, mode: .windowed)
    plainOptions.readsStyles = false
    guard let plain = try? DocScrollView(pages: [page], tables: [], options: plainOptions) else { return 0 }
    var plainDump: [String] = []
    plain.dump { plainDump.append($0) }
    var streamed: [UInt8] = []
    _ = try? PageStream.writeText(
        of: page.bytes, width: width, fragmentNodes: 16 + Int(data[1]) % 256, textBytes: 16 + Int(data[0] ^ data[1]) % 512,
        segmentBytes: 1 + Int(data[0] &+ data[1]) % 64, threads: SystemThreads()) { streamed += $0 }
    let streamedLines = streamed.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    guard streamedLines == plainDump else { fatalError("the streamed dump differs: \(streamedLines) \(plainDump)") }
    for line in dump where line.unicodeScalars.contains(where: TextWidth.isControl) {
        fatalError("a control character in a dumped line: \(line.debugDescription)")
    }
    let last = max(0, dump.count - height)
    for offset in Set([0, 1, last / 2, last, dump.count]) {
        let frame = windowed.frame(at: offset)
        guard frame == expanded.frame(at: offset) else { fatalError("windowed and expanded frames differ at \(offset)") }
        let expected = expectedFrameLines(windowed, shown: dump)
        let shown = (0..<frame.height).map { frame.plainText(row: $0) }
        guard shown == expected else { fatalError("the frame at \(offset) is not the dump's lines: \(shown) \(expected)") }
    }
    return 0
}

/// The entry point (see `runLibFuzzer`).
@_cdecl("FuzzPage_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzzPage)
}
