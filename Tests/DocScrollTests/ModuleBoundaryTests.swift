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

    @Test(arguments: ["ScrollCore", "RenderCore", "ComponentKit", "DocumentLayout", "DataTable", "TileRenderer", "DocScrollViewer", "Pictures"])
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
        let root = Self.root
        let targets = try Self.manifestTargets()
        let names = Set(targets.compactMap { $0["name"] as? String })
        var checked = 0
        for target in targets {
            guard let name = target["name"] as? String, let type = target["type"] as? String else { continue }
            let declared = Self.dependencies(of: target)
            let folder = (target["path"] as? String) ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            let imported = try ModuleBoundaryTests.imports(in: root.appendingPathComponent(folder))
            let undeclared = imported.intersection(names).subtracting(declared).subtracting([name])
            #expect(undeclared.isEmpty, "\(name) imports \(undeclared.sorted()) without declaring them")
            checked += 1
        }
        #expect(checked > 25)
    }

    static let root = ModuleBoundaryTests.sources.deletingLastPathComponent()

    /// The package's targets as `swift package dump-package` describes them.
    static func manifestTargets() throws -> [[String: Any]] {
        // (A scratch folder of its own: the build's is locked while the tests run.)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-manifest-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try runProgram("/usr/bin/env", ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"])
        #expect(run.status == 0, "\(run.standardError)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        return try #require(package["targets"] as? [[String: Any]])
    }

    /// The targets a target of the manifest declares it depends on.
    static func dependencies(of target: [String: Any]) -> Set<String> {
        Set((target["dependencies"] as? [[String: Any]] ?? []).flatMap { dependency in
            dependency.values.compactMap { ($0 as? [Any])?.first as? String }
        })
    }

    /// The README's module map (`## How it is built`) holds to the manifest: every
    /// module drawn depends only on modules drawn below it, every line drawn from a
    /// module to one under it is a declared dependency, and every module of the
    /// products is drawn.
    @Test func theReadmesModuleMapHoldsToThePackage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## How it is built").dropFirst().first)
        let map = try #require(section.components(separatedBy: "```").dropFirst().first)
        // Each module drawn, in order, with the module it hangs from.
        var drawn: [(name: String, parent: String?)] = []
        var open: [(column: Int, name: String)] = []
        for line in map.split(separator: "\n") {
            let characters = Array(line)
            let name: String
            let column: Int
            if let branch = line.range(of: "── ") {
                column = line.distance(from: line.startIndex, to: branch.lowerBound)
                name = String(line[branch.upperBound...].prefix { $0.isLetter || $0.isNumber })
            } else if characters.first?.isLetter == true {
                column = -1
                name = String(line.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
            } else {
                continue
            }
            while let last = open.last, last.column >= column { open.removeLast() }
            drawn.append((name, open.last?.name))
            open.append((column, name))
        }
        let targets = try Self.manifestTargets()
        let byName = Dictionary(uniqueKeysWithValues: targets.compactMap { target in (target["name"] as? String).map { ($0, target) } })
        let order = drawn.map(\.name)
        #expect(order.count >= 13, "\(order)")
        for (index, module) in drawn.enumerated() {
            let target = try #require(byName[module.name], "\(module.name) is drawn but is no target")
            let declared = Self.dependencies(of: target)
            if let parent = module.parent {
                let parentDeclared = Self.dependencies(of: try #require(byName[parent]))
                #expect(parentDeclared.contains(module.name), "the map draws \(parent) -> \(module.name), which \(parent) does not declare")
            }
            for dependency in declared {
                guard let position = order.firstIndex(of: dependency) else { continue }
                #expect(position > index, "\(module.name) depends on \(dependency), drawn above it")
            }
        }
        // Every module of a library product is on the map.
        let library = ["DocScroll", "ComponentKit", "RenderCore", "ScrollCore", "TileRenderer", "DataTable", "DocScrollViewer"]
        for module in library { #expect(order.contains(module), "\(module) is not on the map") }
    }
}
