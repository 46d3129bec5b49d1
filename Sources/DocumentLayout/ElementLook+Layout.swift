import HTMLParsing
import RenderCore

extension ElementLook {
    /// The style its text takes, added to what its tag and its ancestors' give.
    var style: Style {
        var attributes: Style.Attributes = []
        if bold { attributes.insert(.bold) }
        if italic { attributes.insert(.italic) }
        if underline { attributes.insert(.underline) }
        if lineThrough { attributes.insert(.strikethrough) }
        // (In the palette's 256: text in a true colour is kept apart from its cell.)
        return Style(
            attributes, foreground: foreground.map { Color(paletteIndex: Color(rgb: $0).paletteIndex) },
            background: background.map { Color(paletteIndex: Color(rgb: $0).paletteIndex) })
    }
}

extension ElementLook.Alignment {
    /// The blank columns before a line of `columns` columns, aligned so in `width`.
    func indent(columns: Int, width: Int) -> Int {
        switch self {
        case .start: 0
        case .center: max(0, (width - columns) / 2)
        case .right: max(0, width - columns)
        }
    }
}

extension ElementLook.Transform {
    /// `text` with its letters changed; `atWordStart`: whether its first letter starts
    /// a word (what came before ended in a space).
    func applied(to text: String, atWordStart: Bool) -> String {
        switch self {
        case .none: return text
        case .uppercase: return text.uppercased()
        case .lowercase: return text.lowercased()
        case .capitalize:
            // The first letter of each word: after anything but a letter, a digit or an
            // apostrophe ("don't" stays one word).
            var result = ""
            result.reserveCapacity(text.utf8.count)
            var startsWord = atWordStart
            for character in text {
                if character.isLetter || character.isNumber {
                    if startsWord { result += character.uppercased() } else { result.append(character) }
                    startsWord = false
                } else {
                    result.append(character)
                    startsWord = !(character == "'" || character == "’")
                }
            }
            return result
        }
    }
}
