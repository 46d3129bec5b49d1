/// Runs libFuzzer's driver on `test` with the program's arguments: what each fuzz
/// target's entry point does (SwiftPM links an executable's `main` to the entry
/// point `<Target>_main`, which libFuzzer's own `main` cannot stand in for).
public func runLibFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32 {
    var argc = argc
    var argv = argv
    return llvmFuzzerRunDriver(&argc, &argv, test)
}

/// `LLVMFuzzerRunDriver`, in the fuzzer runtime `-sanitize=fuzzer` links in.
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32
