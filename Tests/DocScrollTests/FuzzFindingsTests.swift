import DocScroll
import Foundation
import TestSupport
import Testing

/// Inputs the fuzz targets (`Fuzz/`) found failing, kept as they were found: each file
/// holds the target's input (its first bytes choose the width and the height).
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzFindings")

    /// FuzzPage's contract: windowed and expanded dump the same lines, and every frame
    /// is the dump's lines from its offset.
    @Test(arguments: ["page-1.bin", "page-2.bin"])
    func pagesKeepTheContract(name: String) throws {
        let input = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let width = 1 + Int(input[0]) % 160
        let height = 1 + Int(input[1]) % 40
        let page = InputFile(name: name, bytes: Array(input.dropFirst(2)))
        let windowed = try DocScrollView(pages: [page], tables: [], options: .init(width: width, height: height, mode: .windowed))
        let expanded = try DocScrollView(pages: [page], tables: [], options: .init(width: width, height: height, mode: .expanded))
        let dump = dumpLines(windowed)
        let expandedDump = dumpLines(expanded)
        #expect(dump == expandedDump)
        if dump != expandedDump {
            for (index, (a, b)) in zip(dump, expandedDump).enumerated() where a != b {
                Issue.record("line \(index): windowed \(a.debugDescription), expanded \(b.debugDescription)")
                break
            }
            #expect(dump.count == expandedDump.count)
        }
        for offset in [0, 1, max(0, dump.count - height)] {
            let frame = windowed.frame(at: offset)
            #expect(frame == expanded.frame(at: offset), "offset \(offset)")
            #expect((0..<frame.height).map { frame.plainText(row: $0) } == expectedFrameLines(windowed, shown: shownLines(windowed)), "offset \(offset)")
        }
    }
}
