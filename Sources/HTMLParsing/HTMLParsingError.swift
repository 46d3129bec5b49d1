/// Why a page could not be read.
package enum HTMLParsingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A page to be held whole (read for the expanded mode, or converted from another
    /// encoding) is larger than docscroll holds in memory (1 GiB; converting to UTF-8
    /// may grow the text). Pages read a window at a time have no limit.
    case tooLarge(bytes: Int)
    /// libxml2 produced no document (for example from input with no markup at all).
    case unreadable
    /// The encoding asked for is not one iconv can read.
    case unknownEncoding(String)

    package var description: String {
        switch self {
        case .tooLarge(let bytes): "page too large (\(bytes) bytes; the limit is 1 GiB)"
        case .unreadable: "not a readable HTML page"
        case .unknownEncoding(let name): "unknown encoding '\(name)'"
        }
    }
}
