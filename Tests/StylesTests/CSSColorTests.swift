import Testing
@testable import Styles

@Suite("CSS colours")
struct CSSColorTests {
    static func color(_ text: String) -> CSSColor? {
        guard let declaration = CSSParser.declarations(ofAttribute: "color: \(text)").first else { return nil }
        return CSSColor(declaration.value.withoutWhitespace)
    }

    @Test func everyFormWritesItsColour() {
        let rebecca = CSSColor(rgb: 0x66_3399)
        for written in [
            "rebeccapurple", "RebeccaPurple", "#639", "#663399", "#663399ff", "#639F", "rgb(102, 51, 153)", "rgb(102 51 153)", "rgba(102,51,153,1)",
            "rgb(40% 20% 60%)", "rgb(102 51 153 / 100%)", "hsl(270, 50%, 40%)", "hsl(270 50% 40%)", "hsl(270deg 50% 40% / 1)", "hsla(0.75turn, 50%, 40%, 1)",
            "hsl(300grad 50% 40%)",
        ] {
            #expect(Self.color(written) == rebecca, "\(written)")
        }
        #expect(Self.color("#00000080") == CSSColor(red: 0, green: 0, blue: 0, alpha: 128))
        #expect(Self.color("rgb(0 0 0 / 0.5)")?.alpha == 128)
        #expect(Self.color("rgba(300, -20, 0, 2)") == CSSColor(red: 255, green: 0, blue: 0), "channels clamped")
        #expect(Self.color("hsl(-120 100% 50%)") == CSSColor(rgb: 0x00_00FF), "a hue turned back")
        #expect(Self.color("transparent")?.alpha == 0)
        #expect(CSSColor.named.count == 148)
    }

    @Test func otherValuesAreNone() {
        for written in [
            "#12345", "#ggg", "rgb(1, 2)", "rgb(1 2, 3)", "rgb(1, 2, 3 / 1)", "rgb(1 2 3 4)", "hsl(10px 50% 50%)", "lab(50% 40 59)", "currentcolor",
            "blue red", "nocolor", "color-mix(in srgb, red, blue)", "rgb(calc(1) 2 3)",
        ] {
            #expect(Self.color(written) == nil, "\(written)")
        }
    }

    @Test func colourIsInheritedAndBackgroundsAreNot() {
        let styles = CascadeTests.styles(CascadeTests.page(), [(
            "body { color: green; background: url(x.png) no-repeat #ff0 } #main { color: currentcolor; background-color: currentcolor }"
                + " p { color: rgb(0 0 255); background: none } pre { color: nocolor; background-color: inherit }",
            .author
        )])
        #expect(styles["body"]?.color == CSSColor(rgb: 0x00_8000))
        #expect(styles["body"]?.backgroundColor == CSSColor(rgb: 0xFF_FF00), "the colour of a background shorthand")
        #expect(styles["main"]?.color == CSSColor(rgb: 0x00_8000), "currentcolor of color: the parent's")
        #expect(styles["main"]?.backgroundColor == CSSColor(rgb: 0x00_8000), "currentcolor of a background: its own colour")
        #expect(styles["p"]?.color == CSSColor(rgb: 0x00_00FF))
        #expect(styles["p"]?.backgroundColor == nil, "none: transparent")
        #expect(styles["pre"]?.color == CSSColor(rgb: 0x00_8000), "an invalid colour is ignored: the inherited one stays")
        #expect(styles["pre"]?.backgroundColor == CSSColor(rgb: 0xFF_FF00), "inherit takes the parent's background")
    }

    /// Where colours are not drawn, their declarations are not kept, in sheets and in
    /// style attributes alike; the rest is read as before.
    @Test func coloursNotDrawnAreNotRead() {
        let environment = MediaEnvironment(drawsColors: false)
        let cascade = Cascade([(StyleSheet("p { color: red; background: yellow; font-weight: bold }", environment: environment), .author)])
        let style = cascade.style(of: TestElement(node: TestNode("p", ["style": "color: blue"], text: "x")), parent: nil)
        #expect(style.color == nil && style.backgroundColor == nil && style.bold)
        let drawn = Cascade([(StyleSheet("p { color: red; background: yellow; font-weight: bold }"), .author)])
        #expect(drawn.style(of: TestElement(node: TestNode("p", ["style": "color: blue"], text: "x")), parent: nil).color == CSSColor(rgb: 0x00_00FF))
    }
}
