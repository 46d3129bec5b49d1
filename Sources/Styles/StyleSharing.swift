import Glibc
import Synchronization

extension ElementStyler {
    /// What the stylers of a page share, its parses side by side on threads and one
    /// after another: the start tags met, and the styles of elements alike, named by
    /// what they are rather than by one styler's numbers. A page parsed in parts
    /// matches each kind of element once, not once in each part (Python's
    /// `stdtypes.html`, parsed in 45 parts, ran the cascade 1,889 times with a
    /// styler's own caches, 1,398 with these).
    ///
    /// A styler keeps its own caches in front of it, read without a lock; it is asked
    /// only where these miss, and answers under its lock. What it keeps is bounded:
    /// past `kept` entries of a kind, it forgets them all (a likeness number is never
    /// given twice, so what a styler holds stays true).
    final class Sharing: @unchecked Sendable {
        /// What a start tag gives, whichever styler meets it: its element, its keys
        /// as the ancestor filter counts them, the number of its `LikenessBase`, and
        /// the rules that read siblings which may concern it.
        final class TagFacts: Sendable {
            let element: Element
            let hashes: [UInt32]
            let base: Int
            let readers: [SiblingReader]

            init(element: Element, hashes: [UInt32], base: Int, readers: [SiblingReader]) {
                self.element = element
                self.hashes = hashes
                self.base = base
                self.readers = readers
            }
        }

        /// Elements alike: alike but for their siblings, matched alike by the rules
        /// that read siblings.
        private struct StyleKey: Hashable {
            var likeness: Likeness
            var matches: SiblingMatches
        }

        /// Entries of each kind kept at most.
        static let kept = 16_384

        /// The numbers of likenesses, process-wide: a style's number names it among
        /// all the styles any styler holds (a state carried from one page's styler to
        /// another's keeps its numbers).
        private static let likenessNumbers = Atomic<Int>(1)

        private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
            let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
            return mutex
        }()
        private var tags: [[UInt8]: TagFacts] = [:]
        private var bases: [LikenessBase: Int] = [:]
        private var nextBase = 0
        private var styles: [StyleKey: Styled] = [:]
        /// Rules filed unread, read (by sheet and rule, as `Cascade.Scratch` numbers
        /// them): their selectors and the declarations kept, `nil` for none.
        private var readRules: [Int: (selectors: [Selector], declarations: [CSSParser.Declaration])?] = [:]
        /// How many styles the stylers made (each a cascade run).
        private(set) var stylesMade = 0
        /// How many rules filed unread the stylers read.
        private(set) var rulesRead = 0

        init() {}

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        private func locked<Result>(_ body: () -> Result) -> Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }

        /// The facts of the start tag of bytes `bytes` (as `KnownTag` keeps them),
        /// made by `make` (given the number of a likeness base) where no styler met it.
        func tag(_ bytes: [UInt8], make: (_ number: (LikenessBase) -> Int) -> TagFacts) -> TagFacts {
            if let known = locked({ tags[bytes] }) { return known }
            let made = make { base in
                locked {
                    if let number = bases[base] { return number }
                    if bases.count >= Self.kept { bases.removeAll(keepingCapacity: true) }
                    nextBase += 1
                    bases[base] = nextBase
                    return nextBase
                }
            }
            return locked {
                if let known = tags[bytes] { return known }
                if tags.count >= Self.kept { tags.removeAll(keepingCapacity: true) }
                tags[bytes] = made
                return made
            }
        }

        /// Rule `key` filed unread, read by `read` where no styler read it (each
        /// part of a page a parse styles would read again the rules it needs).
        func readRule(
            _ key: Int, read: () -> (selectors: [Selector], declarations: [CSSParser.Declaration])?
        ) -> (selectors: [Selector], declarations: [CSSParser.Declaration])? {
            if let known = locked({ readRules[key] }) { return known }
            let made = read()
            return locked {
                if let known = readRules[key] { return known }
                if readRules.count >= Self.kept { readRules.removeAll(keepingCapacity: true) }
                readRules[key] = made
                rulesRead += 1
                return made
            }
        }

        /// The style of the elements `likeness` names that `matches` its rules that
        /// read siblings, made by `make` where no styler made it.
        func styled(_ likeness: Likeness, matches: SiblingMatches, make: () -> (style: ComputedStyle, pseudo: PseudoStyles?)) -> Styled {
            let key = StyleKey(likeness: likeness, matches: matches)
            if let known = locked({ styles[key] }) { return known }
            let made = make()
            return locked {
                if let known = styles[key] { return known }
                if styles.count >= Self.kept { styles.removeAll(keepingCapacity: true) }
                let styled = Styled(
                    likeness: Self.likenessNumbers.wrappingAdd(1, ordering: .relaxed).oldValue, style: made.style, pseudo: made.pseudo)
                styles[key] = styled
                stylesMade += 1
                return styled
            }
        }
    }

    /// What makes elements alike but for their siblings and their parents (numbered
    /// once a page, by its `Sharing`).
    struct LikenessBase: Hashable {
        var name: String
        /// Its id where a selector names it; its classes that selectors name.
        var id: String?
        var classes: [String]
        /// Its attributes that selectors read.
        var attributes: [Element.Attribute]
        var isLink: Bool
        var styleAttribute: String?
    }

    /// What makes elements alike but for their siblings: their likeness bases, under
    /// parents alike.
    struct Likeness: Hashable {
        /// The parent's likeness.
        var parent: Int
        /// The number of its `LikenessBase`.
        var base: Int
    }

    /// A selector that reads siblings, and the places among its siblings its subject
    /// must have, which are checked first: most elements fail them (a sheet's
    /// `:first-child > :first-child` rule may concern any element, and matching it
    /// whole at every element cost a styled parse a third more).
    struct SiblingReader: Sendable {
        let selector: Selector
        /// The subject's `:nth-child()` and `:nth-of-type()` conditions (`of` none).
        let places: [(pattern: NthPattern, ofType: Bool)]

        /// `nil` for a selector whose subject must be among the last of its siblings:
        /// an element starting has none after it known, and matches none of them.
        init?(_ selector: Selector) {
            var places: [(pattern: NthPattern, ofType: Bool)] = []
            for condition in selector.compounds.first?.compound.conditions ?? [] {
                guard case .pseudoClass(.nth(let pattern, let last, let ofType, let of)) = condition else { continue }
                if last { return nil }
                if of == nil { places.append((pattern, ofType)) }
            }
            self.selector = selector
            self.places = places
        }

        /// Whether it matches `subject`, which is child `position` (from 1) of its
        /// parent so far.
        func matches(_ subject: Node, position: Int) -> Bool {
            for place in places {
                guard let known = place.ofType ? subject.position(ofType: true) : position, place.pattern.matches(known) else { return false }
            }
            return selector.matches(subject)
        }
    }

    /// Which of the selectors that read siblings (a tag's `readers`) match an element: a
    /// bit each, the first 64 in a word (no array made for most elements).
    struct SiblingMatches: Hashable {
        var first: UInt64 = 0
        var more: [UInt64] = []

        mutating func insert(_ index: Int) {
            guard index >= 64 else {
                first |= 1 << UInt64(index)
                return
            }
            let word = index / 64 - 1
            if more.count <= word { more += Array(repeating: 0, count: word + 1 - more.count) }
            more[word] |= 1 << UInt64(index % 64)
        }
    }
}
