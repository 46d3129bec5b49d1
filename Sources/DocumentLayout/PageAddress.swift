/// Where a page read from a file is, as a `file:` URL, so that the links on it can be
/// resolved as a browser resolves them (RFC 3986, section 5): for following them to
/// other pages and for the References list, which shows where each one leads
/// (`compound_stmts.html#if` on `/doc/html/reference/index.html` is
/// `file:///doc/html/reference/compound_stmts.html#if`), as lynx and w3m do.
///
/// Only the resolution a local page needs is done: a relative reference against the
/// page's folder, dot segments removed, `file:` URLs on this machine. Links to other
/// hosts and schemes are left as they are (they are never fetched).
public struct PageAddress: Hashable, Sendable {
    /// The page's URL: `file://` and its absolute path, percent-encoded where a URL
    /// must be.
    public let url: String
    /// The URL's path, percent-encoded, from its first `/`.
    let encodedPath: [UInt8]

    /// The address of the page at `absolutePath` (which starts with `/`; dot segments
    /// are removed).
    public init?(absolutePath: String) {
        guard absolutePath.utf8.first == UInt8(ascii: "/") else { return nil }
        var encoded: [UInt8] = []
        for byte in absolutePath.utf8 {
            if Self.isPathByte(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(Self.hexDigits[Int(byte >> 4)])
                encoded.append(Self.hexDigits[Int(byte & 0xF)])
            }
        }
        var path: [UInt8] = []
        Self.appendRemovingDotSegments(encoded[...], to: &path)
        encodedPath = path
        url = "file://" + String(decoding: path, as: UTF8.self)
    }

    /// Where `target`, a link on this page, leads.
    public func destination(of target: String) -> LinkDestination {
        var target = target
        return target.withUTF8 { utf8 in
            if utf8.first == UInt8(ascii: "#") { return .element(id: String(decoding: utf8.dropFirst(), as: UTF8.self)) }
            var resolved: [UInt8] = []
            guard appendResolved(utf8, to: &resolved) else { return .elsewhere(String(decoding: utf8, as: UTF8.self)) }
            return LinkDestination(fileURL: resolved)
        }
    }

    /// Appends where `target` leads, as a `file:` URL, to `output`.
    /// - Returns: `false`, with nothing appended, for a target that is not a file on
    ///   this machine, or only an element of this page (both shown as written).
    func appendResolved(_ target: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
        guard target.first != UInt8(ascii: "#") else { return false }
        var reference = target[...]
        if let scheme = Self.schemeEnd(of: target) {
            guard scheme == 4, Self.isFileScheme(target) else { return false }
            reference = target[5...]
            if reference.starts(with: "//".utf8) {
                // file://host/path: this machine's files only.
                let authorityEnd = reference.dropFirst(2).firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
                    ?? reference.endIndex
                let authority = reference[(reference.startIndex + 2)..<authorityEnd]
                guard authority.isEmpty || authority.elementsEqual("localhost".utf8, by: { $0 | 0x20 == $1 }) else { return false }
                reference = reference[authorityEnd...]
            }
            guard reference.first == UInt8(ascii: "/") else { return false }
        } else if reference.starts(with: "//".utf8) {
            // A network-path reference: another host.
            return false
        }
        let pathEnd = reference.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? reference.endIndex
        let path = reference[..<pathEnd]
        output.append(contentsOf: "file://".utf8)
        if path.isEmpty {
            output.append(contentsOf: encodedPath)
        } else if path.first == UInt8(ascii: "/") {
            Self.appendRemovingDotSegments(path, to: &output)
        } else {
            // Merged with the page's folder (its path up to its last `/`).
            let folderEnd = (encodedPath.lastIndex(of: UInt8(ascii: "/")) ?? 0) + 1
            var merged = Array(encodedPath[..<folderEnd])
            merged.append(contentsOf: path)
            Self.appendRemovingDotSegments(merged[...], to: &output)
        }
        output.append(contentsOf: reference[pathEnd...])
        return true
    }

    /// The length of the scheme that starts `reference` (`http` in `http://`), if it
    /// has one: letters, digits, `+`, `-` and `.` from a letter to a `:` before any
    /// `/`, `?` or `#`.
    private static func schemeEnd(of reference: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = reference.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return nil }
        for index in reference.indices.dropFirst() {
            switch reference[index] {
            case UInt8(ascii: ":"): return index
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                continue
            default: return nil
            }
        }
        return nil
    }

    /// Whether a reference's four-letter scheme is `file`, in any case.
    private static func isFileScheme(_ reference: UnsafeBufferPointer<UInt8>) -> Bool {
        reference.prefix(4).elementsEqual("file".utf8) { $0 | 0x20 == $1 }
    }

    /// Appends an absolute path with its `.` and `..` segments removed (RFC 3986,
    /// 5.2.4): `/a/b/../c/./d` is `/a/c/d`; a path that ends in one ends in `/`. A dot
    /// written `%2E` counts as one, as browsers count it (the WHATWG URL standard).
    private static func appendRemovingDotSegments<Path: Collection<UInt8>>(_ path: Path, to output: inout [UInt8]) where Path.Index == Int {
        let start = output.count
        var segmentStart = path.startIndex + 1
        while segmentStart <= path.endIndex {
            let segmentEnd = path[segmentStart...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
            let segment = path[segmentStart..<segmentEnd]
            let isLast = segmentEnd == path.endIndex
            let dots = dotCount(segment)
            if dots == 1 {
                if isLast { output.append(UInt8(ascii: "/")) }
            } else if dots == 2 {
                output.removeSubrange((output[start...].lastIndex(of: UInt8(ascii: "/")) ?? start)...)
                if isLast { output.append(UInt8(ascii: "/")) }
            } else {
                output.append(UInt8(ascii: "/"))
                output.append(contentsOf: segment)
            }
            segmentStart = segmentEnd + 1
        }
        if output.count == start { output.append(UInt8(ascii: "/")) }
    }

    /// How many dots a path segment is (1 for `.`, 2 for `..`, each dot written as it
    /// is or `%2E`); 0 for any other segment.
    private static func dotCount<Segment: Collection<UInt8>>(_ segment: Segment) -> Int where Segment.Index == Int {
        var dots = 0
        var index = segment.startIndex
        while index < segment.endIndex {
            if segment[index] == UInt8(ascii: ".") {
                index += 1
            } else if segment[index] == UInt8(ascii: "%"), index + 2 < segment.endIndex, segment[index + 1] == UInt8(ascii: "2"),
                      segment[index + 2] | 0x20 == UInt8(ascii: "e") {
                index += 3
            } else {
                return 0
            }
            dots += 1
            if dots > 2 { return 0 }
        }
        return dots
    }

    /// Whether a byte of a path stays as it is in a URL (RFC 3986's `pchar` and `/`).
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~!$&'()*+,;=:@/".utf8.contains(byte)
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}

/// Where a link leads, once resolved against the address of its page.
public enum LinkDestination: Hashable, Sendable {
    /// An element of the page the link is on: its id as written (`#` taken off, not
    /// percent-decoded).
    case element(id: String)
    /// A file on this machine: its path (percent-decoded), the element id after its
    /// `#` if any (as written), and the `file:` URL it was found from.
    case file(path: String, elementID: String?, url: String)
    /// Another host or scheme: the target as written.
    case elsewhere(String)
    /// A relative link on a page that has no address (read from standard input or
    /// memory): the target as written.
    case unresolved(String)

    /// Where `target`, a link on the page at `address`, leads; on a page with no
    /// address, only element ids, absolute paths and URLs lead anywhere.
    public init(_ target: String, on address: PageAddress?) {
        if let address {
            self = address.destination(of: target)
        } else if target.hasPrefix("#") {
            self = .element(id: String(target.dropFirst()))
        } else {
            let resolved = Self.root.destination(of: target)
            let isRelative = !target.hasPrefix("/") && !target.lowercased().hasPrefix("file:")
            if case .file = resolved, isRelative { self = .unresolved(target) } else { self = resolved }
        }
    }

    /// What absolute links resolve against.
    private static let root = PageAddress(absolutePath: "/")!

    /// The destination a resolved `file:` URL names.
    init(fileURL: [UInt8]) {
        let afterScheme = fileURL.dropFirst("file://".utf8.count)
        let idStart = afterScheme.firstIndex(of: UInt8(ascii: "#"))
        let pathEnd = afterScheme.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? afterScheme.endIndex
        self = .file(
            path: String(decoding: Self.percentDecoded(afterScheme[..<pathEnd]), as: UTF8.self),
            elementID: idStart.map { String(decoding: fileURL[($0 + 1)...], as: UTF8.self) },
            url: String(decoding: fileURL, as: UTF8.self))
    }

    /// Bytes with their `%XX` escapes decoded.
    package static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }
}
