extension ElementStyler {
    /// The elements open below the deepest level a styler keeps (`keptLevels`),
    /// outermost first, in runs of elements styled alike: opened and closed as a
    /// stack, and read by depth where a parse resumes inside them. A page nested a
    /// hundred thousand deep nests the same few elements over and over: a few runs.
    struct DeeperElements: Equatable, Sendable {
        /// What a state keeps of an open element: its style, its `::after`, whether its
        /// `::before` added text.
        struct Element: Equatable, Sendable {
            let styled: Styled
            let after: After?
            var hasBefore: Bool

            static func == (left: Element, right: Element) -> Bool {
                (left.styled === right.styled || left.styled.style == right.styled.style) && left.after == right.after
                    && left.hasBefore == right.hasBefore
            }
        }

        /// Elements alike, one after another: how many, and how many are open above them.
        private struct Run: Equatable, Sendable {
            var element: Element
            var count: Int
            let above: Int
        }

        private var runs: [Run] = []
        /// How many are open.
        private(set) var count = 0

        /// The innermost.
        var last: Element? { runs.last?.element }

        mutating func append(_ element: Element) {
            if let innermost = runs.indices.last, runs[innermost].element == element {
                runs[innermost].count += 1
            } else {
                runs.append(Run(element: element, count: 1, above: count))
            }
            count += 1
        }

        mutating func removeLast() {
            guard let innermost = runs.indices.last else { return }
            runs[innermost].count -= 1
            if runs[innermost].count == 0 { runs.removeLast() }
            count -= 1
        }

        /// Notes that the innermost's `::before` added text.
        mutating func markLastHasBefore() {
            guard var element = last else { return }
            removeLast()
            element.hasBefore = true
            append(element)
        }

        /// Open element `index` (0: the outermost of them), if it is open.
        func element(_ index: Int) -> Element? {
            guard index >= 0, index < count else { return nil }
            var low = 0
            var high = runs.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if runs[middle].above <= index { low = middle } else { high = middle - 1 }
            }
            return runs[low].element
        }
    }
}
