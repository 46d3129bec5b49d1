import Foundation
@testable import HTMLParsing
import SampleContent
import Testing

@Suite("Page encodings")
struct EncodingTests {
    func text(_ bytes: [UInt8], encoding: String? = nil) throws -> String {
        let document = try HTMLParser.parse(bytes, encoding: encoding)
        return document.nodes.indices.compactMap { index in
            document.nodes[index].kind == .text ? document.text(of: HTMLDocument.NodeIndex(index)) : nil
        }.joined()
    }

    /// Each sample is the text's bytes in that encoding (made with Python's codecs).
    @Test(arguments: [
        ("gbk", "中文编码测试", [0xD6, 0xD0, 0xCE, 0xC4, 0xB1, 0xE0, 0xC2, 0xEB, 0xB2, 0xE2, 0xCA, 0xD4]),
        ("big5", "中文編碼測試", [0xA4, 0xA4, 0xA4, 0xE5, 0xBD, 0x73, 0xBD, 0x58, 0xB4, 0xFA, 0xB8, 0xD5]),
        ("shift_jis", "日本語のテスト", [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x82, 0xCC, 0x83, 0x65, 0x83, 0x58, 0x83, 0x67]),
        ("euc-kr", "한국어 시험", [0xC7, 0xD1, 0xB1, 0xB9, 0xBE, 0xEE, 0x20, 0xBD, 0xC3, 0xC7, 0xE8]),
    ] as [(String, String, [UInt8])])
    func declaredEastAsianCharsets(charset: String, sample: String, bytes: [UInt8]) throws {
        for head in [#"<meta charset="\#(charset)">"#, #"<meta http-equiv="Content-Type" content="text/html; charset=\#(charset)">"#] {
            let page = Array("<html><head>\(head)</head><body><p>".utf8) + bytes + Array("</p></body></html>".utf8)
            #expect(try text(page) == sample, "\(charset)")
        }
    }

    @Test func windows1252AndLatin1Labels() throws {
        let bytes: [UInt8] = Array(#"<meta charset="iso-8859-1"><p>caf"#.utf8) + [0xE9, 0x20, 0x93, 0x71, 0x94, 0x20, 0x80] + Array("</p>".utf8)
        #expect(try text(bytes) == "café “q” €")
    }

    @Test func byteOrderMarks() throws {
        let utf16 = [UInt8]([0xFF, 0xFE]) + Array("<p>中文</p>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(try text(utf16) == "中文")
        let utf8 = [UInt8]([0xEF, 0xBB, 0xBF]) + Array(#"<meta charset="gbk"><p>中文</p>"#.utf8)
        #expect(try text(utf8) == "中文", "a BOM wins over the meta charset")
    }

    /// WHATWG's prescan: a UTF-16 label read in ASCII bytes means UTF-8, and
    /// `x-user-defined` windows-1252.
    @Test func utf16AndUserDefinedLabelsInAMeta() throws {
        for label in ["utf-16", "UTF-16LE", "utf-16be"] {
            #expect(try text(Array(#"<meta charset="\#(label)"><p>plain ASCII, ☃</p>"#.utf8)) == "plain ASCII, ☃", "\(label)")
        }
        #expect(try text(Array(#"<meta charset="x-user-defined"><p>caf"#.utf8) + [0xE9] + Array("</p>".utf8)) == "café")
    }

    /// An XHTML page's XML declaration names its encoding when no `<meta>` does.
    @Test func anXMLDeclarationNamesTheEncoding() throws {
        let latin1 = Array(#"<?xml version="1.0" encoding='ISO-8859-1'?><html><body><p>caf"#.utf8) + [0xE9] + Array("</p></body></html>".utf8)
        #expect(try text(latin1) == "café")
        let gbk = Array("<?xml version=\"1.0\" encoding = \"gbk\" ?><p>".utf8) + [0xD6, 0xD0, 0xCE, 0xC4] + Array("</p>".utf8)
        #expect(try text(gbk) == "中文")
        let metaWins = Array(#"<?xml version="1.0" encoding="gbk"?><meta charset="utf-8"><p>中文</p>"#.utf8)
        #expect(try text(metaWins) == "中文")
        #expect(PageEncoding.xmlDeclaredEncoding(in: Array(#"<p><?xml encoding="gbk"?>"#.utf8)[...]) == nil, "only at the start")
    }

    @Test func overrideWinsOverTheDeclaration() throws {
        let bytes = [UInt8](#"<meta charset="utf-8"><p>"#.utf8) + [0xD6, 0xD0, 0xCE, 0xC4] + Array("</p>".utf8)
        #expect(try text(bytes, encoding: "GBK") == "中文")
    }

    @Test func invalidBytesBecomeReplacementCharacters() throws {
        #expect(try text(Array("<p>ok ".utf8) + [0xFF, 0xC3] + Array(" end</p>".utf8)) == "ok \u{FFFD}\u{FFFD} end")
        let gbk = [UInt8](#"<meta charset="gbk"><p>"#.utf8) + [0xD6, 0xD0, 0xFF, 0xCE, 0xC4] + Array("</p>".utf8)
        #expect(try text(gbk) == "中\u{FFFD}文")
    }

    /// A page is read a window at a time: sequences cut by a window's end, and
    /// invalid ones on either side of it, read as in the page decoded whole.
    @Test func sequencesCutByWindowsReadAsInTheWholePage() throws {
        let window = SourceReader.windowBytes
        let prefix = Array("<pre>".utf8)
        var text: [UInt8] = []
        func put(_ bytes: [UInt8], endingAt offset: Int) {
            while prefix.count + text.count < offset - bytes.count { text.append(UInt8(ascii: "a")) }
            text += bytes
        }
        put([0xE2, 0x82, 0xAC], endingAt: window + 1)  // "€" over the first window's end
        put([0xF0, 0x9F, 0x98, 0x80], endingAt: 2 * window + 2)  // an emoji over the second's
        put([0xFF], endingAt: 3 * window - 10)  // invalid in the third
        put([0xE2, 0x82], endingAt: 4 * window)  // a sequence the next window does not finish
        text += Array("b 中文".utf8)
        put([0xC3], endingAt: 5 * window)  // a lead byte at the page's end
        let page = prefix + text
        #expect(try self.text(page) == String(decoding: text, as: UTF8.self))
    }

    @Test func unknownEncodingsAreErrors() throws {
        #expect(throws: HTMLParsingError.unknownEncoding("klingon")) { try HTMLParser.parse(Array("<p>x</p>".utf8), encoding: "klingon") }
        #expect(PageEncoding.isSupported("Shift_JIS"))
        #expect(!PageEncoding.isSupported("klingon"))
        // An unknown declared charset falls back to UTF-8.
        #expect(try text(Array(#"<meta charset="klingon"><p>中</p>"#.utf8)) == "中")
    }

    @Test func utf8ValidatorAgreesWithTheStandardLibrary() {
        var random = SeededGenerator(seed: 100)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect(PageEncoding.isValidUTF8(bytes) == valid, "\(bytes)")
        }
        #expect(PageEncoding.isValidUTF8(Array("héllo 中文 😀".utf8)))
        #expect(!PageEncoding.isValidUTF8([0xED, 0xA0, 0x80]), "surrogates are not UTF-8")
        #expect(!PageEncoding.isValidUTF8([0xC0, 0x80]), "overlong")
    }
}
