/// Why a page could not be read.
public enum HTMLParsingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is larger than libxml2's in-memory parser accepts (2 GiB).
    case tooLarge(bytes: Int)
    /// libxml2 produced no document (for example from input with no markup at all).
    case unreadable

    public var description: String {
        switch self {
        case .tooLarge(let bytes): "page too large (\(bytes) bytes; the limit is 2 GiB)"
        case .unreadable: "not a readable HTML page"
        }
    }
}
