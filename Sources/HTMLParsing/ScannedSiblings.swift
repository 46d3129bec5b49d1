import Styles

/// What a styled parse that starts at a scan's cut needs to know of what came before
/// it, beside the open elements: the children each open level has had since the
/// scan's origin (how many, the last few, how many of each name). From it and the
/// styles at the origin, `styles(of:source:cascade:)` makes the styler state a parse
/// that got there would have, but where the markup before says more than the scan
/// read (counters stepped inside earlier elements, markup libxml2 repairs otherwise);
/// the parse that gets there checks it (`PageSegments`).
package struct ScannedSiblings: Sendable {
    /// The children of one open level since the origin.
    package struct Level: Sendable {
        package var count = 0
        /// The last ones (at most `ElementStyler.keptSiblings`), oldest first: where
        /// their start tags are (-1 for an element libxml2 implies) and their names.
        package var children: [(offset: Int, name: String)] = []
        /// How many of each name, with a styler that counts names.
        package var countsByName: [String: Int] = [:]
    }

    /// The styles at the scan's origin (`nil`: the page's start).
    package var originStyles: ElementStyler.State?
    /// The levels (the document first) of the origin that stayed open: those of the
    /// styler there, the last having had `levels[0]`'s children since.
    package var originLevels: Int
    /// The levels from the last of the origin's to the innermost open one.
    package var levels: [Level]
    /// Whether the children's names were counted for every level (a level of more
    /// names than `SiblingTracker.countedNames` is not).
    package var countsAllNames = true

    /// Start tags read again at most to make a guess's styles.
    static let mostStartTagsRead = 4_096

    /// The styler state at the cut, made from the origin's and the start tags the
    /// levels name (read again from `source`); `nil` where a start tag cannot be read.
    /// `open` are the elements open at the cut.
    package func styles(of open: OpenElements, source: any PageSource, cascade: Cascade) -> ElementStyler.State? {
        // (A page nested thousands deep is left to the parse before: its start tags
        // would be read again by the thousand at each guess.)
        guard originLevels >= 1, levels.count == open.count - originLevels + 2, countsAllNames,
            levels.reduce(0, { $0 + $1.children.count }) <= Self.mostStartTagsRead
        else { return nil }
        // (Nor one nested past the levels a styler keeps: `ElementStyler.keptLevels`.)
        guard open.count < ElementStyler.keptLevels else { return nil }
        var origin: ElementStyler.State?
        if let originStyles {
            guard let kept = originStyles.keepingLevels(originLevels) else { return nil }
            origin = kept
        }
        let styler = ElementStyler(cascade: cascade, from: origin)
        guard styler.depth == originLevels - 1 else { return nil }
        // (A child closed before the cut keeps nothing of its style in the state, but
        // for the counters it steps: where none can, it is counted, not styled.)
        let mayStepCounters = cascade.mayStepCounters
        for (index, level) in levels.enumerated() {
            let opensChild = index < levels.count - 1
            // (The children before the last few: counted, by name too, not read.)
            var skippedNames = level.countsByName
            for child in level.children where skippedNames[child.name] != nil { skippedNames[child.name]! -= 1 }
            styler.skipChildren(level.count - level.children.count, byName: skippedNames.filter { $0.value > 0 })
            for (position, child) in level.children.enumerated() {
                let attributes: [(name: String, value: String)]
                if child.offset < 0 {
                    attributes = []
                } else {
                    guard let tag = StructureScanner.startTag(at: child.offset, in: source), tag.name == child.name else { return nil }
                    attributes = tag.attributes
                }
                let staysOpen = opensChild && position == level.children.count - 1
                if !staysOpen, !mayStepCounters, !attributes.contains(where: { $0.name == "style" && $0.value.lowercased().contains("counter") }) {
                    styler.addUnstyledChild(name: child.name, attributes: attributes)
                    continue
                }
                _ = styler.start(name: child.name, attributes: attributes)
                if staysOpen { break }
                if styler.hasGeneratedAfter { _ = styler.generatedAfter() }
                styler.end()
            }
        }
        return styler.depth == open.count ? styler.state : nil
    }
}

/// The children of the open levels since a scan's origin, as the scan meets them
/// (`StructureScanner`): flat arrays, a level's entries after its parent's, so that
/// an element opening or closing copies nothing.
struct SiblingTracker {
    /// Whether names are counted (the sheets count elements by name).
    let countsNames: Bool
    /// An open level: its children counted, where its kept children and its counts
    /// by name start in the arrays below, and whether it has too many names to count.
    private struct Level {
        var count = 0
        var firstChild: Int
        var firstName: Int
        var namesUncounted = false
    }

    /// The open levels, the document first (one array: an element's start and end
    /// change one entry).
    private var levels = [Level(firstChild: 0, firstName: 0)]
    /// (Each array's entries end at its `End`: past it, entries of levels closed are
    /// kept to be written over, not removed at every end tag.)
    private var children: [(offset: Int, name: Int32)] = []
    private var childrenEnd = 0
    private var nameCounts: [(name: Int32, count: Int)] = []
    private var nameCountsEnd = 0
    /// Levels whose children have more names than `countedNames`, and are no longer
    /// counted by name (a hostile page of a million names under one element would
    /// have each looked for among all the others).
    private var uncountedLevels = 0
    /// Names counted at most under one element.
    static let countedNames = 64
    /// The fewest levels open since the origin.
    private var lowWater: Int

    /// A tracker at an origin with `openCount` elements open (their children before
    /// are the origin's styler's to know).
    init(openCount: Int, countsNames: Bool) {
        self.countsNames = countsNames
        lowWater = openCount + 1
        for _ in 0..<openCount { open() }
    }

    /// Counts a child of the innermost level, its start tag at `offset` (-1 for an
    /// implied element).
    mutating func addChild(offset: Int, name: Int32) {
        let level = levels.count - 1
        levels[level].count += 1
        let firstChild = levels[level].firstChild
        if childrenEnd < children.count { children[childrenEnd] = (offset, name) } else { children.append((offset, name)) }
        childrenEnd += 1
        // (Past twice the kept, the oldest go: a level of a million children keeps few.)
        if childrenEnd - firstChild > 2 * ElementStyler.keptSiblings {
            let last = childrenEnd - ElementStyler.keptSiblings
            for index in 0..<ElementStyler.keptSiblings { children[firstChild + index] = children[last + index] }
            childrenEnd = firstChild + ElementStyler.keptSiblings
        }
        guard countsNames, !levels[level].namesUncounted else { return }
        let firstName = levels[level].firstName
        if let index = nameCounts[firstName..<nameCountsEnd].firstIndex(where: { $0.name == name }) {
            nameCounts[index].count += 1
        } else if nameCountsEnd - firstName < Self.countedNames {
            if nameCountsEnd < nameCounts.count { nameCounts[nameCountsEnd] = (name, 1) } else { nameCounts.append((name, 1)) }
            nameCountsEnd += 1
        } else {
            levels[level].namesUncounted = true
            uncountedLevels += 1
        }
    }

    /// Opens a level for the innermost level's last child.
    mutating func open() {
        levels.append(Level(firstChild: childrenEnd, firstName: nameCountsEnd))
    }

    /// Closes the innermost level.
    mutating func close() {
        guard levels.count > 1 else { return }
        let closed = levels.removeLast()
        childrenEnd = closed.firstChild
        nameCountsEnd = closed.firstName
        if closed.namesUncounted { uncountedLevels -= 1 }
        lowWater = min(lowWater, levels.count)
    }

    /// What a cut here knows (`ScannedSiblings`), the origin's styles `originStyles`.
    func siblings(originStyles: ElementStyler.State?, names: ScannedNames) -> ScannedSiblings {
        func name(_ id: Int32) -> String { String(decoding: names.bytes[Int(id)], as: UTF8.self) }
        let scannedLevels = ((lowWater - 1)..<levels.count).map { level in
            // (A level's entries end where the next one's start.)
            let isInnermost = level == levels.count - 1
            var scanned = ScannedSiblings.Level(count: levels[level].count)
            scanned.children = children[levels[level].firstChild..<(isInnermost ? childrenEnd : levels[level + 1].firstChild)]
                .suffix(ElementStyler.keptSiblings).map { ($0.offset, name($0.name)) }
            for entry in nameCounts[levels[level].firstName..<(isInnermost ? nameCountsEnd : levels[level + 1].firstName)] {
                scanned.countsByName[name(entry.name)] = entry.count
            }
            return scanned
        }
        return ScannedSiblings(originStyles: originStyles, originLevels: lowWater, levels: scannedLevels, countsAllNames: uncountedLevels == 0)
    }
}
