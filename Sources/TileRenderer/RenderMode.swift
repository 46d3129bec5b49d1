/// Which memory model a renderer follows.
public enum RenderMode: String, Sendable, CaseIterable {
    /// Only the tiles the viewport needs are built; the rest are never made or are
    /// dropped (the container-scroll approach).
    case windowed
    /// Every tile of every component is built up front and kept (the
    /// stretched-web-view approach), as the baseline windowed mode is measured against.
    case expanded
}
