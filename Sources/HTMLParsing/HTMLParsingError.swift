/// Why a page could not be read.
package enum HTMLParsingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is larger than docscroll reads (1 GiB: libxml2's in-memory parser
    /// takes at most 2 GiB, and converting to UTF-8 may grow the text).
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
