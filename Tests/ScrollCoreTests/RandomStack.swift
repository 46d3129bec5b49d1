import SampleContent
import ScrollCore

/// A component with settable extents.
final class TestComponent: ScrollComponent {
    var contentExtent: Double
    var headerExtent: Double
    var isExtentEstimated: Bool
    init(_ extent: Double, header: Double = 0, estimated: Bool = false) {
        contentExtent = extent
        headerExtent = header
        isExtentEstimated = estimated
    }
}

/// What a stack row shows, by a model computed the plain way (walking the components
/// and adding up), to check the container's indexed answers against.
enum StackRow: Hashable {
    case gap
    case content(ComponentID, Int)
}

/// A random stack: 1 to 50 components with extents 0 to 43 (some estimates), hidden
/// flags, spacing, insets of the container and of components, headers, and sometimes
/// a header that pins across later components.
struct RandomStack {
    let container: ScrollContainer
    var components: [ComponentID: TestComponent] = [:]
    var options: [ComponentID: ComponentOptions] = [:]
    var random: SeededGenerator

    /// The stack row by row, computed by walking the components.
    func referenceRows() -> [StackRow] {
        var rows = Array(repeating: StackRow.gap, count: Int(container.insets.top))
        var first = true
        for id in container.componentIDs where !container.isHidden(id) {
            guard let component = components[id] else { continue }
            if !first { rows += Array(repeating: .gap, count: Int(container.spacing)) }
            first = false
            let options = optionsOf(id)
            rows += Array(repeating: .gap, count: Int(options.insets.top))
            rows += (0..<Int(component.contentExtent)).map { .content(id, $0) }
            rows += Array(repeating: .gap, count: Int(options.insets.bottom))
        }
        rows += Array(repeating: .gap, count: Int(container.insets.bottom))
        return rows
    }

    func optionsOf(_ id: ComponentID) -> ComponentOptions { options[id] ?? .standard }
}

extension RandomStack {
    /// Builds the stack again remembering each component's options (the container does
    /// not expose them).
    static func make(seed: UInt64, maximumComponents: Int = 50, allowCrossHeaders: Bool = true) -> RandomStack {
        var random = SeededGenerator(seed: seed)
        let viewport = Double(Int.random(in: 8...40, using: &random))
        let container = ScrollContainer(
            viewportExtent: viewport, spacing: Double(Int.random(in: 0...2, using: &random)),
            insets: EdgeInsets(top: Double(Int.random(in: 0...2, using: &random)), bottom: Double(Int.random(in: 0...2, using: &random))))
        var stack = RandomStack(container: container, random: random)
        for _ in 0..<Int.random(in: 1...maximumComponents, using: &stack.random) {
            stack.addRandomComponent(allowCrossHeaders: allowCrossHeaders)
        }
        return stack
    }

    private init(container: ScrollContainer, random: SeededGenerator) {
        self.container = container
        self.random = random
    }

    mutating func addRandomComponent(allowCrossHeaders: Bool = true) {
        let extent = Double([0, 1, 3, 10, 25, 40].randomElement(using: &random) ?? 5) + Double(Int.random(in: 0...3, using: &random))
        let header = Int.random(in: 0..<3, using: &random) == 0 ? Double(Int.random(in: 1...2, using: &random)) : 0
        let component = TestComponent(extent, header: header, estimated: Bool.random(using: &random))
        let componentOptions = ComponentOptions(
            insets: EdgeInsets(top: Double(Int.random(in: 0...1, using: &random)), bottom: Double(Int.random(in: 0...1, using: &random))),
            pinsHeaderAcrossLaterComponents: allowCrossHeaders && header > 0 && Int.random(in: 0..<6, using: &random) == 0)
        let id = container.append(component, options: componentOptions)
        components[id] = component
        options[id] = componentOptions
        if Int.random(in: 0..<6, using: &random) == 0 { container.setHidden(true, for: id) }
    }

    /// What each viewport row shows at the current offset, headers left out.
    func bodyRows() -> [StackRow] {
        let layout = container.layout
        var rows = Array(repeating: StackRow.gap, count: Int(layout.viewportExtent))
        for placement in layout.placements {
            for row in 0..<Int(placement.visibleExtent) {
                rows[Int(placement.viewportOffset) + row] = .content(placement.id, Int(placement.contentOffset) + row)
            }
        }
        return rows
    }

    /// What each viewport row shows at the current offset: bodies, then headers over them.
    func viewportRows() -> [StackRow] {
        var rows = bodyRows()
        for header in container.layout.headers {
            for row in 0..<Int(header.visibleExtent) {
                rows[Int(header.viewportOffset) + row] = .content(header.id, Int(header.contentOffset) + row)
            }
        }
        return rows
    }
}
