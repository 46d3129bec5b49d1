import SampleContent
import Testing
@testable import HTMLParsing

/// An element's `hidden` attribute or inline `display: none` / `visibility: hidden`
/// hides it, in any case and with blanks anywhere (`HTMLDocument.hides`).
@Suite("Inline hiding")
struct InlineHidingTests {
    static func hides(style: String) -> Bool {
        HTMLDocument.hides([HTMLDocument.Attribute(name: "style", value: style)][...])
    }

    @Test func stylesThatHide() {
        #expect(Self.hides(style: "DISPLAY : None"))
        #expect(Self.hides(style: "color: red;visibility:\thidden !important"))
        #expect(Self.hides(style: "display:\u{00A0}none"), "Unicode blanks too")
        #expect(!Self.hides(style: "display: block; visibility: visible"))
        #expect(Self.hides(style: "display: no ne"), "blanks are dropped before the words are looked for")
        #expect(HTMLDocument.hides([HTMLDocument.Attribute(name: "hidden", value: "")][...]))
    }

    /// The words looked for in the style lower-cased with its blanks dropped, as
    /// `String` lower-cases and `Character` tells blanks: styles of every kind.
    @Test func asciiStylesAreReadAsUnicodeOnesAre() {
        let pieces = ["display", "DISPLAY", "Visibility", ":", " ", "\t", "\n", "none", "NONE", "hidden", "block", ";", "é", "\u{00A0}", "x", "ⅾ"]
        var random = SeededGenerator(seed: 47)
        for _ in 0..<5_000 {
            let style = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let compact = style.lowercased().filter { !$0.isWhitespace }
            #expect(Self.hides(style: style) == (compact.contains("display:none") || compact.contains("visibility:hidden")), "\(style.debugDescription)")
        }
    }
}
