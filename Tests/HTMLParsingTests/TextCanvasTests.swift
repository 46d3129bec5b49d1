import Styles
import Testing
@testable import HTMLParsing

/// A page's colours are drawn to read on the terminal's background.
@Suite("Text canvas")
struct TextCanvasTests {
    static let colours: [CSSColor] = stride(from: 0, to: 0x100_0000, by: 0x03_0507).map { CSSColor(rgb: UInt32($0)) }

    /// Every colour drawn reaches the contrast asked for against the background it
    /// is drawn on, in true colour and as the palette's nearest (what a terminal of
    /// 256 colours shows), and keeps its hue where it is moved; greys are the
    /// terminal's.
    @Test func coloursReachTheirContrast() {
        for colour in Self.colours {
            for canvas in [TextCanvas.dark, .light] {
                guard let drawn = canvas.textColor(colour, on: nil) else {
                    #expect(colour.isGrey)
                    continue
                }
                let background = canvas == .dark ? TextCanvas.darkCanvas : TextCanvas.lightCanvas
                #expect(CSSColor(rgb: drawn).contrast(with: background) >= TextCanvas.textContrast - 0.05, "\(colour) on \(canvas)")
                #expect(CSSColor(rgb: drawn).inPalette.contrast(with: background) >= TextCanvas.textContrast - 0.05, "\(colour) on \(canvas), 256 colours")
                if colour.contrast(with: background) >= TextCanvas.textContrast, colour.inPalette.contrast(with: background) >= TextCanvas.textContrast {
                    #expect(drawn == colour.rgb, "a readable colour is kept")
                }
            }
            if let drawn = TextCanvas.unknown.textColor(colour, on: nil) {
                let worst = min(CSSColor(rgb: drawn).contrast(with: TextCanvas.darkCanvas), CSSColor(rgb: drawn).contrast(with: TextCanvas.lightCanvas))
                #expect(worst >= TextCanvas.eitherContrast - 0.05, "\(colour) on either")
            }
        }
        let navy = CSSColor(rgb: 0x00_0080)
        let lightened = CSSColor(rgb: TextCanvas.dark.textColor(navy, on: nil)!)
        #expect(abs(lightened.hsl.hue - navy.hsl.hue) < 2 && lightened.hsl.lightness > navy.hsl.lightness)
        #expect(TextCanvas.light.textColor(navy, on: nil) == navy.rgb)
    }

    /// On a page's background, the page's colour reads against it, and where the
    /// page gives none, black or white does.
    @Test func textOnAPagesBackground() {
        let yellow = CSSColor(rgb: 0xFF_FF00)
        #expect(TextCanvas.dark.textColor(nil, on: yellow) == 0)
        #expect(TextCanvas.light.textColor(CSSColor(rgb: 0xEE_EEEE), on: CSSColor(rgb: 0x00_0080)) == 0xFF_FFFF)
        let orange = TextCanvas.dark.textColor(CSSColor(rgb: 0xFF_A500), on: yellow)!
        #expect(CSSColor(rgb: orange).contrast(with: yellow) >= TextCanvas.textContrast - 0.05)
        #expect(CSSColor(rgb: orange).inPalette.contrast(with: yellow.inPalette) >= TextCanvas.textContrast - 0.05)
        // javadoc's headings, white on #4D7A97 (4.6), which the palette draws #5F8787
        // (3.96 with white): black reads better on what is drawn.
        #expect(TextCanvas.dark.textColor(nil, on: CSSColor(rgb: 0x4D_7A97)) == 0)
        #expect(TextCanvas.dark.backgroundColor(CSSColor(rgb: 0xF5_F5F5)) == nil, "a grey background is not drawn")
        #expect(TextCanvas.dark.backgroundColor(CSSColor(red: 255, green: 255, blue: 0, alpha: 20)) == nil, "nor a faint one")
        #expect(TextCanvas.dark.backgroundColor(yellow) == yellow)
    }
}
