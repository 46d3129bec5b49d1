public import RenderCore

/// What the reader asks of the interactive view.
public enum ViewerCommand: Hashable, Sendable {
    /// Scroll by a number of rows (negative: up).
    case scrollRows(Int)
    /// Scroll by a number of viewports, keeping one row of the last in view (rows
    /// under pinned headers do not count).
    case scrollPages(Int)
    /// Scroll by a number of half viewports.
    case scrollHalfPages(Int)
    case top
    case bottom
    /// Scroll the tables' unfrozen columns sideways by a number of screen columns
    /// (negative: back to the left).
    case scrollColumns(Int)
    /// The terminal changed size; both figures include the status line.
    case resize(width: Int, height: Int)
    case quit
}

/// What the terminal loop must do after a command.
public enum ViewerAction: Hashable, Sendable {
    /// Show this screen (content rows and the status line).
    case draw(FrameBuffer)
    case quit
}

/// The interactive view as a pure state machine: commands in, actions out. It owns
/// no terminal, so it can be driven by tests as by the real loop.
///
/// The screen is the view's frame (the same as `--frame` at the same offset and
/// height) with a status line under it.
public final class Viewer {
    public let view: DocScrollView
    /// Screen size, status line included.
    public private(set) var width: Int
    public private(set) var height: Int

    /// Rows the status line takes.
    public static let statusRows = 1

    public init(view: DocScrollView, width: Int, height: Int) {
        self.view = view
        self.width = max(1, width)
        self.height = max(Self.statusRows + 1, height)
        view.resize(width: self.width, height: self.height - Self.statusRows)
    }

    /// Rows of content on screen.
    public var contentRows: Int { height - Self.statusRows }

    /// The first screen.
    public func start() -> [ViewerAction] {
        [.draw(screen())]
    }

    public func handle(_ command: ViewerCommand) -> [ViewerAction] {
        let before = view.scrollOffset
        switch command {
        case .scrollRows(let rows): view.navigate(.lines(rows))
        case .scrollPages(let pages): view.navigate(.pages(pages))
        case .scrollHalfPages(let halves): view.navigate(.halfPages(halves))
        case .top: view.navigate(.stackTop)
        case .bottom: view.navigate(.stackBottom)
        case .scrollColumns(let columns):
            return view.scrollHorizontally(to: view.horizontalOffset + columns) ? [.draw(screen())] : []
        case .resize(let newWidth, let newHeight):
            width = max(1, newWidth)
            height = max(Self.statusRows + 1, newHeight)
            view.resize(width: width, height: contentRows)
            return [.draw(screen())]
        case .quit:
            return [.quit]
        }
        return view.scrollOffset == before ? [] : [.draw(screen())]
    }

    /// The content frame at the current offset with the status line below it.
    public func screen() -> FrameBuffer {
        let frame = view.frame()
        var screen = FrameBuffer(width: width, height: height)
        screen.copyRows(0..<frame.height, of: frame, to: 0)
        let statusStyle = Style(.reverse)
        for column in 0..<width { screen[column, contentRows] = Cell(" ", style: statusStyle) }
        let title = view.title.isEmpty ? "docscroll" : view.title
        let total = max(1, view.stackRows)
        let last = min(total, view.scrollOffset + contentRows)
        // "~" while pages below are not laid out yet and their length is an estimate.
        let estimate = view.isLaidOut ? "" : "~"
        let position = "rows \(view.scrollOffset + 1)-\(last) of \(estimate)\(total)  \(estimate)\(last * 100 / total)%  q: quit"
        let positionColumns = TextWidth.columns(of: position)
        screen.draw(" " + title, style: statusStyle, column: 0, row: contentRows, limit: max(0, width - positionColumns - 2))
        screen.draw(position, style: statusStyle, column: max(0, width - positionColumns - 1), row: contentRows)
        return screen
    }
}
