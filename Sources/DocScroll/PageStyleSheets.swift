import DocumentLayout
import HTMLParsing
import Styles
import SystemIO

/// A page's stylesheets, read once for all its parses: its `<style>` elements and its
/// `<link rel=stylesheet>` files on this machine (resolved as its links are; never
/// fetched from the network), their `@import`s too, and the reader's own sheet
/// (`--css`); each for the screen of `StyleScreen`.
enum PageStyleSheets {
    /// Bytes of one stylesheet file read at most (larger ones are left out).
    static let maximumSheetBytes = 16 << 20

    /// The styles of the page that starts with `head`, at `address`; `nil` when no
    /// sheet has a rule.
    static func styles(
        head: some RandomAccessCollection<UInt8>, address: PageAddress?, user: [UInt8]?, screen: StyleScreen = StyleScreen()
    ) -> PageStyles? {
        let environment = MediaEnvironment(
            width: Double(screen.width), height: Double(screen.height), colorScheme: screen.prefersDark ? .dark : .light,
            drawsColors: screen.drawsColors)
        let importer: StyleSheet.Importer = { written, from in
            let base = from.flatMap { PageAddress(absolutePath: $0) } ?? address
            guard let path = path(of: written, on: base), let bytes = read(path) else { return nil }
            return (bytes, path)
        }
        var sheets: [(sheet: StyleSheet, origin: CascadeOrigin)] = []
        if let user { sheets.append((StyleSheet(user, environment: environment, importing: importer), .user)) }
        for source in StyleSources.scan(head) {
            switch source {
            case .inline(let text, let media):
                guard media.map({ MediaQuery.matches($0, in: environment) }) ?? true else { continue }
                sheets.append((StyleSheet(text, environment: environment, importing: importer), .author))
            case .linked(let href, let media):
                guard media.map({ MediaQuery.matches($0, in: environment) }) ?? true, let path = path(of: href, on: address), let bytes = read(path)
                else { continue }
                sheets.append((StyleSheet(bytes, location: path, environment: environment, importing: importer), .author))
            }
        }
        let cascade = Cascade(sheets)
        let canvas: TextCanvas? = !screen.drawsColors ? nil : screen.knowsBackground ? (screen.prefersDark ? .dark : .light) : .unknown
        return cascade.isEmpty ? nil : PageStyles(cascade: cascade, canvas: canvas)
    }

    /// The file `written` names on this machine, from a page or sheet at `base`.
    private static func path(of written: String, on base: PageAddress?) -> String? {
        guard let base else { return written.first == "/" ? written : nil }
        if case .file(let path, _, _) = base.destination(of: written) { return path }
        return nil
    }

    private static func read(_ path: String) -> [UInt8]? {
        if case .bytes(let bytes) = FileSystem.readAll(path, limit: maximumSheetBytes, regularOnly: true, check: { _ in true }) { return bytes }
        return nil
    }
}

/// The screen a page's stylesheets are read for: what their `@media` queries are
/// asked about. A page in a terminal is read as on a desktop (a layout for phones
/// would hide what a desktop's shows), its sidebar after its content.
public struct StyleScreen: Equatable, Sendable {
    /// Its width in CSS pixels.
    public var width: Int
    /// Its height in CSS pixels.
    public var height: Int
    /// Whether the reader prefers dark colours (`prefers-color-scheme: dark`).
    public var prefersDark: Bool
    /// Whether `prefersDark` says what the terminal's background is (dark or light):
    /// the page's colours are then made to read on it, else on both.
    public var knowsBackground: Bool
    /// Whether the pages' colours are drawn (not in plain text, nor on a terminal
    /// without colours: working them out would cost each element for nothing).
    public var drawsColors: Bool

    /// A screen of `width` by `height` CSS pixels (by default, a desktop's).
    public init(width: Int = 1280, height: Int = 1024, prefersDark: Bool = false, knowsBackground: Bool = false, drawsColors: Bool = true) {
        self.width = width
        self.height = height
        self.prefersDark = prefersDark
        self.knowsBackground = knowsBackground
        self.drawsColors = drawsColors
    }

    /// Whether the terminal's background is dark, as `COLORFGBG` says it
    /// (`"15;0"`: colour 15 on colour 0, set by rxvt, Konsole and others); `nil`
    /// where it says nothing.
    public static func prefersDark(colorFGBG: String?) -> Bool? {
        guard let last = colorFGBG?.split(separator: ";").last, let background = Int(last), (0...15).contains(background) else { return nil }
        // (The dark ones of the 16: black, the six colours, and bright black.)
        return background < 7 || background == 8
    }
}

extension DocScrollView {
    /// The reader's own stylesheet at `path` (`Options.userStyleSheet`).
    /// - Throws: `DocScrollError.badInput` when it cannot be read.
    public static func userStyleSheet(at path: String) throws(DocScrollError) -> [UInt8] {
        switch FileSystem.readAll(path, limit: PageStyleSheets.maximumSheetBytes, regularOnly: true, check: { _ in true }) {
        case .bytes(let bytes): return bytes
        case .rejected: return []
        case .tooLarge: throw .badInput(name: path, reason: "a stylesheet of more than \(PageStyleSheets.maximumSheetBytes >> 20) MiB")
        case .failed(let reason): throw .badInput(name: path, reason: reason)
        }
    }
}
