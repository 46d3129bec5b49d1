import Foundation
import Testing
import DocScroll
import RenderCore
import SampleContent
import TestSupport
import TileRenderer

/// A view of generated content for a seed: 0 to 2 tables, 0 to 2 pages, at least one input.
func generatedView(seed: UInt64, mode: RenderMode, width: Int, height: Int, pageBytes: ClosedRange<Int> = 500...8_000) throws -> DocScrollView {
    let inputs = generatedInputs(seed: seed, pageBytes: pageBytes)
    return try DocScrollView(pages: inputs.pages, tables: inputs.tables, options: .init(width: width, height: height, mode: mode, tileRows: 16))
}

/// The same generated content in a windowed and an expanded view, at a random size.
func generatedViewsInBothModes(
    seed: UInt64, widths: ClosedRange<Int>, heights: ClosedRange<Int>, pageBytes: ClosedRange<Int>, random: inout SeededGenerator
) throws -> (windowed: DocScrollView, expanded: DocScrollView) {
    let width = Int.random(in: widths, using: &random)
    let height = Int.random(in: heights, using: &random)
    return (
        try generatedView(seed: seed, mode: .windowed, width: width, height: height, pageBytes: pageBytes),
        try generatedView(seed: seed, mode: .expanded, width: width, height: height, pageBytes: pageBytes)
    )
}

/// Generated inputs for a seed: 0 to 2 tables, 0 to 2 pages, at least one input.
func generatedInputs(seed: UInt64, pageBytes: ClosedRange<Int>) -> (pages: [InputFile], tables: [InputFile]) {
    var random = SeededGenerator(seed: seed)
    let tableCount = Int.random(in: 0...2, using: &random)
    let tabCount = tableCount == 0 ? Int.random(in: 1...2, using: &random) : Int.random(in: 0...2, using: &random)
    let tables = (0..<tableCount).map { index in
        InputFile(name: "t\(index).json", bytes: Array(TableGenerator.json(rows: Int.random(in: 1...60, using: &random), seed: seed &+ UInt64(index)).utf8))
    }
    let pages = (0..<tabCount).map { index in
        InputFile(name: "p\(index).html", bytes: Array(PageGenerator.page(bytes: Int.random(in: pageBytes, using: &random), seed: seed &+ 100 &+ UInt64(index)).utf8))
    }
    return (pages, tables)
}

/// Runs the built `docscroll` executable.
struct ProcessResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

func runDocScroll(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
    try runBuiltProgram("docscroll", arguments, input: input, environment: environment)
}

/// Runs an executable the package builds (docscroll, an example).
func runBuiltProgram(_ name: String, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
    try runProgram(builtProgramPath(name), arguments, input: input, environment: environment)
}

/// The path of an executable the package builds (docscroll, an example).
func builtProgramPath(_ name: String) -> String {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    return FileManager.default.fileExists(atPath: executable.path) ? executable.path : productsDirectory().appendingPathComponent(name).path
}

/// A copy of the docscroll executable that any user can run (beside `temporaryFile`'s
/// files), for tests that run it as another user: the build directory may sit where
/// others cannot enter (a clone in a private temporary folder).
func copyOfDocScrollForAnyone() throws -> String {
    let built = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("docscroll")
    let source = FileManager.default.fileExists(atPath: built.path) ? built : productsDirectory().appendingPathComponent("docscroll")
    let copy = temporaryFiles.appendingPathComponent("\(UUID().uuidString)-docscroll")
    try FileManager.default.copyItem(at: source, to: copy)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
    return copy.path
}

/// Runs a program with standard input from `input` and captures both outputs.
func runProgram(_ path: String, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var processEnvironment = ProcessInfo.processInfo.environment
    processEnvironment.removeValue(forKey: "NO_COLOR")
    for (key, value) in environment { processEnvironment[key] = value }
    process.environment = processEnvironment
    let output = Pipe()
    let errors = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = standardInput
    try process.run()
    if let input { standardInput.fileHandleForWriting.write(input) }
    try standardInput.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self))
}

/// `.build/debug` (or release) when tests run from an `.xctest` bundle directory.
func productsDirectory() -> URL {
    var url = URL(fileURLWithPath: CommandLine.arguments[0])
    while url.pathComponents.count > 1, !FileManager.default.fileExists(atPath: url.appendingPathComponent("docscroll").path) {
        url.deleteLastPathComponent()
    }
    return url
}

/// A new file holding `bytes`, in a directory of this test process's own that is
/// removed when the process exits; its path.
func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = temporaryFiles.appendingPathComponent("\(UUID().uuidString)-\(name)")
    try Data(bytes).write(to: url)
    return url.path
}

/// The directory of `temporaryFile`, made (and its removal at exit arranged) once.
private let temporaryFiles: URL = {
    let url = temporaryFilesDirectory()
    // Open to every user: a test runs docscroll as another one on files here.
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    atexit { try? FileManager.default.removeItem(at: temporaryFilesDirectory()) }
    return url
}()

private func temporaryFilesDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-tests-\(getpid())")
}
