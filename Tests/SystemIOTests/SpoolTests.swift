import Dispatch
import Testing
@testable import SystemIO

/// Input that arrives over time (standard input) is read as it comes, waited for, and
/// kept in a temporary file once it outgrows its memory.
@Suite("Spooled input")
struct SpoolTests {
    @Test func inputIsReadAsItArrivesAndMovesToAFilePastItsLimit() {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        let rest = DispatchSemaphore(value: 0)
        let spool = SpooledInput(memoryLimit: 64 << 10) { append in
            append(bytes[..<1_000])
            rest.wait()
            var offset = 1_000
            while offset < bytes.count {
                let end = min(bytes.count, offset + 10_000)
                append(bytes[offset..<end])
                offset = end
            }
        }
        // What has arrived is there to read; the rest is waited for.
        #expect(spool.waitForBytes(beyond: 999) == 1_000)
        #expect(!spool.isComplete)
        #expect(!spool.isSpooledToFile)
        var buffer = [UInt8](repeating: 0, count: 2_000)
        #expect(buffer.withUnsafeMutableBytes { spool.read(500..<2_500, into: $0) } == 500)
        #expect(buffer[..<500] == bytes[500..<1_000])
        rest.signal()
        #expect(spool.waitForBytes(beyond: bytes.count) == bytes.count)
        #expect(spool.isComplete)
        #expect(spool.isSpooledToFile)
        for start in [0, 65_000, 150_000, 298_000] {
            #expect(buffer.withUnsafeMutableBytes { spool.read(start..<(start + 2_000), into: $0) } == 2_000)
            #expect(buffer[...] == bytes[start..<(start + 2_000)], "from \(start)")
        }
    }
}
