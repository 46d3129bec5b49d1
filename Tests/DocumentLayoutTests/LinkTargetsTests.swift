import HTMLParsing
import SampleContent
import Testing
@testable import DocumentLayout

@Suite("Link targets")
struct LinkTargetsTests {
    @Test func targetsAreKeptInOrderAndReadBack() {
        var targets = LinkTargets()
        targets.append("https://example.org/a")
        targets.append("")
        targets.append("https://例え.jp/パス")
        #expect(targets.count == 3)
        #expect(Array(targets) == ["https://example.org/a", "", "https://例え.jp/パス"])
        #expect(targets.byteCount == "https://example.org/a".utf8.count + "https://例え.jp/パス".utf8.count)
        targets.withUTF8(of: 2) { #expect(Array($0) == Array("https://例え.jp/パス".utf8)) }
    }

    @Test func targetsJoinAndSplitAsTheirStringsWould() {
        var first: LinkTargets = ["#a", "b.html"]
        let second: LinkTargets = ["", "c.html#d", "e"]
        first.append(contentsOf: second)
        #expect(first == ["#a", "b.html", "", "c.html#d", "e"])
        #expect(first.targets(1..<4) == ["b.html", "", "c.html#d"])
        #expect(first.targets(2..<2).isEmpty)
        #expect(first != ["#a", "b.html", "", "c.html#d", "f"])
        #expect(first != ["#ab", ".html", "", "c.html#d", "e"])
        first.removeAll()
        #expect(first.isEmpty && first.byteCount == 0)
        first.append("x")
        #expect(first == ["x"])
    }

    /// A link's target loses the white space at either end, ASCII or not, and keeps
    /// what is inside; most targets have none and are copied as they are.
    @Test(arguments: [
        ("https://example.org/a", "https://example.org/a"), (" #a ", "#a"), ("\t\n x.html?q=1 2\r\n", "x.html?q=1 2"),
        ("\u{A0}\u{3000}y.html\u{2003}", "y.html"), ("https://例え.jp/パス", "https://例え.jp/パス"), ("é.html", "é.html"),
    ])
    func numberedLinkTargetsAreTrimmed(href: String, target: String) throws {
        let document = try HTMLParser.parse(Array("<a href=\"\(href)\">x</a>".utf8))
        let link = try #require(document.nodes.indices.first { document.nodes[$0].tag == .a })
        var targets = LinkTargets()
        #expect(DocumentLayoutEngine.appendNumberedLinkTarget(HTMLDocument.NodeIndex(link), in: document, to: &targets))
        #expect(targets == [target])
    }

    @Test func elementsThatAreNotLinksGetNoNumber() throws {
        let document = try HTMLParser.parse(Array("<a>x</a><a href=\" \">y</a><b>z</b>".utf8))
        var targets = LinkTargets()
        for node in document.nodes.indices where document.nodes[node].kind == .element {
            #expect(!DocumentLayoutEngine.appendNumberedLinkTarget(HTMLDocument.NodeIndex(node), in: document, to: &targets))
        }
        #expect(targets.isEmpty)
    }
}

/// The targets a stream keeps for its References list come back from the spill as
/// they went in, a part at a time, whatever the appends' sizes and the parts' size.
@Suite("Spilled link targets")
struct LinkSpillTests {
    @Test(arguments: [1, 3, 4_096])
    func targetsComeBackInPartsAsTheyWentIn(partTargets: Int) {
        var random = SeededGenerator(seed: UInt64(partTargets))
        var spill = LinkSpill(store: MemorySpill(), partTargets: partTargets)
        var expected: [String] = []
        for _ in 0..<40 {
            var fragment = LinkTargets()
            for _ in 0..<Int.random(in: 0...9, using: &random) {
                let target = ["", "#a", "b.html", "https://例え.jp/パス", String(repeating: "x", count: 300)].randomElement(using: &random)! + "\(expected.count)"
                fragment.append(target)
                expected.append(target)
            }
            spill.append(fragment)
        }
        #expect(spill.count == expected.count)
        #expect(spill.partCount == (expected.count + partTargets - 1) / partTargets)
        let parts = (0..<spill.partCount).map { spill.targets(ofPart: $0) }
        #expect(parts.dropLast().allSatisfy { $0.count == partTargets }, "every part but the last is whole")
        #expect(parts.flatMap { Array($0) } == expected)
    }

    /// A store that cannot give a part back loses that part's targets, not their
    /// number: each says it was lost, and the parts around it are whole.
    @Test func aPartThatCannotBeReadBackSaysSoForEachTarget() {
        var spill = LinkSpill(store: FailingSpill(failingFrom: 40), partTargets: 4)
        spill.append(["a.html", "b.html", "c.html", "d.html", "e.html", "f.html", "g.html"])
        #expect(Array(spill.targets(ofPart: 0)) == ["a.html", "b.html", "c.html", "d.html"])
        #expect(Array(spill.targets(ofPart: 1)) == Array(repeating: LinkSpill.unreadableTarget, count: 3))
    }

    @Test func nothingSpilledHasNoPart() {
        var spill = LinkSpill(store: MemorySpill(), partTargets: 8)
        spill.append([])
        #expect(spill.count == 0 && spill.partCount == 0)
    }
}

/// A spill store whose bytes from `failingFrom` on cannot be read back.
private final class FailingSpill: SpillStore {
    private let stored = MemorySpill()
    private let failingFrom: Int

    init(failingFrom: Int) {
        self.failingFrom = failingFrom
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        stored.append(bytes)
    }

    func read(_ range: Range<Int>) -> [UInt8]? {
        range.upperBound > failingFrom ? nil : stored.read(range)
    }
}
