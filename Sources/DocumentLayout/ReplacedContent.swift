import HTMLParsing

/// Form controls and embedded media, shown as inert text since docscroll runs nothing:
/// `[value____]` for a text field, `[x]` for a checked box, `[iframe: title]`.
enum ReplacedContent {
    /// The text that stands for the element, or `nil` when it shows nothing (a hidden
    /// input). Whether the element's children are laid out as well is `descends`.
    static func text(for tag: HTMLTag, _ index: HTMLDocument.NodeIndex, in document: HTMLDocument) -> String? {
        switch tag {
        case .input: return inputText(index, document)
        case .select: return selectText(index, document)
        case .iframe: return placeholder("iframe", index, document, source: "src")
        case .video: return placeholder("video", index, document, source: "src")
        case .audio: return placeholder("audio", index, document, source: "src")
        case .object: return placeholder("object", index, document, source: "data")
        case .embed: return placeholder("embed", index, document, source: "src")
        default: return nil
        }
    }

    /// Whether layout goes into the element's children (fallback content of media is
    /// not shown when the placeholder is).
    /// The tags of `replaces`.
    static let replacedTags = Set(HTMLTag.allCases.filter(replaces))

    static func replaces(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .input, .select, .iframe, .video, .audio, .object, .embed, .svg: true
        default: false
        }
    }

    private static func inputText(_ index: HTMLDocument.NodeIndex, _ document: HTMLDocument) -> String? {
        let type = (document.attribute("type", of: index) ?? "text").lowercased()
        let value = document.attribute("value", of: index) ?? ""
        switch type {
        case "hidden": return nil
        case "checkbox": return document.attribute("checked", of: index) != nil ? "[x]" : "[ ]"
        case "radio": return document.attribute("checked", of: index) != nil ? "(*)" : "( )"
        case "submit", "reset", "button":
            let label = value.isEmpty ? (type == "reset" ? "Reset" : "Submit") : value
            return "[ \(label) ]"
        case "image": return "[\(document.attribute("alt", of: index) ?? "image")]"
        case "password": return "[" + String(repeating: "*", count: min(value.count, 20)) + "____]"
        default:
            // (A placeholder is not the field's text: a browser shows it greyed out
            // inside an empty field, and never as page text; w3m and links leave it
            // out.)
            return "[" + value + "____]"
        }
    }

    private static func selectText(_ index: HTMLDocument.NodeIndex, _ document: HTMLDocument) -> String {
        var first: String?
        var selected: String?
        // Options in document order: a stack with children pushed in reverse.
        var stack = Array(document.children(of: index).reversed())
        while selected == nil, let node = stack.popLast() {
            if document[node].tag == .option {
                if document.attribute("selected", of: node) != nil {
                    selected = collapsedText(of: node, document)
                } else if first == nil {
                    first = collapsedText(of: node, document)
                }
            } else if document[node].tag == .optgroup {
                stack.append(contentsOf: document.children(of: node).reversed())
            }
        }
        return "[" + (selected ?? first ?? "") + " ▾]"
    }

    private static func placeholder(_ kind: String, _ index: HTMLDocument.NodeIndex, _ document: HTMLDocument, source: String) -> String {
        if let title = document.attribute("title", of: index), !title.isEmpty { return "[\(kind): \(title)]" }
        var location = document.attribute(source, of: index)
        if location == nil {
            location = document.children(of: index).lazy.compactMap { child in
                document[child].tag == .source ? document.attribute("src", of: child) : nil
            }.first
        }
        guard let location, !location.isEmpty else { return "[\(kind)]" }
        let name = location.split(separator: "?").first.map(String.init) ?? location
        return "[\(kind): \(name.split(separator: "/").last.map(String.init) ?? name)]"
    }

    /// The text under a node, white space collapsed.
    static func collapsedText(of index: HTMLDocument.NodeIndex, _ document: HTMLDocument) -> String {
        var parts: [String] = []
        var stack = [index]
        while let node = stack.popLast() {
            if document[node].kind == .text { parts.append(document.text(of: node)) }
            stack.append(contentsOf: document.children(of: node).reversed())
        }
        return parts.joined().split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
