extension HTMLDocument {
    /// A stable text picture of the model, one node a line with `├─` and `└─`: what
    /// layout receives, for tests and for reading a parse in review. Texts are quoted
    /// (at most 40 characters, white space shown as `\n`, `\t`); kept attributes
    /// follow element names.
    package var treeDump: String {
        var lines = ["document" + (title.isEmpty ? "" : " \"\(title)\"")]
        // Each entry: a node and the prefix its line starts with; children get the
        // prefix extended. An explicit stack, so deep trees cannot overflow.
        var stack: [(node: NodeIndex, prefix: String, isLast: Bool)] = []
        let roots = Array(children(of: root))
        for (offset, child) in roots.enumerated().reversed() {
            stack.append((child, "", offset == roots.count - 1))
        }
        while let (node, prefix, isLast) = stack.popLast() {
            lines.append(prefix + (isLast ? "└─ " : "├─ ") + label(of: node))
            let childPrefix = prefix + (isLast ? "   " : "│  ")
            let kids = Array(children(of: node))
            for (offset, child) in kids.enumerated().reversed() {
                stack.append((child, childPrefix, offset == kids.count - 1))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func label(of index: NodeIndex) -> String {
        let node = self[index]
        guard node.kind == .element else {
            var text = ""
            for character in self.text(of: index).prefix(40) {
                switch character {
                case "\n": text += "\\n"
                case "\t": text += "\\t"
                case "\r", "\r\n": text += "\\r"
                default: text.append(character)
                }
            }
            return "\"" + text + (self.text(of: index).count > 40 ? "…" : "") + "\""
        }
        let name = node.tag == .unknown ? "?" : node.tag.rawValue
        let attributes = self.attributes(of: index).map { "\($0.name)=\($0.value)" }
        return ([name] + attributes).joined(separator: " ")
    }
}
