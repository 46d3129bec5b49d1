/// Where a target should land in the viewport.
public enum ScrollAlignment: Hashable, Sendable {
    /// At the top, below any pinned header.
    case top
    /// In the middle of the part of the viewport not covered by headers.
    case center
    /// At the bottom.
    case bottom
    /// Not moved if already wholly visible; otherwise the nearest of top and bottom.
    case nearest
}

/// What "scroll to top" does.
public enum ScrollToTopPolicy: Hashable, Sendable {
    /// Straight to the top of the stack.
    case stack
    /// First to the top of the component at the viewport top, and from there to the
    /// top of the stack (XMixScrollManager's `scrollsToMainTop` off, then on).
    case componentThenStack
}

/// The moves every host offers, in rows, pages and ends.
public enum ScrollStep: Hashable, Sendable {
    /// Lines down (negative: up), `lineExtent` points each.
    case lines(Int)
    /// Half viewports down (negative: up).
    case halfPages(Int)
    /// Viewports down (negative: up), keeping one line of the old page in view.
    case pages(Int)
    /// The top of the stack.
    case stackTop
    /// The end of the stack.
    case stackBottom
    /// The top of the current component, or of the stack: see `ScrollToTopPolicy`.
    case scrollToTop
}

extension ScrollContainer {
    /// Points one line takes: 1 (a terminal row).
    public static let lineExtent = 1.0

    /// Takes one navigation step.
    @discardableResult
    public func navigate(_ step: ScrollStep) -> [ScrollEvent] {
        let line = Self.lineExtent
        let usable = max(line, viewportExtent - layout.headerCoverage)
        switch step {
        case .lines(let count):
            return scroll(by: Double(count) * line)
        case .halfPages(let count):
            return scroll(by: Double(count) * max(line, (usable / 2).rounded(.down)))
        case .pages(let count):
            return scroll(by: Double(count) * max(line, usable - line))
        case .stackTop:
            return scroll(to: 0)
        case .stackBottom:
            return scroll(to: maxScrollOffset)
        case .scrollToTop:
            if scrollToTopPolicy == .componentThenStack, let current = position?.component,
               let top = rootOffset(of: current), top < scrollOffset
            {
                return scroll(to: top)
            }
            return scroll(to: 0)
        }
    }

    /// Scrolls so that `range` of a component's content (a row, a rect's vertical
    /// extent) lands as `alignment` asks, clamped to the stack.
    /// - Parameters:
    ///   - id: the component.
    ///   - range: content offsets of the component, in points.
    ///   - alignment: where in the viewport the range goes.
    @discardableResult
    public func scroll(to id: ComponentID, contentRange range: Range<Double>, alignment: ScrollAlignment) -> [ScrollEvent] {
        guard let top = rootOffset(of: id) else { return [] }
        return scroll(toRootRange: (top + range.lowerBound)..<(top + range.upperBound), alignment: alignment)
    }

    /// Scrolls so that one line at `contentOffset` of a component lands as `alignment` asks.
    @discardableResult
    public func scroll(to id: ComponentID, contentOffset: Double = 0, alignment: ScrollAlignment = .top) -> [ScrollEvent] {
        scroll(to: id, contentRange: contentOffset..<(contentOffset + Self.lineExtent), alignment: alignment)
    }

    /// Scrolls so that a range of root offsets lands as `alignment` asks, taking the
    /// pinned headers at the destination into account.
    @discardableResult
    public func scroll(toRootRange range: Range<Double>, alignment: ScrollAlignment) -> [ScrollEvent] {
        let before = layout
        if alignment == .nearest, isVisible(rootRange: range) { return [] }
        let saved = scrollOffset
        // Pinned headers depend on the destination: aim as if none covered the top,
        // look at the headers there and aim again below them, until the coverage
        // settles. If it never does (a header that pins only at the aimed offset),
        // take the first destination where the target was visible.
        var coverage = 0.0
        var firstVisible: Double?
        for _ in 0..<4 {
            scrollOffset = min(max(0, offset(for: range, alignment: alignment, coverage: coverage, current: saved)), maxScrollOffset)
            let visible = isVisible(rootRange: range)
            if visible, firstVisible == nil { firstVisible = scrollOffset }
            let newCoverage = layout.headerCoverage
            if newCoverage == coverage { break }
            coverage = newCoverage
        }
        if !isVisible(rootRange: range), let firstVisible { scrollOffset = firstVisible }
        return ScrollEvents.between(before, layout)
    }

    /// Whether a range of root offsets is wholly in the viewport and not under a
    /// pinned header. A range taller than that space counts as visible when it fills it.
    public func isVisible(rootRange range: Range<Double>) -> Bool {
        let visibleTop = scrollOffset + layout.headerCoverage
        let visibleBottom = scrollOffset + viewportExtent
        if range.upperBound - range.lowerBound > visibleBottom - visibleTop {
            return range.lowerBound <= visibleTop && range.upperBound >= visibleBottom
        }
        return range.lowerBound >= visibleTop && range.upperBound <= visibleBottom
    }

    /// Whether a range of a component's content is wholly visible (see `isVisible(rootRange:)`).
    public func isVisible(_ id: ComponentID, contentRange range: Range<Double>) -> Bool {
        guard let top = rootOffset(of: id) else { return false }
        return isVisible(rootRange: (top + range.lowerBound)..<(top + range.upperBound))
    }

    private func offset(for range: Range<Double>, alignment: ScrollAlignment, coverage: Double, current: Double) -> Double {
        let height = range.upperBound - range.lowerBound
        let space = viewportExtent - coverage
        let top = range.lowerBound - coverage
        let bottom = range.upperBound - viewportExtent
        switch alignment {
        case .top: return top
        case .bottom: return height > space ? top : bottom
        case .center: return top - max(0, (space - height) / 2)
        case .nearest:
            if height > space || range.lowerBound < current + coverage { return top }
            return bottom
        }
    }
}
