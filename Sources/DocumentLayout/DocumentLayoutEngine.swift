import HTMLParsing
import RenderCore

/// Lays out an `HTMLDocument` into lines at a width: block flow with prefixes for
/// list markers and quotes, vertical margins collapsed to at most one blank line.
///
/// The walk over the document uses an explicit stack, so nesting depth is bounded by
/// memory, not by the call stack. Indentation stops growing at half the width, so
/// deeply nested content stays readable.
struct DocumentLayoutEngine {
    private let document: HTMLDocument
    private let width: Int
    private var lines: [LayoutLine] = []
    private var blocks: BlockStack
    private var styles: [Style] = [.plain]
    private var inline = InlineRuns()
    private var preDepth = 0
    /// Block depth of the outermost block that asked for a blank line not yet
    /// emitted: margins of nested blocks collapse into it, so the blank line carries
    /// only the prefixes of the blocks around that one (CSS 2.2 §8.3.1).
    private var pendingBlankDepth: Int?
    private var lastLineBlank = true

    init(document: HTMLDocument, width: Int) {
        self.document = document
        self.width = max(1, width)
        self.blocks = BlockStack(prefixLimit: self.width / 2)
    }

    /// The document's lines.
    static func layout(_ document: HTMLDocument, width: Int) -> [LayoutLine] {
        var engine = DocumentLayoutEngine(document: document, width: width)
        engine.run()
        return engine.lines
    }

    private mutating func run() {
        var stack: [(node: HTMLDocument.NodeIndex, exiting: Bool)] = []
        stack.append(contentsOf: document.children(of: document.root).reversed().map { ($0, false) })
        while let (index, exiting) = stack.popLast() {
            let node = document[index]
            if exiting {
                exit(node.tag)
                continue
            }
            if node.kind == .text {
                inline.append(document.text(of: index), style: styles[styles.count - 1], preserve: preDepth > 0)
                continue
            }
            guard !isHidden(index) else { continue }
            enter(node.tag, index)
            stack.append((index, true))
            stack.append(contentsOf: document.children(of: index).reversed().map { ($0, false) })
        }
        flushInline()
    }

    // MARK: Elements

    private mutating func enter(_ tag: HTMLTag, _ index: HTMLDocument.NodeIndex) {
        let role = ElementRole(tag)
        switch role {
        case .block(let margin):
            flushInline()
            if margin { requestBlankLine() }
            var context = BlockContext(tag: tag)
            switch tag {
            case .blockquote:
                context.firstPrefix = "│ "
                context.restPrefix = "│ "
            case .dd:
                context.firstPrefix = "    "
                context.restPrefix = "    "
            default: break
            }
            if isPreformatted(tag) { preDepth += 1 }
            blocks.push(context)
            styles.append(styles[styles.count - 1].merging(blockStyle(tag)))
        case .list(let ordered):
            flushInline()
            let nested = blocks.listItemDepth > 0
            if !nested { requestBlankLine() }
            var context = BlockContext(tag: tag)
            context.ordered = ordered
            context.firstPrefix = nested ? "" : "  "
            context.restPrefix = context.firstPrefix
            if ordered {
                let items = document.children(of: index).filter { document[$0].tag == .li }.count
                let start = document.attribute("start", of: index).flatMap { Int($0.trimmingSpaces) } ?? 1
                context.nextNumber = start
                context.numberColumns = max(String(start).count, String(start + max(0, items - 1)).count)
            }
            blocks.push(context)
            styles.append(styles[styles.count - 1])
        case .listItem:
            flushInline()
            var context = BlockContext(tag: tag)
            let marker = listMarker()
            context.firstPrefix = marker + " "
            context.restPrefix = String(repeating: " ", count: TextWidth.columns(of: marker) + 1)
            context.markerPending = true
            blocks.push(context)
            styles.append(styles[styles.count - 1])
        case .lineBreak:
            inline.appendLineBreak(style: styles[styles.count - 1])
        case .horizontalRule:
            flushInline()
            requestBlankLine()
            let rule = String(repeating: "─", count: max(1, width - prefixColumns()))
            emit([.init(rule, style: Style(.dim))])
            requestBlankLine()
        case .image:
            if let alt = document.attribute("alt", of: index) {
                if !alt.isEmpty { inline.append("[\(alt)]", style: styles[styles.count - 1], preserve: false) }
            } else {
                inline.append("[image]", style: styles[styles.count - 1], preserve: false)
            }
        case .tableCell(let header):
            if let row = blocks.innermostRow {
                if blocks[row].cellCount > 0 {
                    inline.trimTrailingSpace()
                    inline.append(" │ ", style: Style(.dim), preserve: true)
                }
                blocks[row].cellCount += 1
            }
            styles.append(styles[styles.count - 1].merging(header ? Style(.bold) : .plain))
        case .inline(let style):
            styles.append(styles[styles.count - 1].merging(style))
        }
    }

    private mutating func exit(_ tag: HTMLTag) {
        switch ElementRole(tag) {
        case .block(let margin):
            flushInline(heading: headingRule(tag))
            if isPreformatted(tag) { preDepth -= 1 }
            blocks.pop()
            styles.removeLast()
            if margin { requestBlankLine() }
        case .list:
            flushInline()
            blocks.pop()
            styles.removeLast()
            if blocks.listItemDepth == 0 { requestBlankLine() }
        case .listItem:
            flushInline()
            // An empty item still shows its marker.
            if blocks.last?.markerPending == true { emit([]) }
            blocks.pop()
            styles.removeLast()
        case .tableCell, .inline:
            styles.removeLast()
        case .lineBreak, .horizontalRule, .image:
            break
        }
    }

    private func isPreformatted(_ tag: HTMLTag) -> Bool {
        tag == .pre || tag == .listing || tag == .xmp || tag == .plaintext
    }

    private func blockStyle(_ tag: HTMLTag) -> Style {
        switch tag {
        case .h1, .h2, .h3, .h4, .h5, .h6, .dt, .caption, .summary: Style(.bold)
        default: .plain
        }
    }

    /// The character that underlines a heading's text, for the top two levels.
    private func headingRule(_ tag: HTMLTag) -> Character? {
        switch tag {
        case .h1: "═"
        case .h2: "─"
        default: nil
        }
    }

    private mutating func listMarker() -> String {
        guard let listIndex = blocks.innermostList else { return "•" }
        if blocks[listIndex].ordered {
            let number = blocks[listIndex].nextNumber
            blocks[listIndex].nextNumber += 1
            let text = "\(number)."
            let padding = max(0, blocks[listIndex].numberColumns + 1 - text.count)
            return String(repeating: " ", count: padding) + text
        }
        return ["•", "◦", "▪"][max(0, blocks.unorderedDepth - 1) % 3]
    }

    private func isHidden(_ index: HTMLDocument.NodeIndex) -> Bool {
        if document.attribute("hidden", of: index) != nil { return true }
        guard let style = document.attribute("style", of: index) else { return false }
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }

    // MARK: Lines

    private mutating func requestBlankLine() {
        pendingBlankDepth = min(pendingBlankDepth ?? blocks.count, blocks.count)
    }

    /// Lays out the collected inline content as lines, then forgets it.
    private mutating func flushInline(heading rule: Character? = nil) {
        defer { inline.removeAll() }
        if preDepth > 0 {
            guard !inline.isEmpty else { return }
            for spans in LineWrapper.preformatted(inline.runs) { emit(spans) }
            return
        }
        inline.trimTrailingSpace()
        guard inline.hasContent else { return }
        let wrapped = LineWrapper.wrap(inline.runs, width: width - prefixColumns())
        var widest = 0
        for spans in wrapped {
            widest = max(widest, spans.reduce(0) { $0 + TextWidth.columns(of: $1.text) })
            emit(spans)
        }
        if let rule, widest > 0 {
            emit([.init(String(repeating: rule, count: widest), style: Style(.bold))])
        }
    }

    /// Appends a content line with the prefixes of the open blocks, after a blank line
    /// when a margin is pending.
    private mutating func emit(_ spans: [LayoutLine.Span]) {
        if let depth = pendingBlankDepth, !lastLineBlank {
            lines.append(LayoutLine(spans: blankPrefix(depth: depth)))
        }
        pendingBlankDepth = nil
        var line = [LayoutLine.Span]()
        let prefix = blocks.linePrefix()
        if !prefix.isEmpty { line.append(.init(prefix, style: .plain)) }
        line.append(contentsOf: spans)
        blocks.markersShown()
        let layoutLine = LayoutLine(spans: line)
        lastLineBlank = spans.isEmpty && layoutLine.isBlank
        lines.append(layoutLine)
    }

    /// The prefix of a blank line: quote bars kept, trailing spaces dropped.
    private func blankPrefix(depth: Int) -> [LayoutLine.Span] {
        var prefix = blocks.restPrefix(depth: depth)
        while prefix.last == " " { prefix.removeLast() }
        return prefix.isEmpty ? [] : [.init(prefix)]
    }

    private func prefixColumns() -> Int {
        TextWidth.columns(of: blocks.linePrefix())
    }
}

extension String {
    var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
