/// A table's file as the table reads it: mapped into memory for the one pass that
/// indexes it, its pages given back as the pass goes, and parts copied out again
/// when rows are shown. The program's I/O boundary maps files (`SystemIO.MappedFile`);
/// the table reads them only through this.
package protocol TableFile: AnyObject, Sendable {
    /// The file's bytes, mapped. Read once, in order, by the index pass.
    var bytes: UnsafeBufferPointer<UInt8> { get }

    /// A copy of the bytes in `range`, read from the file rather than the mapping
    /// (short of the range if the file shrank).
    func read(_ range: Range<Int>) -> [UInt8]

    /// Gives back the mapped pages wholly before `offset`.
    func release(before offset: Int)

    /// Whether the file shrank while mapped (the pages past its new end read as
    /// zeros).
    var hasShrunk: Bool { get }
}
