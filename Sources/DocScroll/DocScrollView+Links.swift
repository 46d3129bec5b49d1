import ComponentKit
import ScrollCore
import DocumentLayout
import SystemIO

/// Following links as a browser does: to an element of a page, to another page on
/// this machine (scrolled to when it is in the stack, else opened in place of the
/// page the link is on), and back to where the reader was.
extension DocScrollView {
    /// What following a link came to.
    public enum LinkOutcome: Hashable, Sendable {
        /// The view went there.
        case followed
        /// No page has the element the link names (`#name`).
        case noElement(String)
        /// Not a page on this machine (another host or scheme): the link as written.
        case notLocal(String)
        /// A relative link on a page that has no address (read from standard input or
        /// memory): the link as written.
        case unresolved(String)
        /// The page could not be opened: the reason, as an error names it.
        case cannotOpen(String)
    }

    /// Where a focused link leads: for a link to a file, the `file:` URL it resolves
    /// to against its page's address; else the target as written.
    public func resolvedTarget(of focus: LinkFocus) -> String? {
        guard let target = target(of: focus) else { return nil }
        guard case .file(_, _, let url) = LinkDestination(target, on: stacked(of: focus.place.component)?.address) else { return target }
        return url
    }

    /// Follows the focused link: an element id to its element (on the link's page
    /// first, then on the others, as `scroll(toElementID:)`); a file to the page it is,
    /// at its element or its top. A page in the stack is scrolled to; another replaces the
    /// page the link is on, in its place in the stack (`location` and
    /// `restore(_:)` come back to it). Network links are never fetched.
    public func follow(_ focus: LinkFocus) -> LinkOutcome {
        switch beginFollowing(focus) {
        case .ended(let outcome):
            return outcome
        case .opening(let opening):
            opening.open()
            return finishFollowing(opening)
        }
    }

    /// What following a link needs once begun.
    public enum LinkStep {
        /// Nothing more: it came to this.
        case ended(LinkOutcome)
        /// A page to open (`LinkOpening.open`, which may take long and touches no
        /// view: it may run on a thread of its own), then `finishFollowing`.
        case opening(LinkOpening)
    }

    /// A page a link leads to, opened apart from the view: reading and parsing it may
    /// take long (a page read whole, expanded), and the reader may give it up.
    public final class LinkOpening: @unchecked Sendable {
        /// The file, as the link resolves it.
        public let path: String
        fileprivate let elementID: String?
        fileprivate let inputIndex: Int
        fileprivate let inputID: ComponentID
        private let reading: InputReading
        fileprivate private(set) var opened: Result<(input: InputFile, page: any PageComponent), DocScrollError>?

        fileprivate init(path: String, elementID: String?, inputIndex: Int, inputID: ComponentID, reading: InputReading) {
            self.path = path
            self.elementID = elementID
            self.inputIndex = inputIndex
            self.inputID = inputID
            self.reading = reading
        }

        /// Opens the page (a regular file only: a named pipe or a terminal device
        /// would never end).
        public func open() {
            opened = Result { () throws(DocScrollError) in
                let input = reading.followingRedirects(try reading.pageInput(path))
                return (input, try reading.page(input))
            }
        }
    }

    /// Follows the focused link as far as it goes without opening a page: an element id,
    /// a page in the stack, a link that is not followed; else the page to open.
    public func beginFollowing(_ focus: LinkFocus) -> LinkStep {
        guard let target = target(of: focus) else { return .ended(.notLocal("")) }
        switch LinkDestination(target, on: stacked(of: focus.place.component)?.address) {
        case .element(let id):
            return .ended(scroll(toElementID: id, preferring: focus.place.component) ? .followed : .noElement("#" + id))
        case .elsewhere(let target):
            return .ended(.notLocal(target))
        case .unresolved(let target):
            return .ended(.unresolved(target))
        case .file(let path, let elementID, _):
            if let identity = FileSystem.identity(of: path), let shown = stackedInputs.first(where: { $0.file == identity && $0.page != nil }) {
                return .ended(arrive(at: shown.id, elementID: elementID))
            }
            guard let index = stackedInputs.firstIndex(where: { $0.id == focus.place.component }) else { return .ended(.notLocal(target)) }
            return .opening(LinkOpening(path: path, elementID: elementID, inputIndex: index, inputID: stackedInputs[index].id, reading: reading))
        }
    }

    /// Shows the page `opening` opened in place of the page the link was on (still
    /// there: else nothing changes), at the link's element or its top.
    public func finishFollowing(_ opening: LinkOpening) -> LinkOutcome {
        switch opening.opened {
        case nil:
            return .cannotOpen("\(opening.path): not opened")
        case .failure(let error):
            return .cannotOpen(error.description)
        case .success(let (input, page)):
            guard opening.inputIndex < stackedInputs.count, stackedInputs[opening.inputIndex].id == opening.inputID else { return .notLocal(opening.path) }
            adopt(page)
            let id = replace(at: opening.inputIndex, with: page) { id in Self.stackedPage(id: id, page, input: input) }
            return arrive(at: id, elementID: opening.elementID)
        }
    }

    /// Scrolls to page `id`'s element of id `elementID`, or to its top.
    private func arrive(at id: ComponentID, elementID: String?) -> LinkOutcome {
        if let elementID, !elementID.isEmpty {
            return scroll(toElementID: elementID, preferring: id) ? .followed : .noElement("#" + elementID)
        }
        reveal(Place(component: id, row: 0))
        return .followed
    }

    /// Puts `component` in place of stacked input `index`, in the container and (as the one
    /// `makeStacked` makes for its identity) in `stackedInputs`.
    /// - Returns: its identity in the container.
    private func replace(at index: Int, with component: any StackComponent, _ makeStacked: (ComponentID) -> StackedInput) -> ComponentID {
        let old = stackedInputs[index].id
        let stackIndex = container.componentIDs.firstIndex(of: old) ?? container.componentIDs.count
        // (The renderer drops the old one's tiles at its next frame: it is gone.)
        stack.remove(old)
        let id = stack.insert(component, at: stackIndex)
        stackedInputs[index] = makeStacked(id)
        renderer.prepare(stack)
        return id
    }

    /// Where the reader is: the page shown at each place in the stack, and the
    /// position at the top of the viewport (the container's saved position), to come
    /// back to with `restore(_:)`. The pages are kept with it, laid out as they were.
    public struct Location {
        fileprivate let stackedInputs: [StackedInput]
        /// The stacked input at the top of the viewport, and where in it.
        fileprivate let top: (input: Int, contentOffset: Double, delta: Double)?
    }

    /// Where the reader is now.
    public var location: Location {
        let position = container.position
        let top = position.flatMap { position in
            stackedInputs.firstIndex { $0.id == position.component }.map { ($0, position.contentOffset, position.delta) }
        }
        return Location(stackedInputs: stackedInputs, top: top)
    }

    /// Whether each place in the stack shows the page it showed at `location`.
    public func shows(_ location: Location) -> Bool {
        location.stackedInputs.count == stackedInputs.count
            && zip(location.stackedInputs, stackedInputs).allSatisfy { $0.component === $1.component }
    }

    /// Goes back to `location`: each page that was shown there again (laid out again
    /// where the width changed since), and the same row of the same component at the
    /// top of the viewport.
    public func restore(_ location: Location) {
        for (index, saved) in location.stackedInputs.enumerated() where index < stackedInputs.count {
            guard saved.component !== stackedInputs[index].component else { continue }
            _ = replace(at: index, with: saved.component) { id in
                StackedInput(id: id, name: saved.name, component: saved.component, address: saved.address, file: saved.file, path: saved.path)
            }
        }
        guard let top = location.top, top.input < stackedInputs.count else { return }
        // (A page laid out at another width then is laid out again by the pass, the
        // row at the top kept.)
        container.restore(ScrollPosition(component: stackedInputs[top.input].id, contentOffset: top.contentOffset, delta: top.delta))
        layOut()
    }

    /// The stacked input of a component.
    private func stacked(of id: ComponentID) -> StackedInput? {
        stackedInputs.first { $0.id == id }
    }
}
