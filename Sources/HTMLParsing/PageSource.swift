/// The bytes of a page, read a window at a time: a page is never copied whole, so
/// what a reader holds does not grow with the page.
///
/// Sources are read from several threads at once (the index pass on one, the units
/// near the viewport on another), so reading must not move shared state.
package protocol PageSource: Sendable {
    /// Bytes the page has.
    var byteCount: Int { get }

    /// Copies bytes `range` (clamped to the page) into `buffer`, which holds at least
    /// `range.count` bytes.
    /// - Returns: how many bytes were copied: fewer than asked only at the page's end
    ///   (or when the file shrank under the reader).
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int

    /// Whether the page is all there (else it is still arriving: standard input).
    var isComplete: Bool { get }

    /// Waits until the page has more than `count` bytes or is complete.
    /// - Returns: the byte count then.
    func waitForBytes(beyond count: Int) -> Int

    /// The styles the page's sheets give its elements, which every parse of it
    /// applies (`nil`: the page is read without its CSS).
    var styles: PageStyles? { get }
}

extension PageSource {
    /// A page is all there unless it says otherwise.
    package var isComplete: Bool { true }

    package func waitForBytes(beyond count: Int) -> Int { byteCount }

    package var styles: PageStyles? { nil }
}

/// A page read with the styles of its sheets.
package struct StyledPageSource: PageSource {
    package let page: any PageSource
    package let styles: PageStyles?

    package init(_ page: any PageSource, styles: PageStyles?) {
        self.page = page
        self.styles = styles
    }

    package var byteCount: Int { page.byteCount }
    package func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int { page.read(range, into: buffer) }
    package var isComplete: Bool { page.isComplete }
    package func waitForBytes(beyond count: Int) -> Int { page.waitForBytes(beyond: count) }
}

extension PageSource {
    /// A copy of bytes `range` (clamped to the page).
    package func bytes(_ range: Range<Int>) -> [UInt8] {
        let clamped = range.clamped(to: 0..<byteCount)
        guard !clamped.isEmpty else { return [] }
        var copy = [UInt8](repeating: 0, count: clamped.count)
        let count = copy.withUnsafeMutableBytes { read(clamped, into: $0) }
        copy.removeLast(clamped.count - count)
        return copy
    }
}

/// A page held in memory: for embedders, tests, and pages converted to UTF-8 whole.
package struct MemoryPageSource: PageSource {
    package let storage: [UInt8]

    package init(_ bytes: [UInt8]) {
        storage = bytes
    }

    package var byteCount: Int { storage.count }

    package func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let clamped = range.clamped(to: 0..<storage.count)
        guard !clamped.isEmpty, let target = buffer.baseAddress else { return 0 }
        storage.withUnsafeBytes { bytes in
            target.copyMemory(from: bytes.baseAddress! + clamped.lowerBound, byteCount: clamped.count)
        }
        return clamped.count
    }
}
