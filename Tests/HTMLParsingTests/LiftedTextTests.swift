import SampleContent
import Testing
@testable import HTMLParsing

/// Runs of text are taken out of what libxml2 reads, a byte left for each, and given
/// back when libxml2 hands that byte over: only where it hands the run over whole and
/// as it is, so that the model is the same as when it reads every byte.
@Suite("Lifted text")
struct LiftedTextTests {
    /// The part of `run` (text after a tag's `>`) that can be lifted, as a string.
    func liftable(_ run: String, skipsBlanks: Bool = false) -> String? {
        let bytes = Array(run.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            LiftedText.liftableRun(buffer.baseAddress!, from: 0, to: bytes.count, skipsBlanks: skipsBlanks)
                .map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    /// A run is lifted whole, or where libxml2 skips blanks, from its first byte that is
    /// not blank.
    @Test func aRunIsLiftedWholeOrFromItsFirstByteThatIsNotBlank() {
        #expect(liftable("\n  \tsome words of text, 中文 too ") == "\n  \tsome words of text, 中文 too ")
        #expect(liftable("\n  \tsome words of text, 中文 too ", skipsBlanks: true) == "some words of text, 中文 too ")
        #expect(liftable("a line\r\nand\tanother") == "a line\r\nand\tanother")
        #expect(liftable("a short run") == nil, "shorter than the minimum")
        #expect(liftable(String(repeating: " ", count: 40) + "tiny") == String(repeating: " ", count: 40) + "tiny")
        #expect(liftable(String(repeating: " ", count: 40) + "tiny", skipsBlanks: true) == nil, "what is left is short")
        #expect(liftable(String(repeating: " ", count: 40)) == nil, "blank")
    }

    /// What libxml2 decodes or drops is read by it: references, controls, U+FFFE and
    /// U+FFFF; a run of 1,000 bytes or more comes from libxml2 in pieces.
    @Test func runsLibxml2ChangesOrCutsAreNotLifted() {
        #expect(liftable("fish and chips and salt &amp; peas") == "fish and chips and salt ", "up to the reference")
        #expect(liftable("fish &amp; chips, every day") == nil, "too short before it")
        #expect(liftable("a form feed \u{0C} in the text") == nil)
        #expect(liftable("a bell \u{07} in the text here") == nil)
        #expect(liftable("a NUL \u{00} in the text here") == nil)
        #expect(liftable("not a character \u{FFFE} here") == nil)
        #expect(liftable("not a character \u{FFFF} here") == nil)
        #expect(liftable("a character \u{FFFD} that is one") != nil)
        // (Read eight bytes at a time: at every place of a word.)
        for position in 0..<24 {
            for odd in ["\u{07}", "\u{FFFE}"] {
                let run = String(repeating: "a", count: position) + odd + String(repeating: "b", count: 24 - position)
                #expect(liftable(run) == nil, "\(run.debugDescription)")
            }
            #expect(liftable(String(repeating: "a", count: position) + "\t\r\n" + String(repeating: "b", count: 24 - position)) != nil)
            let beforeReference = String(repeating: "a", count: LiftedText.minimumBytes + position)
            #expect(liftable(beforeReference + "&amp;" + String(repeating: "b", count: 24 - position)) == beforeReference)
        }
        #expect(liftable(String(repeating: "w", count: LiftedText.maximumBytes)) != nil)
        #expect(liftable(String(repeating: "w", count: LiftedText.maximumBytes + 1)) == nil)
        #expect(liftable(" " + String(repeating: "w", count: LiftedText.maximumBytes)) == nil, "blanks before count")
    }

    /// Lifting leaves a placeholder for each run, the bytes between moved down, and
    /// gives each run back by where its placeholder ends; the marks say where stream
    /// and page step apart.
    @Test func runsComeBackByWhereTheirPlaceholderEnds() {
        var window = Array("<p>first run of text</p><p>second run of text</p>tail".utf8)
        let runs = [3..<20, 27..<45]
        var lifted = LiftedText()
        var marks: [(Int, Int)] = []
        let count = window.withUnsafeMutableBufferPointer { buffer in
            lifted.lift(runs, from: buffer.baseAddress!, count: buffer.count, streamStart: 100, pageStart: 1_000) { marks.append(($0, $1)) }
        }
        #expect(String(decoding: window[..<count], as: UTF8.self) == "<p>x</p><p>x</p>tail")
        #expect(marks.map(\.0) == [104, 112])
        #expect(marks.map(\.1) == [1_020, 1_045])
        var taken: [String] = []
        #expect(!lifted.withRun(endingAt: 103) { _ in }, "no placeholder ends there")
        #expect(lifted.withRun(endingAt: 104) { taken.append(String(decoding: $0, as: UTF8.self)) })
        #expect(lifted.withRun(endingAt: 112) { taken.append(String(decoding: $0, as: UTF8.self)) })
        #expect(taken == ["first run of text", "second run of text"])
        #expect(lifted.isEmpty)
    }

    /// libxml2 skips the blanks after a doctype or a comment before the first element:
    /// they stay in what it reads, and are not part of the text given back.
    @Test func blanksLibxml2SkipsStaySkipped() throws {
        for page in ["<!DOCTYPE html>\n\n   text right after the doctype</p>", "<!-- note -->\n  text right after a comment</p>"] {
            let lifted = try HTMLParser.parse(Array(page.utf8))
            let read = try HTMLParser.parse(Array(page.utf8), readingAsIs: true)
            #expect(AttributeFilterTests.picture(lifted) == AttributeFilterTests.picture(read), "\(page.debugDescription)")
        }
    }

    /// libxml2 reads much less of a page of prose: most of its text is lifted.
    @Test func mostOfAPageOfProseIsNotReadByLibxml2() {
        let page = PageGenerator.page(bytes: 300_000, seed: 3)
        let reader = SourceReader(source: MemoryPageSource(Array(page.utf8)), range: 0..<page.utf8.count)
        var stream: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_000)
        while true {
            let count = buffer.withUnsafeMutableBytes { reader.read(into: $0.baseAddress!, count: $0.count) }
            guard count > 0 else { break }
            stream += buffer[..<count]
        }
        #expect(stream.count < page.utf8.count / 2, "\(stream.count) of \(page.utf8.count) bytes read")
    }

    /// The model of pages of markup and text of every kind, well formed or not, is the
    /// same whether libxml2 reads every byte or not; over windows too.
    @Test(arguments: [1, 60])
    func theModelIsTheSameWithTheTextRead(pieceCount: Int) throws {
        var random = SeededGenerator(seed: UInt64(90 + pieceCount))
        for _ in 0..<(pieceCount == 1 ? 3_000 : 300) {
            var page = ""
            // Large pages span windows: runs are lifted only within one.
            let pieces = pieceCount == 1 ? Int.random(in: 1...40, using: &random) : Int.random(in: 2_000...6_000, using: &random)
            for _ in 0..<pieces { page += Self.piece(using: &random) }
            let bytes = Array(page.utf8)
            let lifted = try HTMLParser.parse(bytes)
            let read = try HTMLParser.parse(bytes, readingAsIs: true)
            #expect(AttributeFilterTests.picture(lifted) == AttributeFilterTests.picture(read), "\(page.prefix(2_000).debugDescription)")
        }
    }

    /// Markup, and text of the kinds libxml2 reads in different ways.
    static func piece(using random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return AttributeFilterTests.pieces.randomElement(using: &random)!
        case 1:
            return [
                "<p>", "</p>", "<b>", "</b>", "<pre>", "</pre>", "<title>", "</title>", "<td>", "<li>", "<br>", "<html>", "<body>",
                "<head>", "</head>", "<textarea>", "</body>", "</html>", "<!-- c -->", "<script>", "</script>",
            ].randomElement(using: &random)!
        default:
            let words = [
                "words", " ", "\n", "\t", "\r\n", "中文", "é", "&amp;", "&", "\u{0C}", "\u{07}", "\u{FFFE}", "\u{FFFF}", "\0",
                "<", ">", "x", "a < b",
            ]
            let length = [1, 4, 15, 16, 40, 300, 995, 1_000, 1_200].randomElement(using: &random)!
            var text = ""
            while text.utf8.count < length {
                text += Int.random(in: 0..<5, using: &random) == 0 ? words.randomElement(using: &random)! : "plain"
            }
            return text
        }
    }
}
