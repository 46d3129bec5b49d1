import Testing

@testable import Pictures

/// SVG: sized from its root element as a browser sizes an `<img>` of it, before any
/// drawing; drawn by librsvg (loaded on first use) at the size shown, its colours
/// where its shapes are.
@Suite("SVG")
struct SVGTests {
    static func header(_ text: String) -> ImageHeader? {
        ImageHeader.read(Array(text.utf8))
    }

    @Test func theRootElementGivesTheSizeInCSSPixels() {
        #expect(Self.header(#"<svg width="120" height="40"/>"#) == ImageHeader(format: .svg, width: 120, height: 40))
        #expect(Self.header(#"<svg xmlns="http://www.w3.org/2000/svg" width='1in' height="72pt">"#) == ImageHeader(format: .svg, width: 96, height: 96))
        #expect(Self.header(#"<svg width="2.54cm" height="10mm" >"#)?.width == 96)
        #expect(Self.header(#"<svg width="10mm" height="2em">"#).map { [$0.width, $0.height] } == [38, 32])
        // A missing side from the viewBox's aspect; both missing, the viewBox's size.
        #expect(Self.header(#"<svg width="200" viewBox="0 0 50 25">"#).map { [$0.width, $0.height] } == [200, 100])
        #expect(Self.header(#"<svg height="30" viewBox="0,0,50,25">"#).map { [$0.width, $0.height] } == [60, 30])
        #expect(Self.header(#"<svg viewBox="-10 -10 300.5 150">"#).map { [$0.width, $0.height] } == [301, 150])
        // Percentages fall back on the viewBox, and without one the size is unknown.
        #expect(Self.header(#"<svg width="100%" height="100%" viewBox="0 0 64 32">"#).map { [$0.width, $0.height] } == [64, 32])
        #expect(Self.header(#"<svg width="100%" height="50%">"#) == nil)
        #expect(Self.header(#"<svg>"#) == nil)
    }

    @Test func onlyMarkupBeforeTheRootIsSkipped() {
        let prologue = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!-- made by hand -->
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
              <!ENTITY ns "http://www.w3.org/2000/svg">
            ]>
            <svg width="16" height="8"></svg>
            """
        #expect(Self.header(prologue) == ImageHeader(format: .svg, width: 16, height: 8))
        // An HTML page holding an SVG is not one; nor a tag named otherwise.
        #expect(Self.header(#"<html><body><svg width="16" height="8"></svg>"#) == nil)
        #expect(Self.header(#"<svgx width="16" height="8">"#) == nil)
        #expect(Self.header(#"<!-- never closed <svg width="1" height="1">"#) == nil)
        #expect(Self.header(#"   <svg width="0" height="8">"#) == nil)
    }

    /// Left half red, right half blue, over a transparent ground with a half-opaque
    /// green band at the bottom.
    static let halves = Array("""
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
        <rect x="0" y="0" width="20" height="10" fill="#ff0000"/>
        <rect x="20" y="0" width="20" height="10" fill="#0000ff"/>
        <rect x="0" y="15" width="40" height="5" fill="#00ff00" fill-opacity="0.5"/>
        </svg>
        """.utf8)

    @Test(.enabled(if: docscrollSVGAvailable(), "librsvg is not installed (Debian's librsvg2-2)"))
    func itIsDrawnAtTheSizeShownInItsColours() throws {
        for (width, height) in [(40, 20), (80, 40), (10, 5)] {
            let pixels = try ImageDecoder.decode(Self.halves, toShow: (width, height))
            #expect(pixels.width == width && pixels.height == height)
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels.rgba[((y * width + x) * 4)..<((y * width + x) * 4 + 4)]) }
            #expect(pixel(width / 4, height / 4) == [255, 0, 0, 255])
            #expect(pixel(width * 3 / 4, height / 4) == [0, 0, 255, 255])
            // Straight, not premultiplied: half-opaque green stays green.
            let band = pixel(width / 2, height * 9 / 10)
            #expect(band[0] == 0 && band[1] >= 250 && band[2] == 0 && (120...135).contains(band[3]), "\(band)")
            if height >= 20 { #expect(pixel(width / 2, height * 12 / 20)[3] == 0, "transparent between") }
        }
        // At its own size when none is asked for.
        let whole = try ImageDecoder.decode(Self.halves)
        #expect(whole.width == 40 && whole.height == 20)
    }

    @Test(.enabled(if: docscrollSVGAvailable(), "librsvg is not installed (Debian's librsvg2-2)"))
    func brokenOrHugeSVGsGiveTheirReason() {
        let broken = Array(#"<svg width="10" height="10"><rect"#.utf8)
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(broken) }
        let huge = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>"#.utf8)
        #expect(throws: ImageDecodingError.tooLarge(width: 100_000, height: 100_000)) { try ImageDecoder.decode(huge) }
    }
}

/// Whether librsvg can be loaded here.
func docscrollSVGAvailable() -> Bool {
    ImageDecoder.drawsSVG
}
