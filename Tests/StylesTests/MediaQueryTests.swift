import Testing
@testable import Styles

@Suite("Media queries")
struct MediaQueryTests {
    static func holds(_ text: String, width: Double = 1280, scheme: MediaEnvironment.ColorScheme = .light) -> Bool {
        guard case .at(_, let prelude, _)? = CSSParser.rules(of: Array(text.utf8)).first else { return false }
        return MediaQuery.matches(prelude, in: MediaEnvironment(width: width, height: 1024, colorScheme: scheme))
    }

    /// Read at 1280 pixels and at 600, as `@media X {}`.
    @Test(arguments: [
        ("", true, true), ("screen", true, true), ("print", false, false), ("all and (min-width: 800px)", true, false),
        ("(max-width: 768px)", false, true), ("only screen and (max-width: 48em)", false, true), ("not print", true, true),
        ("not screen and (min-width: 800px)", false, true), ("(width >= 800px)", true, false), ("(700px < width <= 1300px)", true, false),
        ("(400px <= width < 700px)", false, true), ("print, (max-width: 700px)", false, true), ("(min-width: 50em) and (orientation: landscape)", true, false),
        ("(hover: hover)", false, false), ("(scripting: none)", true, true), ("not (max-width: 700px)", true, false),
        ("((min-width: 900px) or (max-width: 100px))", true, false), ("screen and (bogus: 1)", false, false), ("nonsense", false, false),
        ("screen and", false, false), ("(min-aspect-ratio: 1/1)", true, false), ("(min-resolution: 2dppx)", false, false), ("(color)", true, true),
    ])
    func queries(query: String, wide: Bool, narrow: Bool) {
        #expect(Self.holds("@media \(query) {}") == wide, "\(query) at 1280")
        #expect(Self.holds("@media \(query) {}", width: 600) == narrow, "\(query) at 600")
    }

    @Test func colourSchemeFollowsTheTerminal() {
        #expect(Self.holds("@media (prefers-color-scheme: dark) {}", scheme: .dark))
        #expect(!Self.holds("@media (prefers-color-scheme: dark) {}", scheme: .light))
        #expect(Self.holds("@media (prefers-color-scheme: light) {}", scheme: .light))
    }
}
