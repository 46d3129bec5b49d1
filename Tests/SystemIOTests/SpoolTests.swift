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
            _ = append(bytes[..<1_000])
            rest.wait()
            var offset = 1_000
            while offset < bytes.count {
                let end = min(bytes.count, offset + 10_000)
                _ = append(bytes[offset..<end])
                offset = end
            }
            return nil
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

    /// Input that never ends stops being read at the spool's capacity: the input is
    /// complete there, says so, and its producer is told to stop.
    @Test func inputStopsAtTheCapacity() {
        let stopped = DispatchSemaphore(value: 0)
        let spool = SpooledInput(memoryLimit: 16 << 10, capacity: 100_000) { append in
            var piece = 0
            while append(Array(repeating: UInt8(ascii: "a") + UInt8(piece % 26), count: 7_000)[...]) { piece += 1 }
            stopped.signal()
            return nil
        }
        #expect(stopped.wait(timeout: .now() + 30) == .success, "the producer is told to stop")
        #expect(spool.waitForBytes(beyond: 200_000) == 100_000)
        #expect(spool.isComplete)
        #expect(spool.reachedCapacity)
        var buffer = [UInt8](repeating: 0, count: 1_000)
        #expect(buffer.withUnsafeMutableBytes { spool.read(99_500..<100_500, into: $0) } == 500)
        #expect(buffer[..<500].allSatisfy { $0 == UInt8(ascii: "a") + UInt8(14 % 26) }, "the 15th piece, cut at the capacity")
        // Input that ends before the capacity did not reach it.
        let short = SpooledInput(capacity: 100_000) { append in
            _ = append(Array(repeating: 1, count: 99_999)[...])
            return "cut short"
        }
        #expect(short.waitForBytes(beyond: 100_000) == 99_999)
        #expect(!short.reachedCapacity)
        #expect(short.failure == "cut short")
        #expect(spool.failure == nil)
    }
}

/// A spill file gives back any range of what was appended, whether the bytes are
/// in the file yet or still waiting to be written.
@Suite("Spill files")
struct SpillFileTests {
    @Test func rangesComeBackAcrossWrites() {
        let spill = SpillFile()
        var expected: [UInt8] = []
        var next: UInt8 = 0
        for size in [1, 1_000, 70_000, 3, 200_000, 65_536, 10] {
            let bytes = (0..<size).map { _ in next &+= 7; return next }
            bytes.withUnsafeBufferPointer { spill.append($0) }
            expected += bytes
            for range in [0..<1, 0..<expected.count, (expected.count / 3)..<(expected.count - 1), (expected.count - size)..<expected.count] {
                #expect(spill.read(range) == Array(expected[range]), "\(range) of \(expected.count)")
            }
        }
    }
}
