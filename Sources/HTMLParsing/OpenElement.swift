import Styles

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

/// What is open where a page was cut (`HTMLParser.Cut`, `StructureScanner.Cut`): the
/// elements, outermost first, and the one other thing libxml2 carries from the markup
/// before: how many misplaced `html`, `head` and `body` start tags it ignored (it
/// ignores as many of their end tags after, where a parser that did not count them
/// would close the page).
package struct OpenElements: RandomAccessCollection, ExpressibleByArrayLiteral, Hashable, Sendable {
    package var elements: [OpenElement]
    package var ignoredStartTags: Int
    /// Where the page's styler stood (a parse with styles that cut here): a parse
    /// that starts here goes on from it, as the one that cut would have.
    package var styles: ElementStyler.State?

    package init(_ elements: [OpenElement], ignoredStartTags: Int = 0) {
        self.elements = elements
        self.ignoredStartTags = ignoredStartTags
    }

    package init(arrayLiteral elements: OpenElement...) {
        self.init(elements)
    }

    package var startIndex: Int { elements.startIndex }
    package var endIndex: Int { elements.endIndex }
    package subscript(position: Int) -> OpenElement { elements[position] }

    /// What a parse that starts at the cut reads first, so that it stands where the
    /// parse that cut stood: the elements' start tags, then one misplaced `<html>` per
    /// ignored tag (which libxml2 ignores and counts in turn; an `html` start tag closes
    /// no element).
    package var prefix: [UInt8] {
        var prefix = elements.flatMap(\.startTag)
        if !elements.isEmpty { prefix += Array(repeating: Array("<html>".utf8), count: ignoredStartTags).joined() }
        return prefix
    }
}
