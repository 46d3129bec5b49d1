/// The manual page, `docscroll.1`, made from the help text (`HelpText`), so that the
/// two never say different things: the options and keys are the help's, set in troff
/// (the `man` macros), with the sections a manual has besides.
package enum ManPage {
    /// The page's troff source.
    package static var source: String {
        let sections = HelpSections(HelpText.usage)
        var page = """
            .TH DOCSCROLL 1 "" "\(escaped(HelpText.version))" "User Commands"
            .SH NAME
            docscroll \\- show JSON tables and HTML pages in one seamless scroll
            .SH SYNOPSIS
            .B docscroll
            [\\fIPAGE.html\\fR ...] [\\fB\\-\\-table\\fR \\fIITEMS.json\\fR ...] [\\fIoptions\\fR]
            .SH DESCRIPTION
            \(escaped(sections.description))

            """
        for (title, options) in sections.optionGroups {
            page += ".SS \(escaped(title))\n"
            for option in options {
                page += ".TP\n.B \(escaped(option.names))\n\(escaped(option.text))\n"
            }
        }
        page += """
            .SH KEYS
            \(escaped(sections.keys))
            .PP
            In the viewer, \\fBh\\fR shows every key.
            .SH ENVIRONMENT
            .TP
            .B NO_COLOR
            When set and not empty, no colours or styles are written unless
            \\fB\\-\\-color always\\fR asks for them.
            .TP
            .B COLORTERM
            \\fBtruecolor\\fR or \\fB24bit\\fR: 24-bit colours are sent as they are (a
            picture's cells); otherwise the nearest of the 256-colour palette.
            .SH EXIT STATUS
            0 when all went well; 1 when an input cannot be read or shown (the message
            says which and why: \\fBdocscroll: error: FILE: reason\\fR); 2 for a mistake in the
            command line.
            .SH EXAMPLES
            .TP
            .B docscroll Pages/article.html \\-\\-table Pages/items.json
            Read a page under a table, in the terminal.
            .TP
            .B curl \\-s https://example.org/ | docscroll \\-
            Read a page from a pipe (docscroll never reaches the network itself).
            .TP
            .B docscroll /usr/share/doc/python3.11/html/library/functions.html \\-\\-dump \\-\\-width 100
            Write a page out as text, 100 columns wide.
            .SH SEE ALSO
            .BR less (1),
            .BR w3m (1),
            .BR links (1)

            """
        return page
    }

    /// Text made safe for troff: backslashes and hyphens escaped, no line starting
    /// with a control character.
    static func escaped(_ text: String) -> String {
        let lines = text.replacing("\\", with: "\\e").replacing("-", with: "\\-").split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { $0.first == "." || $0.first == "'" ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }
}

/// The parts of the help text: the description, the options of each group (a name
/// column, then text that may go on over the lines below), and the keys.
private struct HelpSections {
    struct Option {
        var names: String
        var text: String
    }

    var description = ""
    var optionGroups: [(title: String, options: [Option])] = []
    var keys = ""

    /// Where an option's text starts on its line.
    private static let textColumn = 25

    init(_ usage: String) {
        let paragraphs = usage.split(separator: "\n\n", omittingEmptySubsequences: true).map(String.init)
        // Usage, description, then the option groups, then the keys.
        description = paragraphs.dropFirst().first.map(Self.joined) ?? ""
        for paragraph in paragraphs.dropFirst(2) {
            let lines = paragraph.split(separator: "\n").map(String.init)
            guard let title = lines.first else { continue }
            if title.hasPrefix("Keys") {
                keys = Self.joined(paragraph)
                continue
            }
            var options: [Option] = []
            for line in lines.dropFirst() {
                let names = line.prefix(Self.textColumn).trimmingSpaces
                let text = String(line.dropFirst(Self.textColumn))
                if names.isEmpty, !options.isEmpty {
                    options[options.count - 1].text += " " + text
                } else {
                    options.append(Option(names: names, text: text))
                }
            }
            optionGroups.append((String(title.dropLast(title.hasSuffix(":") ? 1 : 0)), options))
        }
    }

    /// A paragraph's lines as one line of text.
    private static func joined(_ paragraph: String) -> String {
        paragraph.split(separator: "\n").map(\.trimmingSpaces).joined(separator: " ")
    }
}

extension StringProtocol {
    /// The text without spaces at either end.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
