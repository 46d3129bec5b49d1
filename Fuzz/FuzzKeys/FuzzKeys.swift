import DocScroll
import DocScrollViewer
import FuzzDriver
import RenderCore

/// A page and tables small enough to build for every input: one table, then two as
/// tabs (`t` `T` switch them).
let page = Array(##"<h1 id="top">Title</h1><p>Some <a href="#top">text</a> and <a href="other.html">more</a>.</p><ol><li>one<li>two</ol><pre>wide wide wide wide wide wide wide wide wide wide wide</pre><table><tr><td>a<td>b</table>"##.utf8)
let table = Array(#"[{"id": 1, "name": "ada", "text": "a long value that wraps"}, {"id": 2, "name": "中文"}, {"id": 3}]"#.utf8)

/// libFuzzer target: terminal bytes decoded into keys and fed to the viewer's state
/// machine (resizes chosen by the input too); every screen is the viewer's size, and
/// the state machine never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count >= 2 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: count)
    guard let view = try? DocScrollView(
        pages: [InputFile(name: "page.html", bytes: page)],
        tables: ["items.json", "first.json", "second.json"].map { InputFile(name: $0, bytes: table) },
        options: .init(width: 40, height: 10, tabsFrom: 1))
    else { fatalError("the sample cannot be read") }
    let viewer = Viewer(view: view, width: 40, height: 10)
    var width = 40
    var height = 10
    func check(_ actions: [ViewerAction]) {
        for case .draw(let screen) in actions where screen.width != width || screen.height != height {
            fatalError("a screen of \(screen.width)x\(screen.height) for a terminal of \(width)x\(height)")
        }
    }
    check(viewer.start())
    var decoder = KeyDecoder()
    for chunk in bytes.split(separator: 0xFF, omittingEmptySubsequences: false) {
        // A 0xFF byte and the next two resize the terminal.
        if chunk.count >= 2, chunk.first == 0xFE {
            width = 1 + Int(chunk[chunk.startIndex + 1]) % 120
            height = 2 + Int(chunk.last!) % 50
            check(viewer.handle(.resize(width: width, height: height)))
            continue
        }
        let keys = decoder.feed(chunk)
        // Keys one at a time, or read together as the terminal loop hands them over
        // (a chunk starting with an odd byte): one screen after the last.
        if chunk.first.map({ $0 & 1 == 1 }) ?? false {
            let actions = viewer.handle(keys: keys)
            if actions.contains(.quit) { return 0 }
            check(actions)
            continue
        }
        for key in keys {
            let actions = viewer.handle(key: key)
            if actions.contains(.quit) { return 0 }
            check(actions)
        }
    }
    return 0
}

/// The entry point (see `runLibFuzzer`).
@_cdecl("FuzzKeys_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzzKeys)
}
