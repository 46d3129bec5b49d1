/// An element left open where a page was cut (`HTMLParser.Cut`): what a parse that
/// starts again at the cut is fed first, so that it stands where the first one stood.
package struct OpenElement: Hashable, Sendable {
    package var tag: HTMLTag
    /// The attributes the model keeps (`DocumentBuilder.keptAttributes`).
    package var attributes: [HTMLDocument.Attribute]

    package init(tag: HTMLTag, attributes: [HTMLDocument.Attribute]) {
        self.tag = tag
        self.attributes = attributes
    }

    /// The element's start tag, its attribute values quoted and escaped.
    package var startTag: [UInt8] {
        var tag = Array("<\(self.tag.rawValue)".utf8)
        for attribute in attributes {
            tag += Array(" \(attribute.name)=\"".utf8)
            for byte in attribute.value.utf8 {
                switch byte {
                case UInt8(ascii: "&"): tag += Array("&amp;".utf8)
                case UInt8(ascii: "\""): tag += Array("&quot;".utf8)
                default: tag.append(byte)
                }
            }
            tag.append(UInt8(ascii: "\""))
        }
        tag.append(UInt8(ascii: ">"))
        return tag
    }
}
