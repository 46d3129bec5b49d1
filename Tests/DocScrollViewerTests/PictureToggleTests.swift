import Foundation
import Testing
import DocScroll
import DocScrollViewer
import RenderCore
import TestSupport

/// `i` shows a page's pictures or, in the same boxes, their alt text (nothing else on
/// the screen changes, the place kept); Tab focuses a picture, Enter shows it alone.
@Suite("Pictures on and off")
struct PictureToggleTests {
    @Test func iTogglesPicturesAndEnterShowsOneAlone() throws {
        let folder = try TemporaryFolder("toggle")
        try Data(TestPNG.solid(width: 200, height: 100, rgb: 0xFF0000)).write(to: URL(fileURLWithPath: folder.path("red.png")))
        try folder.write("page.html", "<p>Above.</p><p><img src=red.png alt=\"a red box\"></p><p>Below.</p>" + String(repeating: "<p>More.</p>", count: 40))
        let view = try DocScrollView(
            pages: [InputFile.page(folder.path("page.html"))], tables: [], options: .init(width: 40, height: 12, images: .symbols))
        let viewer = Viewer(view: view, width: 40, height: 12)
        _ = viewer.start()
        _ = viewer.handle(key: .character("j"))
        let drawn = viewer.screen()
        let red = { (screen: FrameBuffer) in screen[0, 1].style.background?.rgb == 0xFF0000 || screen[0, 1].style.foreground?.rgb == 0xFF0000 }
        #expect(red(drawn), "the box's first row, a row below the top")
        _ = viewer.handle(key: .character("i"))
        let alt = viewer.screen()
        #expect(alt.plainText(row: 1) == "a red box")
        #expect(!red(alt))
        #expect(view.scrollOffset == 1, "the place is kept")
        // Every row outside the box (rows 1 to 5 of the screen) is as it was; the last
        // is the status line, which says what happened.
        for row in [0] + Array(6..<(alt.height - 1)) { #expect(alt.rowEquals(row, in: drawn), "row \(row)") }
        #expect(alt.plainText(row: alt.height - 1).contains("Alt text"))
        _ = viewer.handle(key: .character("i"))
        #expect(red(viewer.screen()))

        // Tab focuses the picture as it does a link; Enter shows it alone, as large as
        // the screen allows (40 by 20 cells for 200 by 100 pixels: the width's 40
        // columns, 10 rows); any key returns.
        _ = viewer.handle(key: .tab)
        #expect(viewer.screen().plainText(row: 11).contains("Picture red.png"))
        _ = viewer.handle(key: .enter)
        let alone = viewer.screen()
        let isRed = { (column: Int, row: Int) in alone[column, row].style.background?.rgb == 0xFF0000 || alone[column, row].style.foreground?.rgb == 0xFF0000 }
        #expect((0..<40).allSatisfy { isRed($0, 0) } && (0..<10).allSatisfy { isRed(0, $0) } && !isRed(0, 10))
        #expect(alone.plainText(row: 11).contains("red.png (any key"), "(cut at the narrow width)")
        _ = viewer.handle(key: .character("x"))
        #expect(viewer.screen().rowEquals(0, in: drawn), "back where it was")

        // A view without pictures says how to have them.
        let plain = Viewer(view: try DocScrollView(pages: [InputFile.page(folder.path("page.html"))], tables: [], options: .init(width: 80, height: 12)), width: 80, height: 12)
        _ = plain.start()
        _ = plain.handle(key: .character("i"))
        #expect(plain.screen().plainText(row: 11).contains("--images symbols"))
    }

    /// A picture inside a link stays a link, as in a browser: focused, the status line
    /// says where it goes; Enter follows it; `I` shows the picture alone. A picture
    /// after the link's end is no link.
    @Test func aPictureInsideALinkFollowsItAndIShowsItAlone() throws {
        let folder = try TemporaryFolder("linked")
        try Data(TestPNG.solid(width: 200, height: 100, rgb: 0xFF0000)).write(to: URL(fileURLWithPath: folder.path("red.png")))
        try folder.write(
            "page.html",
            "<p><a href=\"#far\"><img src=red.png alt=\"a red box\"></a> <img src=red.png alt=unlinked></p>"
                + String(repeating: "<p>More.</p>", count: 40) + "<h2 id=far>Far below</h2>" + String(repeating: "<p>After.</p>", count: 20))
        let view = try DocScrollView(
            pages: [InputFile.page(folder.path("page.html"))], tables: [], options: .init(width: 80, height: 12, images: .symbols))
        let viewer = Viewer(view: view, width: 80, height: 12)
        _ = viewer.start()
        let top = viewer.screen()
        // The link's mark first, then its picture.
        _ = viewer.handle(key: .tab)
        _ = viewer.handle(key: .tab)
        let status = viewer.screen().plainText(row: 11)
        #expect(status.contains("[1] #far (picture red.png: I shows it whole)"), "\(status)")
        _ = viewer.handle(key: .enter)
        #expect(viewer.screen().plainText(row: 0).contains("Far below"), "followed")
        _ = viewer.handle(key: .backspace)
        #expect(viewer.screen().rowEquals(1, in: top), "back")

        _ = viewer.handle(key: .character("I"))
        #expect(viewer.screen().plainText(row: 11).contains("No picture focused"))
        _ = viewer.handle(key: .tab)
        _ = viewer.handle(key: .tab)
        _ = viewer.handle(key: .character("I"))
        let alone = viewer.screen()
        #expect((0..<80).filter { alone[$0, 0].style.background?.rgb == 0xFF0000 || alone[$0, 0].style.foreground?.rgb == 0xFF0000 }.count >= 40)
        #expect(alone.plainText(row: 11).contains("red.png (any key"))
        _ = viewer.handle(key: .character("x"))

        // The next picture is in no link: Enter shows it alone.
        _ = viewer.handle(key: .tab)
        #expect(viewer.screen().plainText(row: 11).contains("Picture red.png (Enter shows it whole)"))
        _ = viewer.handle(key: .enter)
        #expect(viewer.screen().plainText(row: 11).contains("red.png (any key"))
    }

    /// A picture that cannot be drawn keeps its alt text in its box; focused, the
    /// status line says why.
    @Test func aFocusedPictureThatCannotBeDrawnSaysWhy() throws {
        let folder = try TemporaryFolder("broken")
        let good = TestPNG.solid(width: 100, height: 100, rgb: 0x00FF00)
        try Data(good.prefix(60)).write(to: URL(fileURLWithPath: folder.path("cut.png")))
        try folder.write("page.html", "<p><img src=nowhere.png width=200 height=60 alt=gone></p><p><img src=cut.png width=100 height=100 alt=cut></p>")
        let view = try DocScrollView(
            pages: [InputFile.page(folder.path("page.html"))], tables: [], options: .init(width: 100, height: 20, images: .symbols))
        let viewer = Viewer(view: view, width: 100, height: 20)
        _ = viewer.start()
        #expect(viewer.screen().plainText(row: 0) == "gone")
        _ = viewer.handle(key: .tab)
        #expect(viewer.screen().plainText(row: 19).contains("Picture nowhere.png: no such file"))
        _ = viewer.handle(key: .tab)
        let status = viewer.screen().plainText(row: 19)
        #expect(status.contains("Picture cut.png: ") && !status.contains("Enter shows it whole"), "\(status)")
    }
}
