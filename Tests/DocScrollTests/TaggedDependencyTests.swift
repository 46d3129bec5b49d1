import Foundation
import TestSupport
import Testing

/// Another package can depend on docscroll by version: a copy of this repository,
/// committed and tagged, is resolved by an outside package that uses the `DocScroll`
/// product and imports the modules its API speaks of, and SwiftPM plans its build
/// (it refuses a package used by version whose products' targets have unsafe flags).
@Suite("docscroll as a versioned dependency", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
struct TaggedDependencyTests {
    @Test func anOutsidePackagePlansItsBuildAgainstATaggedCopy() throws {
        let root = pagesDirectory.deletingLastPathComponent()
        let work = try TemporaryFolder("tagged")
        let copy = work.url.appendingPathComponent("docscroll")
        // The files git knows, as they are in the working tree.
        let listed = try runProgram("/usr/bin/git", ["-C", root.path, "ls-files", "-z"])
        #expect(listed.status == 0)
        for file in listed.standardOutput.split(separator: "\0").map(String.init) {
            let target = copy.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(file), to: target)
        }
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "v"], ["tag", "0.1.0"]] {
            #expect(try runProgram("/usr/bin/git", ["-C", copy.path] + arguments).status == 0, "git \(arguments)")
        }
        let app = work.url.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try Data("""
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "app",
                dependencies: [.package(url: "\(copy.absoluteString)", from: "0.1.0")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "DocScroll", package: "docscroll")])]
            )
            """.utf8).write(to: app.appendingPathComponent("Package.swift"))
        try Data("import DocScroll\nimport RenderCore\nlet frame: FrameBuffer? = nil\nprint(DocScrollView.self, frame as Any)\n".utf8)
            .write(to: app.appendingPathComponent("Sources/App/main.swift"))
        // Planning the build loads the whole graph and checks every target's settings,
        // without compiling (a build of the library again would take minutes).
        let plan = try runProgram("/usr/bin/env", ["swift", "build", "--package-path", app.path, "--print-manifest-job-graph"])
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(!plan.standardError.contains("unsafe build flags"))
        #expect(plan.standardOutput.contains("DocumentLayout"), "the library's modules are in the plan")
    }
}
