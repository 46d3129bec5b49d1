import DocScrollCLI
import FuzzDriver

/// libFuzzer target: command-line arguments (the input split at NUL bytes) through the
/// parser: any list of arguments is options or a usage error, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let arguments = UnsafeBufferPointer(start: data, count: count).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    _ = try? CommandLineOptions.parse(arguments)
    return 0
}

/// The entry point (see `runLibFuzzer`).
@_cdecl("FuzzArguments_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzzArguments)
}
