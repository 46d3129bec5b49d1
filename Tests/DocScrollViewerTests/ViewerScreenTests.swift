import DocScroll
import DocScrollViewer
import RenderCore
import TestSupport
import Testing

/// Whole screens of the viewer, status line included, as a reader sees them at two
/// sizes: the first screen, the position, the search prompt and its match, a link in
/// focus, and the help screen. Styles show as marks after each row: the columns drawn
/// in reverse video (`^`: the status line, the match, the link in focus).
@Suite("Viewer screens")
struct ViewerScreenTests {
    /// Row `row` of `screen`, then a row of marks under the columns it draws in
    /// reverse video, when there are any.
    static func rows(of screen: FrameBuffer) -> [String] {
        (0..<screen.height).flatMap { row -> [String] in
            let reversed = (0..<screen.width).map { screen[$0, row].style.attributes.contains(.reverse) ? "^" : " " }
            let marks = String(reversed.joined().reversed().drop { $0 == " " }.reversed())
            return [screen.plainText(row: row)] + (marks.isEmpty ? [] : [marks])
        }
    }

    @Test(arguments: zip([80, 50], [24, 12]))
    func screens(width: Int, height: Int) throws {
        var options = DocScrollView.Options(width: width, height: height)
        // (Laid out whole at once: the status line's counts are exact, not estimates.)
        options.mode = .expanded
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: options)
        let viewer = Viewer(view: view, width: width, height: height)
        var text = ""
        func record(_ step: String, _ actions: [ViewerAction]) {
            for case .draw(let screen) in actions {
                text += "== \(step)\n" + Self.rows(of: screen).joined(separator: "\n") + "\n"
            }
        }
        record("first screen", viewer.start())
        record("= (the position)", viewer.handle(key: .character("=")))
        record("Right (a column out at the left, the next one whole)", viewer.handle(key: .right))
        record("Right again", viewer.handle(key: .right))
        record("Left (back a column)", viewer.handle(key: .left))
        _ = viewer.handle(key: .left)
        _ = viewer.handle(key: .character("c"))
        _ = viewer.handle(key: .character("3"))
        record("c 3j (a row cursor, three rows down)", viewer.handle(key: .character("j")))
        _ = viewer.handle(key: .character("c"))
        _ = viewer.handle(key: .character("/"))
        for character in "approac" { _ = viewer.handle(key: .character(character)) }
        record("/approach (the prompt)", viewer.handle(key: .character("h")))
        record("Enter (the match)", viewer.handle(key: .enter))
        record("Tab (a link in focus)", viewer.handle(key: .tab))
        record("h (help)", viewer.handle(key: .character("h")))
        #expect(text.contains("== h (help)"), "every step drew a screen")
        try assertSnapshot(text, named: "viewer-\(width)x\(height)")
    }
}
