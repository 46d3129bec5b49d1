import Foundation
import TestSupport
import Testing

/// The public API of the modules an embedder sees (the `DocScroll` and `ScrollCore`
/// products and the modules whose types their API uses), read from the built modules
/// by the toolchain's `swift-symbolgraph-extract`: every public symbol declared here
/// has a doc comment, and the list of symbols is the one committed in
/// `Snapshots/PublicAPI.txt`, so that a change of the API shows in review
/// (`RECORD_SNAPSHOTS=1` writes it anew, and the test fails once so that a recording
/// is never mistaken for a pass).
@Suite("Public API")
struct PublicAPITests {
    static let modules = ["ScrollCore", "DocScroll", "DocScrollViewer", "ComponentKit", "RenderCore", "TileRenderer", "DataTable"]

    /// Writes `module`'s symbol graph (public symbols) into `directory`, read from the
    /// module as built for the tests.
    func extractSymbolGraph(_ module: String, into directory: URL) throws -> URL {
        let products = productsDirectory()
        let root = pagesDirectory.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // (The C libraries' headers, as pkg-config finds them: libxml2, and libchafa
        // with GLib for Pictures.)
        let libxml2 = try runProgram("/usr/bin/env", ["pkg-config", "--cflags-only-I", "libxml-2.0", "chafa"]).standardOutput
            .split(whereSeparator: \.isWhitespace).flatMap { ["-Xcc", String($0)] }
        #if arch(x86_64)
        let target = "x86_64-unknown-linux-gnu"
        #else
        let target = "aarch64-unknown-linux-gnu"
        #endif
        let arguments = [
            "swift-symbolgraph-extract", "-module-name", module, "-target", target, "-minimum-access-level", "public",
            "-I", products.appendingPathComponent("Modules").path, "-output-dir", directory.path,
            "-Xcc", "-fmodule-map-file=" + products.appendingPathComponent("CUnicode.build/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + products.appendingPathComponent("CMallocInfo.build/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + products.appendingPathComponent("CMath.build/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + products.appendingPathComponent("CPictureCodecs.build/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + root.appendingPathComponent("Sources/CChafa/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + root.appendingPathComponent("Sources/CLibXML2/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + root.appendingPathComponent("Sources/CZlib/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + root.appendingPathComponent("Sources/CLZMA/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + root.appendingPathComponent("Sources/CBZip2/module.modulemap").path,
        ] + libxml2
        let run = try runProgram("/usr/bin/env", arguments)
        try #require(run.status == 0, "swift-symbolgraph-extract \(module): \(run.standardError)")
        return directory.appendingPathComponent("\(module).symbols.json")
    }

    /// Public symbols declared in our sources: module, signature, and whether documented.
    func symbols() throws -> [(module: String, signature: String, documented: Bool)] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-api-\(getpid())")
        defer { try? FileManager.default.removeItem(at: output) }
        var result: [(module: String, signature: String, documented: Bool)] = []
        for module in Self.modules {
            let data = try Data(contentsOf: try extractSymbolGraph(module, into: output))
            let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
                // Members the compiler or a protocol's extension supplies have no place
                // in our sources (hash(into:), OptionSet's insert...).
                guard let location = symbol["location"] as? [String: Any], (location["uri"] as? String)?.contains("/Sources/") == true else { continue }
                let fragments = (symbol["declarationFragments"] as? [[String: Any]] ?? []).compactMap { $0["spelling"] as? String }.joined()
                let path = (symbol["pathComponents"] as? [String] ?? []).dropLast().joined(separator: ".")
                let signature = (path.isEmpty ? "" : path + ": ") + fragments
                result.append((module, signature, symbol["docComment"] != nil))
            }
        }
        return result.sorted { ($0.module, $0.signature) < ($1.module, $1.signature) }
    }

    /// The two products' DocC catalogues (an overview and a getting-started article
    /// each) build with the toolchain's `docc`, warnings counted as errors: every link
    /// resolves and every parameter is documented.
    @Test(arguments: ["ScrollCore", "DocScroll"])
    func documentationCatalogueBuilds(module: String) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-docc-\(module)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let graphs = work.appendingPathComponent("graphs")
        _ = try extractSymbolGraph(module, into: graphs)
        let output = work.appendingPathComponent("\(module).doccarchive")
        let catalogue = pagesDirectory.deletingLastPathComponent().appendingPathComponent("Sources/\(module)/\(module).docc")
        let run = try runProgram("/usr/bin/env", [
            "docc", "convert", catalogue.path, "--additional-symbol-graph-dir", graphs.path, "--output-dir", output.path,
            "--fallback-display-name", module, "--fallback-bundle-identifier", module, "--warnings-as-errors",
        ])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("data/documentation/\(module.lowercased())/gettingstarted.json").path))
    }

    @Test func everyPublicSymbolIsDocumentedAndTheListIsCommitted() throws {
        let symbols = try symbols()
        #expect(symbols.count > 300)
        let undocumented = symbols.filter { !$0.documented }.map { "\($0.module) \($0.signature)" }
        #expect(undocumented.isEmpty, "undocumented public symbols:\n\(undocumented.joined(separator: "\n"))")

        var listing = ""
        for module in Self.modules {
            listing += "## \(module)\n\n"
            for symbol in symbols where symbol.module == module { listing += symbol.signature + "\n" }
            listing += "\n"
        }
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/PublicAPI.txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try listing.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded the public API list; run again without RECORD_SNAPSHOTS")
            return
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        let added = Set(listing.split(separator: "\n")).subtracting(committed.split(separator: "\n"))
        let removed = Set(committed.split(separator: "\n")).subtracting(listing.split(separator: "\n"))
        #expect(listing == committed, "the public API changed; added:\n\(added.sorted().joined(separator: "\n"))\nremoved:\n\(removed.sorted().joined(separator: "\n"))")
    }
}
