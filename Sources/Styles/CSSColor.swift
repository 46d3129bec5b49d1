/// A colour of CSS Color Level 4 in sRGB, with its opacity: what `color` and
/// `background-color` compute to (`currentcolor` resolved by the property).
package struct CSSColor: Hashable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8
    /// 0 (transparent) to 255 (opaque).
    package var alpha: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`.
    package init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8(rgb >> 16 & 0xFF), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF), alpha: alpha)
    }

    package var rgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// `0xRRGGBBAA`: 0 for transparent black, which draws nothing.
    var packed: UInt32 { rgb << 8 | UInt32(alpha) }

    /// The colour packed so, `nil` for 0.
    init?(packed: UInt32) {
        guard packed != 0 else { return nil }
        self.init(rgb: packed >> 8, alpha: UInt8(packed & 0xFF))
    }

    package static let transparent = CSSColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Whether `value` is `currentcolor` (the element's own `color`).
    static func isCurrentColor(_ values: [CSSComponentValue]) -> Bool {
        values.count == 1 && values[0].keyword == "currentcolor"
    }

    /// The colour `values` (white space left out) write: a named colour,
    /// `transparent`, a hex colour of 3, 4, 6 or 8 digits, `rgb()`/`rgba()` or
    /// `hsl()`/`hsla()` in their comma and space forms; `nil` for anything else
    /// (`currentcolor`, system colours and the other colour spaces: a declaration of
    /// one is ignored).
    package init?(_ values: [CSSComponentValue]) {
        guard values.count == 1 else { return nil }
        switch values[0] {
        case .token(.ident(let name)):
            let keyword = name.asciiLowercased
            if keyword == "transparent" {
                self = .transparent
            } else if let rgb = Self.named[keyword] {
                self.init(rgb: rgb)
            } else {
                return nil
            }
        case .token(.hash(let digits, _)):
            self.init(hex: digits)
        case .function(let name, let arguments):
            switch name.asciiLowercased {
            case "rgb", "rgba": self.init(rgbArguments: Self.channels(arguments))
            case "hsl", "hsla": self.init(hslArguments: Self.channels(arguments))
            default: return nil
            }
        default:
            return nil
        }
    }

    private init?(hex digits: String) {
        let values = digits.utf8.map { byte -> UInt32? in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        let nibbles = values.map { $0! }
        switch nibbles.count {
        case 3, 4:
            let channels = nibbles.map { UInt8($0 * 17) }
            self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
        case 6, 8:
            let channels = stride(from: 0, to: nibbles.count, by: 2).map { UInt8(nibbles[$0] << 4 | nibbles[$0 + 1]) }
            self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
        default:
            return nil
        }
    }

    /// A function's arguments as its channels: three (and an opacity after `,` or
    /// `/`), each a number, a percentage or, for a hue, an angle; `nil` for any other
    /// shape (`none`, relative colours, `calc()`).
    private static func channels(_ arguments: [CSSComponentValue]) -> [CSSToken]? {
        var channels: [CSSToken] = []
        var separators: [CSSToken] = []
        for argument in arguments where !argument.isWhitespace {
            guard case .token(let token) = argument else { return nil }
            switch token {
            case .number, .percentage, .dimension: channels.append(token)
            case .comma, .delim("/"): separators.append(token)
            default: return nil
            }
        }
        guard channels.count == 3 || channels.count == 4 else { return nil }
        // Commas between all of them, or none and a slash before an opacity.
        let commas = separators.contains(.comma)
        guard commas ? separators == Array(repeating: .comma, count: channels.count - 1) : separators == (channels.count == 4 ? [.delim("/")] : [])
        else { return nil }
        return channels
    }

    private init?(rgbArguments channels: [CSSToken]?) {
        guard let channels else { return nil }
        var rgb: [UInt8] = []
        for channel in channels.prefix(3) {
            switch channel {
            case .number(let value, _): rgb.append(Self.clamped(value))
            case .percentage(let value): rgb.append(Self.clamped(value * 2.55))
            default: return nil
            }
        }
        guard let alpha = Self.alpha(channels.count == 4 ? channels[3] : nil) else { return nil }
        self.init(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
    }

    private init?(hslArguments channels: [CSSToken]?) {
        guard let channels else { return nil }
        let hue: Double
        switch channels[0] {
        case .number(let value, _): hue = value
        case .dimension(let value, _, let unit):
            switch unit.asciiLowercased {
            case "deg": hue = value
            case "grad": hue = value * 0.9
            case "rad": hue = value * 180 / .pi
            case "turn": hue = value * 360
            default: return nil
            }
        default: return nil
        }
        var levels: [Double] = []
        for channel in channels[1...2] {
            switch channel {
            case .percentage(let value), .number(let value, _): levels.append(min(100, max(0, value)) / 100)
            default: return nil
            }
        }
        guard let alpha = Self.alpha(channels.count == 4 ? channels[3] : nil) else { return nil }
        self.init(hue: hue, saturation: levels[0], lightness: levels[1], alpha: alpha)
    }

    /// The colour of this hue (degrees, any turn), saturation and lightness (0 to 1).
    package init(hue: Double, saturation: Double, lightness: Double, alpha: UInt8 = 255) {
        // CSS Color 4, §7.1: each channel from the hue turned by its offset.
        let turned = hue.truncatingRemainder(dividingBy: 360)
        let degrees = turned < 0 ? turned + 360 : turned
        func channel(_ offset: Double) -> UInt8 {
            let k = (offset + degrees / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return Self.clamped(255 * (lightness - a * max(-1, min(k - 3, 9 - k, 1))))
        }
        self.init(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
    }

    private static func alpha(_ token: CSSToken?) -> UInt8? {
        switch token {
        case nil: 255
        case .number(let value, _)?: clamped(value * 255)
        case .percentage(let value)?: clamped(value * 2.55)
        default: nil
        }
    }

    private static func clamped(_ value: Double) -> UInt8 {
        value.isNaN ? 0 : UInt8(min(255, max(0, value.rounded())))
    }

    /// The named colours of CSS Color Level 4 (§6.1), by name.
    static let named: [String: UInt32] = {
        var table: [String: UInt32] = [:]
        let pairs = namedColors.split(separator: " ")
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            table[String(pairs[index])] = UInt32(pairs[index + 1], radix: 16)
        }
        return table
    }()

    private static let namedColors = """
        aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4 black 000000 \
        blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 \
        chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b \
        darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f \
        darkorange ff8c00 darkorchid 9932cc darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b \
        darkslategray 2f4f4f darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff \
        dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff \
        gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 \
        honeydew f0fff0 hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa lavenderblush fff0f5 \
        lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff lightgoldenrodyellow fafad2 \
        lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa \
        lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 \
        limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 \
        mediumpurple 9370db mediumseagreen 3cb371 mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc \
        mediumvioletred c71585 midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080 \
        oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa \
        palegreen 98fb98 paleturquoise afeeee palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb \
        plum dda0dd powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1 \
        saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d silver c0c0c0 \
        skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa springgreen 00ff7f steelblue 4682b4 tan d2b48c \
        teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 \
        yellow ffff00 yellowgreen 9acd32
        """
}
