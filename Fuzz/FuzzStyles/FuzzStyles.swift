import FuzzDriver
import HTMLParsing
import Styles

/// libFuzzer target: a stylesheet, then a NUL, then a page. The sheet is read and
/// matched as the page is parsed with it: never a trap or a hang, and what the page
/// hides without its sheet stays hidden with it (a sheet only hides more; the
/// `hidden` attribute and inline `display: none` are the page's own).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStyles(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let sheet = StyleSheet(Array(bytes[..<split]), importing: { address, _ in (Array(address.utf8), address) })
    let page = split < bytes.count ? Array(bytes[(split + 1)...]) : Array("<p class=a id=b>text<span>more</span></p><ul><li>1<li>2</ul>".utf8)
    guard let plain = try? HTMLParser.parse(page), let styled = try? HTMLParser.parse(page, styles: PageStyles(cascade: Cascade([(sheet, .author)]))) else {
        return 0
    }
    // (Texts, not nodes, are compared: a plain inline element hidden by the sheet is
    // kept in the model, where without the sheet it is left out.)
    let hiddenPlain = hiddenTexts(plain)
    let hiddenStyled = hiddenTexts(styled)
    for text in hiddenPlain where !hiddenStyled.contains(text) {
        fatalError("text hidden without the sheet is shown with it: \(text.prefix(40))")
    }
    return 0
}

/// The texts inside hidden elements.
private func hiddenTexts(_ document: HTMLDocument) -> Set<String> {
    var texts: Set<String> = []
    var stack: [(HTMLDocument.NodeIndex, Bool)] = [(document.root, false)]
    while let (index, hidden) = stack.popLast() {
        let node = document[index]
        let isHidden = hidden || (node.kind == .element && document.isHidden(index))
        if node.kind == .text, isHidden { texts.insert(document.text(of: index)) }
        for child in document.children(of: index) { stack.append((child, isHidden)) }
    }
    return texts
}

/// The entry point (see `runLibFuzzer`).
@_cdecl("FuzzStyles_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzzStyles)
}
