import Foundation
import DocScroll
import TestSupport
import Testing

/// Pages read with their stylesheets show what a browser shows: what the sheets hide
/// is hidden, in every way a page is read.
@Suite("Pages with their stylesheets")
struct PageStyleTests {
    /// A page in a folder: a linked sheet that imports another (relative to itself),
    /// a `<style>`, one in the body (which styles what came before it too), and sheets
    /// that must not apply (print only, alternate, in a comment, in a script).
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("styles")
        try FileManager.default.createDirectory(atPath: folder.path("css"), withIntermediateDirectories: true)
        try folder.write("css/site.css", "@import \"more.css\";\nnav, .menu li + li { display: none }\n.dim { visibility: hidden }")
        try folder.write("css/more.css", ".imported { display: none }")
        try folder.write("alternate.css", "p { display: none }")
        try folder.write("commented.css", "p { display: none }")
        try folder.write(
            "page.html",
            """
            <html><head><link rel=stylesheet href="css/site.css"><link rel="alternate stylesheet" href=alternate.css>
            <!-- <link rel=stylesheet href=commented.css> --><script>var s = '<link rel=stylesheet href=commented.css>'</script>
            <style media=print>.content { display: none }</style><style>.banner { display: none }</style></head>
            <body><nav>Navigation menu</nav><div class=banner>Banner text</div><ul class=menu><li>First item<li>Second item</ul>
            <p class=imported>Imported rule</p><p class=content>Content shown</p><p>Faded <span class=dim>ghost</span> end</p>
            <style>.late { display: none }</style><p class=late>Hidden from below</p></body></html>
            """)
        return folder
    }

    @Test func aDumpHidesWhatTheSheetsHideAndNoCSSShowsIt() throws {
        let folder = try Self.folder()
        let page = folder.path("page.html")
        let styled = try runDocScroll([page, "--dump"]).standardOutput
        for shown in ["First item", "Content shown", "Faded", "end"] { #expect(styled.contains(shown), "\(shown)") }
        for hidden in ["Navigation", "Banner", "Second item", "Imported", "ghost", "Hidden from below"] { #expect(!styled.contains(hidden), "\(hidden)") }
        let plain = try runDocScroll([page, "--dump", "--no-css"]).standardOutput
        for shown in ["Navigation", "Banner", "Second item", "Imported", "ghost"] { #expect(plain.contains(shown), "\(shown)") }
        // Expanded and a frame read the same sheets.
        #expect(try runDocScroll([page, "--dump", "--mode", "expanded"]).standardOutput == styled)
        let frame = try runDocScroll([page, "--frame", "0", "--width", "80", "--height", "20"]).standardOutput
        #expect(frame.contains("First item") && !frame.contains("Second item"))
    }

    @Test func aReadersOwnSheet() throws {
        let folder = try Self.folder()
        try folder.write("mine.css", ".content { display: none } nav { display: block !important }")
        let mine = try runDocScroll([folder.path("page.html"), "--dump", "--css", folder.path("mine.css")]).standardOutput
        #expect(!mine.contains("Content shown"))
        #expect(mine.contains("Navigation menu"), "a reader's important rule beats the page's normal one")
        let missing = try runDocScroll([folder.path("page.html"), "--dump", "--css", folder.path("nowhere.css")])
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("docscroll: error: \(folder.path("nowhere.css")): "))
    }

    /// `list-style: none` takes an item's marker away (its place kept, its number
    /// counted), an empty item's line too.
    @Test func listStyleNoneDrawsNoMarker() throws {
        let html = """
            <html><head><style>ol.chapter { list-style: none } li.bare { list-style-type: none }</style></head><body>
            <ol class=chapter><li>One<li><li>Two</ol><ol><li>A<li class=bare>B<li>C</ol></body></html>
            """
        let page = InputFile(name: "lists.html", bytes: Array(html.utf8))
        let lines = dumpLines(try DocScrollView(pages: [page], tables: [], options: .init(width: 40, height: 10)))
        // (Text where a marker's would start: a number's three columns on, in an ordered list.)
        #expect(lines.filter { !$0.isEmpty } == ["     One", "     Two", "  1. A", "     B", "  3. C"], "\(lines)")
        var plain = DocScrollView.Options(width: 40, height: 10)
        plain.readsStyles = false
        #expect(dumpLines(try DocScrollView(pages: [page], tables: [], options: plain)).filter { !$0.isEmpty }.prefix(3) == ["  1. One", "  2.", "  3. Two"])
    }

    /// A windowed page cut into many chunks styles each as the whole page styles it:
    /// classes of the containers a chunk starts inside, and siblings before it.
    @Test func chunksAreStyledAsTheWholePage() throws {
        let items = (0..<300).map { "<div class=item><p>item <b>\($0)</b></p><p>note \($0)</p><div class=kept>  kept   \($0)</div></div>" }.joined()
        let html = """
            <html><head><style>section.hidden > div, .item p + p, .toc li:nth-child(2n) { display: none }
            .item p:first-child { text-transform: uppercase } .item b { display: block } .item pre, .kept { white-space: pre-wrap }</style></head><body>
            <ul class=toc>\((0..<50).map { "<li>entry \($0)</li>" }.joined())</ul>
            <section class=hidden>\((0..<200).map { "<div>gone \($0)</div>" }.joined())</section>
            <section>\(items)</section></body></html>
            """
        let page = InputFile(name: "chunks.html", bytes: Array(html.utf8))
        let whole = dumpLines(try DocScrollView(pages: [page], tables: [], options: .init(width: 60, height: 20, mode: .expanded)))
        var options = DocScrollView.Options(width: 60, height: 20)
        options.pageChunkBytes = 1_000
        let windowed = try DocScrollView(pages: [page], tables: [], options: options)
        #expect(dumpLines(windowed) == whole)
        #expect(!whole.contains { $0.contains("gone") || $0.contains("note") || $0 == "  • entry 1" })
        #expect(whole.contains { $0 == "ITEM" } && whole.contains { $0 == "299" } && whole.contains { $0.contains("entry 48") })
        #expect(whole.contains("  kept   299"))
        // What is hidden is not found either; what is shown is.
        guard case .notFound = windowed.find("gone 150", from: nil, forward: true) else {
            Issue.record("hidden text found")
            return
        }
        guard case .found = windowed.find("kept   250", from: nil, forward: true) else {
            Issue.record("shown text not found")
            return
        }
    }

    /// What the sheets say of how text is drawn: letters transformed, an inline
    /// element shown as a block, a block that keeps its spaces, bold and underlined
    /// text (added to what the tags give); none of it with `--no-css`.
    @Test func theSheetsChangeHowTextIsDrawn() throws {
        let html = """
            <html><head><style>
            .up { text-transform: uppercase } .cap { text-transform: capitalize } .low { text-transform: lowercase }
            .block { display: block } .code { white-space: pre-wrap } .strong { font-weight: bold } .under { text-decoration: underline }
            h2 a { display: block }
            </style></head><body>
            <p>Say <span class=up>it loud</span>, <span class=cap>don't stop me-now</span>, <span class=low>QUIET</span>.</p>
            <p>Before <span class=block>a block of its own</span> after.</p>
            <div class=code>def f():
                return   1</div>
            <p class=under>lined <em>through its children</em></p>
            <p><span class=strong>heavy</span> light</p>
            <h2><a href="#x">A linked heading</a></h2>
            </body></html>
            """
        let page = InputFile(name: "looks.html", bytes: Array(html.utf8))
        let lines = dumpLines(try DocScrollView(pages: [page], tables: [], options: .init(width: 60, height: 20)))
        let text = lines.filter { !$0.isEmpty }
        #expect(text.prefix(7) == [
            "Say IT LOUD, Don't Stop Me-Now, quiet.", "Before", "a block of its own", "after.", "def f():", "    return   1",
            "lined through its children",
        ], "\(text)")
        #expect(text.contains { $0.hasPrefix("───") }, "the heading keeps its rule: \(text)")
        var plain = DocScrollView.Options(width: 60, height: 20)
        plain.readsStyles = false
        let unstyled = dumpLines(try DocScrollView(pages: [page], tables: [], options: plain)).filter { !$0.isEmpty }
        #expect(unstyled.prefix(3) == ["Say it loud, don't stop me-now, QUIET.", "Before a block of its own after.", "def f(): return 1"], "\(unstyled)")
        // Styles drawn: bold where the sheet says, underlined through the children.
        let folder = try TemporaryFolder("looks")
        try folder.write("looks.html", html)
        let colored = try runDocScroll([folder.path("looks.html"), "--dump", "--color", "always", "--width", "60"]).standardOutput
        #expect(colored.contains("\u{1B}[0;1mheavy\u{1B}[0m light"), "\(colored.debugDescription)")
        #expect(colored.contains("\u{1B}[0;4mlined \u{1B}[0;3;4mthrough its children"), "\(colored.debugDescription)")
    }

    /// `::before` and `::after` add their `content` (strings, `attr()`, quotes) where
    /// they are shown, drawn in their own style; an icon font's private-use
    /// characters are left out, and so is content in a box too small to show it;
    /// no-break spaces put there for room make one space; a `q`'s own quotes give way to the page's; a windowed
    /// page cut into chunks adds them as the whole page does, an `::after` of an
    /// element open across a cut included.
    @Test func beforeAndAfterAddTheirContent() throws {
        let items = (0..<120).map { "<li data-n=\($0)>item \($0)</li>" }.joined()
        let html = """
            <html><head><style>
            dt::after { content: ":" } .note::before { content: "Note: "; font-weight: bold } .icon::before { content: "\\f0c9" }
            a.ext::after { content: " (" attr(href) ")" } .gone::before { content: "never"; display: none } .hidden { display: none }
            .hidden::after { content: "never either" } q::before { content: "«" } q::after { content: "»" }
            .steps li::before { content: "step " attr(data-n) ": " } .wrapped::after { content: "end of list"; display: block }
            .shown::before { content: "plain" } .toggle::after { content: "Expand"; overflow: hidden; width: 0; height: 0; position: absolute }
            .gap::after { content: "\\00a0\\00a0\\00a0" }
            </style></head><body><p>Toggle<span class=toggle></span> <span class=gap>tip</span>x</p>
            <dl><dt>Term</dt><dd>meaning</dd></dl><p class=note>Mind the gap.</p><p><i class=icon></i>Menu <a class=ext href="x.html">there</a></p>
            <p><span class=gone>kept</span> <span class=hidden>gone</span> said <q>hi</q></p>
            <div class=wrapped><ul class=steps>\(items)</ul></div><p><span class=shown></span></p></body></html>
            """
        let page = InputFile(name: "generated.html", bytes: Array(html.utf8))
        let whole = dumpLines(try DocScrollView(pages: [page], tables: [], options: .init(width: 60, height: 20, mode: .expanded)))
        let text = whole.filter { !$0.isEmpty }
        #expect(text.prefix(6) == ["Toggle tip x", "Term:", "    meaning", "Note: Mind the gap.", "Menu [1]there (x.html)", "kept said «hi»"], "\(text)")
        #expect(text.contains("  • step 0: item 0") && text.contains("  • step 119: item 119"), "\(text)")
        #expect(text.contains("end of list") && text.contains("plain"), "\(text)")
        #expect(!text.contains { $0.contains("never") || $0.contains("gone") || $0.contains("\u{F0C9}") }, "\(text)")
        var options = DocScrollView.Options(width: 60, height: 20)
        options.pageChunkBytes = 400
        #expect(dumpLines(try DocScrollView(pages: [page], tables: [], options: options)) == whole)
        // Drawn in their own style.
        let folder = try TemporaryFolder("generated")
        try folder.write("generated.html", html)
        let colored = try runDocScroll([folder.path("generated.html"), "--dump", "--color", "always", "--width", "60"]).standardOutput
        #expect(colored.contains("\u{1B}[0;1mNote: \u{1B}[0mMind the gap."), "\(colored.debugDescription)")
        var plain = DocScrollView.Options(width: 60, height: 20)
        plain.readsStyles = false
        let unstyled = dumpLines(try DocScrollView(pages: [page], tables: [], options: plain)).filter { !$0.isEmpty }
        #expect(unstyled.prefix(4) == ["Toggle tipx", "Term", "    meaning", "Mind the gap."], "\(unstyled)")
    }

    /// A `<title>` in the `<head>` (never shown, as the head is not) leaves the styler
    /// where it stood: the body is still a child of the root, and takes its custom
    /// properties (a border drawn with a colour from `var()` boxes a table).
    @Test func aTitleInTheHeadKeepsTheBodyUnderTheRoot() throws {
        let html = """
            <html class=light><head><title>A page</title><style>.light { --line: red } td { border: 1px var(--line) solid }
            html > body > p.gone { display: none }</style></head><body><p class=gone>not shown</p><p>shown</p>
            <table><tr><td>boxed</td></tr></table></body></html>
            """
        let page = InputFile(name: "titled.html", bytes: Array(html.utf8))
        let text = dumpLines(try DocScrollView(pages: [page], tables: [], options: .init(width: 40, height: 10))).filter { !$0.isEmpty }
        #expect(text == ["shown", "┌───────┐", "│ boxed │", "└───────┘"], "\(text)")
    }

    /// Tables are boxed where their HTML or the page's styles draw borders, and set
    /// out with blanks between their columns where neither does; without styles,
    /// unless the HTML says none.
    @Test func tablesAreBoxedWhereBordersAreDrawn() throws {
        let html = """
            <html><head><style>table.data td { border-bottom: 1px solid #ccc } table.plain td { border: 0 }</style></head><body>
            <table><tr><td>Prev</td><td>Up</td><td>Next</td></tr></table>
            <table border=0><tr><td>[!]</td><td>A note</td></tr></table>
            <table class=data><tr><td>a</td><td>b</td></tr></table>
            <table border=1 class=plain><tr><td>x</td><td>y</td></tr></table>
            <table border=1 role=presentation><tr><td>p</td><td>q</td></tr></table>
            </body></html>
            """
        let page = InputFile(name: "tables.html", bytes: Array(html.utf8))
        let text = dumpLines(try DocScrollView(pages: [page], tables: [], options: .init(width: 40, height: 10))).filter { !$0.isEmpty }
        #expect(text == [
            "Prev  Up  Next", "[!]  A note", "┌───┬───┐", "│ a │ b │", "└───┴───┘", "┌───┬───┐", "│ x │ y │", "└───┴───┘", "p  q",
        ], "\(text)")
        var plain = DocScrollView.Options(width: 40, height: 10)
        plain.readsStyles = false
        let unstyled = dumpLines(try DocScrollView(pages: [page], tables: [], options: plain)).filter { !$0.isEmpty }
        #expect(unstyled.prefix(4) == ["┌──────┬────┬──────┐", "│ Prev │ Up │ Next │", "└──────┴────┴──────┘", "[!]  A note"], "\(unstyled)")
        #expect(unstyled.suffix(1) == ["p  q"], "\(unstyled)")
    }

    /// Elements the sheets show as a table's parts are laid out as a table (rustdoc's
    /// lists of items: names beside what they are), windowed and streamed as whole:
    /// cells outside a row make a row of their own, a cell outside a table is a block,
    /// a border on such a table alone draws no box, one on its cells does. An
    /// element that is no part of a table, in one, is shown in a row of its own, and
    /// the rows inside a `form` in a table are the table's, its head's too. The body is
    /// never made one (the page would be a table laid out whole).
    @Test func tablesMadeBySheetsAreLaidOutAsTables() throws {
        let rows = (0..<40).map { "<div class=row><div class=name><a href='#i\($0)'>item\($0)</a></div><div class=what><p>what item \($0) does</p></div></div>" }
        let html = """
            <html><head><style>body, .items, .loose, .framed, .ruled { display: table } .row { display: table-row }
            .name, .what, .cell { display: table-cell } .framed { border-left: 1px solid } .ruled span { display: table-cell; border: 1px solid }</style></head><body>
            <div class=items>\(rows.joined())</div>
            <div class=loose><div class=cell>left</div><div class=cell>right</div></div>
            <div><span class=cell>lone cell</span> after</div>
            <div class=framed><span class=cell>«</span></div>
            <div class=ruled><span>a</span><span>b</span></div>
            <table border=1><div>stray</div><form><tr><td>c</td><td>d</td></tr></form></table>
            <table border=1><form><thead><tr><td>h1</td><td>h2</td></tr></thead><tr><td>e</td><td>f</td></tr></form></table>
            </body></html>
            """
        let (styled, unstyled) = try Self.linesReadEveryWay(html, name: "css-tables")
        let text = styled.filter { !$0.isEmpty }
        #expect(text.prefix(2) == ["[1]item0    what item 0 does", "[2]item1    what item 1 does"], "\(text)")
        #expect(text.contains("[40]item39  what item 39 does"), "\(text)")
        #expect(Array(text.drop { !$0.hasPrefix("left") }.prefix(9)) == [
            "left  right", "lone cell", "after", "«", "┌───┬───┐", "│ a │ b │", "└───┴───┘", "┌───────┐", "│ stray │",
        ], "\(text)")
        #expect(Array(text.drop { $0 != "│ stray │" }.prefix(4)) == ["│ stray │", "├───┬───┤", "│ c │ d │", "└───┴───┘"], "\(text)")
        #expect(Array(text.drop { $0 != "│ c │ d │" }.dropFirst(2).prefix(3)) == ["┌────┬────┐", "│ h1 │ h2 │", "├────┼────┤"], "\(text)")
        // Without the sheets, blocks.
        #expect(unstyled.filter { !$0.isEmpty }.prefix(2) == ["[1]item0", "what item 0 does"], "\(unstyled)")
    }

    /// A page nested deeper than the levels a styler keeps is styled as a browser
    /// styles it (the elements past the 512th beside one another), in every way it is
    /// read: cut into chunks deep inside, each resumes where the styler stood.
    @Test func aPageNestedPastTheKeptLevelsIsStyledAsABrowserNestsIt() throws {
        let depth = 700
        let html = "<html><head><style>div div > p { text-transform: uppercase } div > p:first-child::before { content: '> ' }</style></head><body>"
            + (0..<depth).map { "<div><p>level \($0)</p>" }.joined() + "</body></html>"
        let (styled, _) = try Self.linesReadEveryWay(html, name: "deep")
        let text = styled.filter { !$0.isEmpty }
        #expect(text.count == depth, "\(text.count)")
        #expect(text.prefix(2) == ["> level 0", "> LEVEL 1"], "\(text.prefix(2))")
        // Past the kept levels (`html` and `body` the first two), a paragraph is the
        // deepest kept `div`'s child, after others.
        let deepestKept = 512 - 3
        #expect(text[deepestKept] == "> LEVEL \(deepestKept)" && text[deepestKept + 1] == "LEVEL \(deepestKept + 1)" && text[699] == "LEVEL 699")
    }

    /// `text-align: center` and `right` (and `end`) place a block's lines in its width,
    /// inside list items and after a cut into chunks too; `justify` leaves them at the
    /// left.
    @Test func textAlignPlacesLines() throws {
        let paragraphs = (0..<60).map { "<p>paragraph \($0) of the centered part</p>" }.joined()
        let html = """
            <html><head><style>.c { text-align: center } .r { text-align: right } .e { text-align: end } .j { text-align: justify }</style>
            </head><body><p class=c>Centered text long enough to wrap at forty columns.</p><p class=r>Right <b>aligned</b>.</p>
            <p class=e>End.</p><p class=j>Justified stays at the left.</p><h2 class=c>Heading</h2>
            <div class=c>\(paragraphs)<ul><li>item</li></ul></div><p>plain</p></body></html>
            """
        let page = InputFile(name: "aligned.html", bytes: Array(html.utf8))
        let whole = dumpLines(try DocScrollView(pages: [page], tables: [], options: .init(width: 40, height: 20, mode: .expanded)))
        let text = whole.filter { !$0.isEmpty }
        #expect(text.prefix(8) == [
            "  Centered text long enough to wrap at", "             forty columns.", "                          Right aligned.",
            "                                    End.", "Justified stays at the left.", "                Heading", "                ───────",
            "    paragraph 0 of the centered part",
        ], "\(text)")
        #expect(text.suffix(2) == ["  •                 item", "plain"], "\(text)")
        var options = DocScrollView.Options(width: 40, height: 20)
        options.pageChunkBytes = 300
        #expect(dumpLines(try DocScrollView(pages: [page], tables: [], options: options)) == whole)
    }

    /// The lines of page `html` at 40 columns, laid out whole (expanded) with its
    /// sheets, and without them; and an expectation that a windowed page cut into
    /// chunks of 300 bytes, and a streamed `--dump`, write the same lines as the whole.
    static func linesReadEveryWay(_ html: String, name: String) throws -> (styled: [String], unstyled: [String]) {
        let page = InputFile(name: "\(name).html", bytes: Array(html.utf8))
        let whole = dumpLines(try DocScrollView(pages: [page], tables: [], options: .init(width: 40, height: 20, mode: .expanded)))
        var options = DocScrollView.Options(width: 40, height: 20)
        options.pageChunkBytes = 300
        #expect(dumpLines(try DocScrollView(pages: [page], tables: [], options: options)) == whole, "windowed")
        let folder = try TemporaryFolder(name)
        try folder.write("\(name).html", html)
        let streamed = try runDocScroll([folder.path("\(name).html"), "--dump", "--width", "40"]).standardOutput
        #expect(streamed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == whole, "streamed")
        var plain = DocScrollView.Options(width: 40, height: 20)
        plain.readsStyles = false
        return (whole, dumpLines(try DocScrollView(pages: [page], tables: [], options: plain)))
    }

    /// A block's margin and padding above or below it of three quarters of an em or
    /// more part it from what is there by a blank line (collapsed with the others
    /// there, and with the blank lines the tags give), on blocks of any kind and on
    /// inline elements shown as blocks, not on table cells nor inside what is hidden;
    /// less than that parts nothing. A windowed page cut into many chunks, and a
    /// streamed dump, part the lines as the whole page does.
    @Test func marginsAndPaddingsPartBlocksByBlankLines() throws {
        let cards = (0..<80).map { "<div class=card><div class=title>card \($0)</div>text \($0)</div>" }.joined()
        let html = """
            <html><head><style>
            .card { margin: 0 0 1em } .title { padding-top: 0.4em; margin-top: 5px } .tight { margin: 0.5em 0 }
            .block { display: block; margin-top: 24px } li { margin-block-end: 12pt } td { padding: 2em }
            .gone { display: none; margin: 3em } .inherits { margin-bottom: 2em } .inherits > div { margin-bottom: inherit }
            .reset { margin-bottom: 2em } .reset.initial { margin-bottom: initial } .bad { margin-bottom: 3em; margin-bottom: 1em 2em 3em 4em 5em } .sum { padding-top: 0.5em; margin-top: 4px }
            </style></head><body>
            <div class=tight>Tight one</div><div class=tight>Tight two</div>
            <p>Para <span class=block>in a block</span> goes on</p>
            <ul><li>First item</li><li>Second item</li></ul>
            <table><tr><td>cell</td><td>cell</td></tr></table>
            <div class=gone>hidden</div><div>after hidden</div>
            <div class=inherits><div>inherited</div></div><div class="reset initial">initial</div><div class=bad>kept</div><div>end</div><div class=sum>summed</div>
            \(cards)</body></html>
            """
        let (whole, unstyled) = try Self.linesReadEveryWay(html, name: "margins")
        #expect(Array(whole.prefix(26)) == [
            "Tight one", "Tight two", "", "Para", "", "in a block", "goes on", "", "  • First item", "", "  • Second item", "",
            "cell  cell", "", "after hidden", "inherited", "", "initial", "kept", "", "end", "", "summed", "card 0", "text 0", "",
        ], "\(whole.prefix(26))")
        #expect(Array(whole.suffix(5)) == ["text 78", "", "card 79", "text 79", ""] || Array(whole.suffix(4)) == ["text 78", "", "card 79", "text 79"], "\(whole.suffix(5))")
        #expect(unstyled.starts(with: ["Tight one", "Tight two", "", "Para in a block goes on"]) && unstyled.joined(separator: "\n").contains("inherited\ninitial\nkept\nend\nsummed\ncard 0\ntext 0\ncard 1"), "\(unstyled)")
    }

    /// A block's margin and padding on the left indent its lines, a column for 8 CSS
    /// px from 1.5 em to 6 em (8 columns at most), those of nested blocks added up;
    /// an inset under 1.5 em, and a gutter wider than 6 em (room for a sidebar),
    /// indent nothing, nor on what a tag indents already. A windowed page cut into
    /// many chunks inside indented containers, and a streamed dump, indent alike.
    @Test func leftMarginsAndPaddingsIndentBlocks() throws {
        let replies = (0..<60).map { "<div class=thread><div>reply \($0)</div><p>said \($0)</p></div>" }.joined()
        let html = """
            <html><head><style>
            .thread { margin-left: 40px } .note { padding-inline-start: 2em } .gutter { margin: 0 0 0 230px } .inset { padding: 10px }
            p.in { margin-left: 3em } li.in, dd.in { margin-left: 4em } .wide { padding-left: 200px; margin-left: 0 } .wide > div { margin-left: 5em }
            </style></head><body>
            <div>Top level comment long enough to wrap at forty columns.</div>
            <div class=thread><div>Reply</div><div class=thread><div>Reply to the reply, long enough to wrap.</div></div></div>
            <div class=note>A note</div><div class=gutter>In the gutter</div><div class=inset>Inset</div><p class=in>Paragraph</p>
            <ul><li class=in>Item</li></ul><dl><dt>Term</dt><dd class=in>Definition</dd></dl><div class=wide><div>Past</div></div>
            <div class=thread>\(replies)</div></body></html>
            """
        let (whole, unstyled) = try Self.linesReadEveryWay(html, name: "indents")
        #expect(Array(whole.prefix(20)) == [
            "Top level comment long enough to wrap at", "forty columns.", "     Reply", "          Reply to the reply, long", "          enough to wrap.",
            "    A note", "In the gutter", "Inset", "", "      Paragraph", "", "  • Item", "", "Term", "    Definition", "",
            "        Past", "          reply 0", "", "          said 0",
        ], "\(whole.prefix(20))")
        #expect(whole.contains("          reply 59") && whole.contains("          said 59"))
        #expect(unstyled.prefix(3) == ["Top level comment long enough to wrap at", "forty columns.", "Reply"])
    }

    /// Counters: `counter-reset` starts one for an element and what follows it,
    /// `counter-increment` steps the innermost, `counter()` and `counters()` show them
    /// (in a counter style) in `::before` and `::after`; a windowed page cut into
    /// chunks numbers as the whole page does.
    @Test func countersNumberWhatTheSheetsSay() throws {
        let chapters = String(repeating: "<h2>Chapter</h2><h3>Part</h3><h3>Part</h3><p class=fig>Figure</p>", count: 40)
        let html = """
            <html><head><style>
            body { counter-reset: chapter figure } h2 { counter-increment: chapter; counter-reset: section }
            h2::before { content: counter(chapter) ". " } h3::before { counter-increment: section; content: counter(chapter) "." counter(section, lower-alpha) " " }
            .fig { counter-increment: figure } .fig::after { content: " " counter(figure, upper-roman) }
            ol.toc { counter-reset: item; list-style: none } ol.toc li { counter-increment: item } ol.toc li::before { content: counters(item, ".") " " }
            </style></head><body><ol class=toc><li>One<ol class=toc><li>Sub</li><li>Sub</li></ol></li><li>Two</li></ol>\(chapters)</body></html>
            """
        let page = InputFile(name: "counters.html", bytes: Array(html.utf8))
        let whole = dumpLines(try DocScrollView(pages: [page], tables: [], options: .init(width: 40, height: 20, mode: .expanded)))
        let text = whole.filter { !$0.isEmpty && !$0.hasPrefix("─") }
        #expect(text.prefix(4) == ["     1 One", "        1.1 Sub", "        1.2 Sub", "     2 Two"], "\(text)")
        #expect(text.dropFirst(4).prefix(8) == ["1. Chapter", "1.a Part", "1.b Part", "Figure I", "2. Chapter", "2.a Part", "2.b Part", "Figure II"], "\(text)")
        #expect(text.suffix(4) == ["40. Chapter", "40.a Part", "40.b Part", "Figure XL"], "\(text)")
        var options = DocScrollView.Options(width: 40, height: 20)
        options.pageChunkBytes = 300
        #expect(dumpLines(try DocScrollView(pages: [page], tables: [], options: options)) == whole)
    }

    /// `@media` is asked about a desktop's screen unless `--css-screen` gives another,
    /// and `prefers-color-scheme` is light unless `--color-scheme` or the terminal's
    /// `COLORFGBG` says dark.
    @Test func mediaQueriesAreAskedAboutTheScreenGiven() throws {
        let folder = try TemporaryFolder("media")
        try folder.write("media.html", """
            <html><head><style>
            @media (max-width: 700px) { .wide { display: none } } @media (min-width: 701px) { .narrow { display: none } }
            @media (prefers-color-scheme: dark) { .light { display: none } } @media (prefers-color-scheme: light) { .dark { display: none } }
            </style></head><body><p class=wide>wide screen</p><p class=narrow>narrow screen</p><p class=light>light scheme</p><p class=dark>dark scheme</p></body></html>
            """)
        func shown(_ arguments: [String], environment: [String: String] = [:]) throws -> [String] {
            try runDocScroll([folder.path("media.html"), "--dump"] + arguments, environment: environment).standardOutput
                .split(separator: "\n").map(String.init)
        }
        #expect(try shown([]) == ["wide screen", "light scheme"])
        #expect(try shown(["--css-screen", "600x800", "--color-scheme", "dark"]) == ["narrow screen", "dark scheme"])
        #expect(try shown([], environment: ["COLORFGBG": "15;0"]) == ["wide screen", "dark scheme"])
        #expect(try shown(["--color-scheme", "light"], environment: ["COLORFGBG": "15;0"]) == ["wide screen", "light scheme"])
        #expect(try shown([], environment: ["COLORFGBG": "0;15"]) == ["wide screen", "light scheme"])
        let bad = try runDocScroll([folder.path("media.html"), "--dump", "--css-screen", "600"])
        #expect(bad.status == 2 && bad.standardError.contains("'--css-screen' takes a width and a height"), "\(bad.standardError)")
    }

    /// The page's colours are drawn (with `--color`), made to read on the terminal's
    /// background: its greys left to the terminal, a dark colour lightened on a dark
    /// terminal, an inline element's background drawn in place of the tag's reverse
    /// video, a block's not; none with `--no-css` or without colours.
    @Test func theSheetsColoursAreDrawnReadably() throws {
        let folder = try TemporaryFolder("colours")
        try folder.write("colours.html", """
            <html><head><style>
            body { color: #333 } .warn { color: red } .navy { color: navy } mark { background: yellow } code { background: #f5f5f5; color: #c7254e }
            div.box { background: #036; color: white }
            </style></head><body><p>Plain <span class=warn>warning</span> <span class=navy>deep</span> <mark>marked</mark> <code>code</code></p>
            <div class=box>boxed</div></body></html>
            """)
        func dump(_ arguments: [String]) throws -> String {
            try runDocScroll([folder.path("colours.html"), "--dump", "--width", "60"] + arguments).standardOutput
        }
        let light = try dump(["--color", "always", "--color-scheme", "light"])
        #expect(light.contains("\u{1B}[0;38;5;160mwarning\u{1B}[0m"), "red, darker to read on white: \(light.debugDescription)")
        #expect(light.hasPrefix("Plain "), "a grey is the terminal's own: \(light.debugDescription)")
        #expect(light.contains("\u{1B}[0;38;5;16;48;5;226mmarked\u{1B}[0m"), "black on the page's yellow, not reversed: \(light.debugDescription)")
        #expect(light.contains("\u{1B}[0;38;5;161mcode\u{1B}[0m"), "a grey background is not drawn: \(light.debugDescription)")
        #expect(light.contains("\nboxed"), "a block's background is not drawn: \(light.debugDescription)")
        let dark = try dump(["--color", "always", "--color-scheme", "dark"])
        func navy(_ text: String) -> Substring? {
            text.range(of: "mdeep").map { text[text[..<$0.lowerBound].range(of: "\u{1B}[", options: .backwards)!.upperBound..<$0.lowerBound] }
        }
        #expect(navy(light) == "0;38;5;18", "\(light.debugDescription)")
        #expect(navy(dark) != nil && navy(dark) != navy(light), "lightened on a dark terminal: \(dark.debugDescription)")
        for plain in [try dump(["--color", "always", "--no-css"]), try dump(["--color", "never"])] {
            #expect(!plain.contains("38;5;") && !plain.contains("48;5;"), "\(plain.debugDescription)")
        }
    }

    @Test func theTerminalsBackgroundFromCOLORFGBG() {
        #expect(StyleScreen.prefersDark(colorFGBG: "15;0") == true)
        #expect(StyleScreen.prefersDark(colorFGBG: "0;default;8") == true)
        #expect(StyleScreen.prefersDark(colorFGBG: "0;15") == false)
        #expect(StyleScreen.prefersDark(colorFGBG: "12;7") == false)
        #expect(StyleScreen.prefersDark(colorFGBG: "default;default") == nil)
        #expect(StyleScreen.prefersDark(colorFGBG: nil) == nil)
    }
}
