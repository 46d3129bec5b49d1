import Glibc

/// Where a page's stylesheets are: its `<style>` elements' text and its
/// `<link rel=stylesheet>` addresses, in the order the page gives them, read from its
/// first bytes before any parse (a part of a page parsed on its own must be styled
/// by the whole page's sheets); and where its head sends the reader at once.
///
/// The first `maximumBytes` of the page are read, its head and the start of its body
/// (a `<style>` in the body styles the whole page, as in a browser): a page's first
/// screen cannot wait for a scan of all of it. Comments, scripts and other raw text
/// are passed over, as a parser passes them.
package enum StyleSources {
    /// A stylesheet of the page.
    package enum Source: Equatable, Sendable {
        /// A `<style>` element's text, and its `media`.
        case inline(text: [UInt8], media: String?)
        /// A `<link rel=stylesheet>`: its `href`, and its `media`.
        case linked(href: String, media: String?)
    }

    /// How much of a page is read for its sheets.
    package static let maximumBytes = 1 << 20

    /// The tags whose attributes or content the scans read.
    private static let readTags = ["style", "link", "script", "textarea", "xmp", "noscript", "template", "meta", "body"]

    /// The sheets of the page whose first bytes are `bytes`.
    package static func scan(_ bytes: some RandomAccessCollection<UInt8>) -> [Source] {
        let bytes = Array(bytes.prefix(maximumBytes))
        var sources: [Source] = []
        walkTags(bytes) { name, attributes, contentStart in
            switch name {
            case "style":
                let close = find("</style", in: bytes, from: contentStart, ignoringCase: true) ?? bytes.count
                sources.append(.inline(text: Array(bytes[contentStart..<close]), media: attributes["media"]))
                return close
            case "link":
                let rel = (attributes["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
                if rel.contains("stylesheet"), !rel.contains("alternate"), let href = attributes["href"], !href.isEmpty {
                    sources.append(.linked(href: href, media: attributes["media"]))
                }
            default:
                break
            }
            return contentStart
        }
        return sources
    }

    /// Where the page whose first bytes are `bytes` sends its reader at once: the
    /// address of its head's `<meta http-equiv=refresh content="0; url=...">` (a
    /// redirect, as rustdoc and Sphinx leave where a page was), as written; `nil` for
    /// none, or for a refresh after a delay (a page to read first).
    package static func redirect(_ bytes: some RandomAccessCollection<UInt8>) -> String? {
        let bytes = Array(bytes.prefix(maximumBytes))
        var target: String?
        walkTags(bytes) { name, attributes, contentStart in
            if name == "body" { return nil }
            guard name == "meta", attributes["http-equiv"]?.lowercased() == "refresh", let content = attributes["content"] else { return contentStart }
            target = redirectTarget(content)
            return target == nil ? contentStart : nil
        }
        return target
    }

    /// The address a refresh's `content` sends to at once (its delay 0).
    private static func redirectTarget(_ content: String) -> String? {
        let parts = content.split(maxSplits: 1) { $0 == ";" || $0 == "," }
        guard parts.count == 2, let delay = Double(trimmed(parts[0])), delay == 0 else { return nil }
        var address = trimmed(parts[1])
        if address.lowercased().hasPrefix("url") {
            let afterName = address.dropFirst(3).drop(while: \.isWhitespace)
            guard afterName.first == "=" else { return nil }
            address = trimmed(afterName.dropFirst())
        }
        if let quote = address.first, quote == "'" || quote == "\"" {
            address = address.dropFirst()
            if let end = address.firstIndex(of: quote) { address = address[..<end] }
        }
        address = trimmed(address)
        return address.isEmpty ? nil : String(address)
    }

    /// `text` without the white space at either end.
    private static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return text[first...last]
    }

    /// Calls `visit` with each start tag among `readTags` in `bytes`, in order: its
    /// name, its attributes, and where what follows it starts; `visit` gives where
    /// the walk goes on (past a `<style>`'s text), `nil` to stop it. Comments,
    /// scripts and other raw text are passed over, as a parser passes them.
    private static func walkTags(_ bytes: [UInt8], _ visit: (String, [String: String], Int) -> Int?) {
        var index = 0
        while let open = find(UInt8(ascii: "<"), in: bytes, from: index) {
            index = open + 1
            if index + 3 <= bytes.count, bytes[index] == UInt8(ascii: "!"), bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] == UInt8(ascii: "-") {
                index = find("-->", in: bytes, from: index + 3).map { $0 + 3 } ?? bytes.count
                continue
            }
            // (Most of a body's tags are none of those read: they are passed over
            // without a string made or an attribute read.)
            guard let (name, tagEnd) = readTag(bytes, at: index) else { continue }
            let (attributes, end) = Self.attributes(bytes, from: tagEnd)
            switch name {
            case "script", "textarea", "xmp", "noscript", "template":
                index = find("</" + name, in: bytes, from: end, ignoringCase: true) ?? bytes.count
            default:
                guard let next = visit(name, attributes, end) else { return }
                index = next
            }
        }
    }

    /// The name of the start tag at `index` (just past its `<`), where it is one of
    /// `readTags`, and where the name ends.
    private static func readTag(_ bytes: [UInt8], at index: Int) -> (String, Int)? {
        // (Packed in a word, lower case, the first byte lowest: most of a body's tags
        // are told from those read by a comparison or two.)
        var packed: UInt64 = 0
        var end = index
        while end < bytes.count, isLetter(bytes[end]) || (end > index && (0x30...0x39).contains(bytes[end])) {
            if end - index < 8 { packed |= UInt64(bytes[end] | 0x20) << (8 * UInt64(end - index)) }
            end += 1
        }
        guard end - index >= 3, end - index <= 8, let found = packedReadTags.first(where: { $0.packed == packed }) else { return nil }
        return (found.name, end)
    }

    /// `readTags`, each packed as `readTag` packs a name.
    private static let packedReadTags: [(name: String, packed: UInt64)] = readTags.map { name in
        (name, name.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) })
    }

    /// The attributes of a tag from `index` to its `>`, names in lower case, a few
    /// character references decoded; and where the tag ends.
    private static func attributes(_ bytes: [UInt8], from start: Int) -> ([String: String], Int) {
        var attributes: [String: String] = [:]
        var index = start
        while index < bytes.count {
            while index < bytes.count, isBlank(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { return (attributes, min(bytes.count, index + 1)) }
            let nameStart = index
            while index < bytes.count, !isBlank(bytes[index]), ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            while index < bytes.count, isBlank(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, isBlank(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let end = find(quote, in: bytes, from: index + 1) ?? bytes.count
                    value = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                    index = min(bytes.count, end + 1)
                } else {
                    let valueStart = index
                    while index < bytes.count, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                }
            }
            if !name.isEmpty, attributes[name] == nil { attributes[name] = decodeReferences(value) }
        }
        return (attributes, index)
    }

    /// `&amp;`, `&quot;`, `&apos;`, `&lt;`, `&gt;` and numeric references, as an
    /// address in an attribute may hold them.
    private static func decodeReferences(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var result = ""
        var rest = value[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named = ["amp": "&", "quot": "\"", "apos": "'", "lt": "<", "gt": ">"][String(name)]
            var numeric: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                numeric = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                numeric = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
            if let decoded = named ?? numeric {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }


    private static func find(_ byte: UInt8, in bytes: [UInt8], from index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            memchr(buffer.baseAddress! + index, Int32(byte), buffer.count - index).map { buffer.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
        }
    }

    /// Where `text` next starts (ASCII case ignored with `ignoringCase`).
    private static func find(_ text: String, in bytes: [UInt8], from index: Int, ignoringCase: Bool = false) -> Int? {
        let needle = Array(text.utf8)
        guard let first = needle.first else { return nil }
        var at = index
        while at + needle.count <= bytes.count {
            guard let found = bytes[at...].firstIndex(where: { ignoringCase ? $0 | 0x20 == first | 0x20 : $0 == first }) else { return nil }
            guard found + needle.count <= bytes.count else { return nil }
            if zip(bytes[found..<(found + needle.count)], needle).allSatisfy({ ignoringCase ? $0 | 0x20 == $1 | 0x20 : $0 == $1 }) { return found }
            at = found + 1
        }
        return nil
    }
}
