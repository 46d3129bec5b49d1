/// Realistic HTML pages of a chosen size from a seed: sections with headings,
/// paragraphs of English and Chinese text with inline styles and links, nested lists,
/// code blocks and tables, plus the head, script and style content layout must skip.
public enum PageGenerator {
    static let words = """
        scroll offset viewport component table document layout memory tile frame render
        window anchor header column row content width height pinned stack container
        terminal buffer cell grapheme budget cache measure pass bound extent visible
        the a of and to in is that for it as with on by this be are from at or an
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    static let chinese = [
        "容器滚动用一个根偏移量驱动所有子视图", "每个子视图在滚动到顶部时被固定", "只渲染一屏的内容",
        "内存占用不会随着页面长度增长", "表格和网页在同一个滚动视图中展示", "中文字符之间可以断行",
    ]

    /// A page of about `bytes` bytes (never less than one section).
    public static func page(bytes: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>Generated page \(seed)</title>
            <style>body { margin: 0 } .x { display: none }</style>
            <script>var neverShown = "script text";</script></head>
            <body>

            """
        var section = 0
        while html.utf8.count < bytes || section == 0 {
            section += 1
            html += sectionHTML(number: section, random: &random)
        }
        html += "</body></html>\n"
        return html
    }

    private static func sectionHTML(number: Int, random: inout SeededGenerator) -> String {
        var html = "<h\(number % 3 == 1 ? 1 : 2) id=\"s\(number)\">Section \(number): \(sentence(words: 3, random: &random))</h\(number % 3 == 1 ? 1 : 2)>\n"
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            html += "<p>\(paragraph(random: &random))</p>\n"
        }
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            html += list(depth: 0, random: &random)
        case 1:
            html += "<pre><code>"
            for line in 0..<Int.random(in: 2...6, using: &random) {
                html += String(repeating: "    ", count: line % 3) + "let value\(line) = \(sentence(words: 2, random: &random).replacingSpaces()) &lt; \(line)\n"
            }
            html += "</code></pre>\n"
        case 2:
            html += "<table><tr><th>Name</th><th>Value</th></tr>"
            for row in 0..<Int.random(in: 1...4, using: &random) {
                html += "<tr><td>\(words.randomElement(using: &random) ?? "row")</td><td>\(row * 17)</td></tr>"
            }
            html += "</table>\n"
        case 3:
            html += "<blockquote><p>\(paragraph(random: &random))</p></blockquote>\n"
        default:
            html += "<p class=\"x\" hidden>hidden text</p><div>\(sentence(words: 6, random: &random))<br>\(chinese.randomElement(using: &random) ?? "")</div>\n"
        }
        return html
    }

    private static func list(depth: Int, random: inout SeededGenerator) -> String {
        let tag = Bool.random(using: &random) ? "ul" : "ol"
        var html = "<\(tag)>"
        for _ in 0..<Int.random(in: 2...4, using: &random) {
            html += "<li>\(sentence(words: Int.random(in: 3...12, using: &random), random: &random))"
            if depth < 2, Int.random(in: 0..<4, using: &random) == 0 { html += list(depth: depth + 1, random: &random) }
            html += "</li>"
        }
        return html + "</\(tag)>\n"
    }

    private static func paragraph(random: inout SeededGenerator) -> String {
        var parts: [String] = []
        for _ in 0..<Int.random(in: 2...6, using: &random) {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: parts.append("<em>\(sentence(words: 3, random: &random))</em>")
            case 1: parts.append("<a href=\"#s1\">\(sentence(words: 2, random: &random))</a>")
            case 2: parts.append(chinese.randomElement(using: &random) ?? "")
            case 3: parts.append("<code>\(words.randomElement(using: &random) ?? "x")()</code>")
            default: parts.append(sentence(words: Int.random(in: 5...15, using: &random), random: &random) + ".")
            }
        }
        return parts.joined(separator: " ")
    }

    private static func sentence(words count: Int, random: inout SeededGenerator) -> String {
        (0..<count).map { _ in words.randomElement(using: &random) ?? "word" }.joined(separator: " ")
    }
}

extension String {
    fileprivate func replacingSpaces() -> String {
        String(map { $0 == " " ? "_" : $0 })
    }
}
