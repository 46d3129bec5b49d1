/// Why docscroll could not show its inputs. Every case names the input it is about.
public enum DocScrollError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An input could not be read or understood: `name` is the path as given
    /// (`stdin` for `-`), `reason` a short phrase.
    case badInput(name: String, reason: String)

    public var description: String {
        switch self {
        case .badInput(let name, let reason): "\(name): \(reason)"
        }
    }
}
