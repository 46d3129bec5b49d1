import Foundation
import TestSupport
import Testing

/// The modules below the facade call the operating system only through the one door,
/// `SystemIO`, and the protocols they declare for it (`PageSource`, `TableFile`,
/// `LayoutThreads`): they import none of Foundation, Dispatch or Glibc (ScrollCore
/// takes three maths functions through `CMath`). Nor does the viewer, a state machine
/// the terminal loop feeds.
@Suite("Module boundaries")
struct ModuleBoundaryTests {
    static let sources = pagesDirectory.deletingLastPathComponent().appendingPathComponent("Sources")

    /// The modules each Swift file of `module` imports.
    static func imports(of module: String) throws -> Set<String> {
        try imports(in: sources.appendingPathComponent(module))
    }

    /// The modules the Swift files in `directory` (and below) import.
    static func imports(in directory: URL) throws -> Set<String> {
        let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }
        var imported: Set<String> = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ ["@testable", "@preconcurrency", "public", "package", "internal", "private"].contains($0) })
                else { continue }
                imported.insert(String(words[index + 1]))
            }
        }
        return imported
    }

    @Test(arguments: ["ScrollCore", "RenderCore", "ComponentKit", "DocumentLayout", "DataTable", "TileRenderer", "DocScrollViewer"])
    func pureModulesImportNoOperatingSystem(module: String) throws {
        let imported = try Self.imports(of: module)
        #expect(!imported.isEmpty, "\(module) has sources")
        let operatingSystem: Set = ["Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Darwin", "SystemIO"]
        #expect(imported.isDisjoint(with: operatingSystem), "\(module): \(imported.sorted())")
    }

    /// ScrollCore's physics take libm's `exp`, `log` and `pow` through a C face of
    /// three functions (`CMath`), and nothing else of the C library.
    @Test func scrollCoreTakesOnlyThreeMathsFunctionsFromC() throws {
        let header = try String(contentsOf: Self.sources.appendingPathComponent("CMath/include/CMath.h"), encoding: .utf8)
        let declared = header.split(separator: "\n").filter { $0.hasPrefix("double ") }
        #expect(declared == ["double docscroll_exp(double x);", "double docscroll_log(double x);", "double docscroll_pow(double x, double y);"])
    }
}

/// Every module a target imports from this package is one it declares in
/// `Package.swift` (SwiftPM lets a module a dependency brings through be imported
/// undeclared, so the map of modules drifts from the code unseen).
@Suite("Declared dependencies")
struct DeclaredDependencyTests {
    @Test func everyTargetDeclaresTheModulesItImports() throws {
        let root = ModuleBoundaryTests.sources.deletingLastPathComponent()
        // (A scratch folder of its own: the build's is locked while the tests run.)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-manifest-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try runProgram("/usr/bin/env", ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"])
        #expect(run.status == 0, "\(run.standardError)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let targets = try #require(package["targets"] as? [[String: Any]])
        let names = Set(targets.compactMap { $0["name"] as? String })
        var checked = 0
        for target in targets {
            guard let name = target["name"] as? String, let type = target["type"] as? String else { continue }
            let declared = Set((target["dependencies"] as? [[String: Any]] ?? []).flatMap { dependency in
                dependency.values.compactMap { ($0 as? [Any])?.first as? String }
            })
            let folder = (target["path"] as? String) ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            let imported = try ModuleBoundaryTests.imports(in: root.appendingPathComponent(folder))
            let undeclared = imported.intersection(names).subtracting(declared).subtracting([name])
            #expect(undeclared.isEmpty, "\(name) imports \(undeclared.sorted()) without declaring them")
            checked += 1
        }
        #expect(checked > 25)
    }
}
