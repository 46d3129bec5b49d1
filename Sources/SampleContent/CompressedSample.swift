import Foundation

/// Samples compressed by the programs people use (`gzip`, `xz`, `bzip2`), for the
/// tests and the benchmark: what docscroll decompresses is what those programs wrote.
public enum CompressedSample {
    /// `bytes` compressed by `program` (`-c`); empty when it cannot run.
    public static func compress(_ bytes: [UInt8], with program: String) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard (try? process.run()) != nil else { return [] }
        // (Written from another thread: a pipe holds 64 KB, and the program writes as
        // it reads.)
        let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
        writer.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](compressed)
    }
}
