// swift-tools-version: 6.0
import PackageDescription

// No target of a library product has unsafe flags: SwiftPM refuses those in a package
// used by version (`.package(url:from:)`). (The laying-out core was built without
// run-time exclusivity checks and with cross-module optimization: 2% of its time,
// measured when they were removed.)
let package = Package(
    name: "docscroll",
    products: [
        // The facade, with the modules whose types its API uses, so that an embedder
        // can name them (`import RenderCore` for `FrameBuffer` and `Style`).
        .library(name: "DocScroll", targets: ["DocScroll", "ComponentKit", "RenderCore", "ScrollCore", "TileRenderer", "DataTable"]),
        .library(name: "DocScrollViewer", targets: ["DocScrollViewer"]),
        .library(name: "ScrollCore", targets: ["ScrollCore"]),
        .executable(name: "docscroll", targets: ["docscroll"]),
        .executable(name: "docscroll-bench", targets: ["docscroll-bench"]),
    ],
    targets: [
        // C libraries. Only HTMLParsing sees libxml2; only RenderCore sees ICU, through a
        // plain-C shim whose header uses <stdint.h> types alone (ICU headers clash with
        // Foundation's copy of ICU in any Swift module that sees both).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // zlib, liblzma and libbz2, for pages and tables that come compressed (only
        // SystemIO sees them).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLZMA", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"])]),
        .systemLibrary(name: "CBZip2", providers: [.apt(["libbz2-dev"])]),
        .target(
            name: "CUnicode",
            linkerSettings: [.linkedLibrary("_FoundationICU"), .linkedLibrary("icuuc")]
        ),

        // The C allocator's own count of the heap in use (glibc mallinfo2).
        .target(name: "CMallocInfo"),
        // libm's exp, log and pow for ScrollCore's physics, and nothing else of the C library.
        .target(name: "CMath", linkerSettings: [.linkedLibrary("m")]),

        // Pure, deterministic modules.
        .target(name: "RenderCore", dependencies: ["CUnicode"]),
        .target(name: "ScrollCore", dependencies: ["CMath"]),
        // CSS read as CSS Syntax Level 3 says, selectors matched, the cascade: pure,
        // over any element tree.
        .target(name: "Styles"),
        .target(name: "HTMLParsing", dependencies: ["CLibXML2", "RenderCore", "Styles"]),
        // Debian's image decoders behind a plain-C shim (libpng's simplified API,
        // TurboJPEG, giflib, libwebp), seen only by Pictures.
        .target(
            name: "CPictureCodecs",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("turbojpeg"), .linkedLibrary("gif"), .linkedLibrary("webp")]
        ),
        // libchafa (over GLib), which chooses the symbols and colours of an image drawn
        // in cells; seen only by Pictures.
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        // Pictures: what an image file's first bytes say of it, the cells it takes, its
        // pixels, and its cells drawn.
        .target(name: "Pictures", dependencies: ["CPictureCodecs", "CChafa"]),
        // The one component protocol of the stack (layout, rows drawn, text, search),
        // over the container core and the cells.
        .target(name: "ComponentKit", dependencies: ["RenderCore", "ScrollCore"]),
        .target(name: "DocumentLayout", dependencies: ["ComponentKit", "HTMLParsing", "Pictures", "RenderCore", "ScrollCore", "Styles"]),
        .target(name: "DataTable", dependencies: ["ComponentKit", "RenderCore", "ScrollCore"]),
        .target(name: "TileRenderer", dependencies: ["ComponentKit", "RenderCore", "ScrollCore"]),

        // The one door to the operating system: files (read, mapped), standard input,
        // the terminal (termios, keys, frames out), the process's memory and threads.
        .target(name: "SystemIO", dependencies: ["RenderCore", "CMallocInfo", "CZlib", "CLZMA", "CBZip2"]),

        // The facade embedders use, and the command line built on it.
        .target(
            name: "DocScroll",
            dependencies: ["ComponentKit", "RenderCore", "ScrollCore", "HTMLParsing", "DocumentLayout", "DataTable", "TileRenderer", "SystemIO", "Pictures", "Styles"]
        ),
        // The interactive viewer: keys in, screens out (a state machine over the facade).
        .target(name: "DocScrollViewer", dependencies: ["DataTable", "DocScroll", "RenderCore", "ScrollCore"]),
        .target(name: "DocScrollCLI", dependencies: ["DataTable", "DocScroll", "DocScrollViewer", "Pictures", "RenderCore", "SystemIO", "TileRenderer"]),
        // Seeded page and table generators shared by the tests and the benchmark.
        .target(name: "SampleContent"),
        // The Swift runtime linked in: a start without loading and binding its shared
        // libraries takes half the time (5 ms against 10 for a small page).
        .executableTarget(name: "docscroll", dependencies: ["DocScrollCLI"], linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        // The benchmark's budget check, a library so that tests can hold it to account.
        .target(name: "BenchmarkBudgets", path: "Sources/BenchmarkBudgets"),
        // Linked as `docscroll` is, so that the stages it times in process run the code
        // as the program does (calls into the runtime bound directly, not through the
        // shared library's table: 5% of the layout stage's time).
        .executableTarget(
            name: "docscroll-bench",
            dependencies: ["DocScroll", "DocumentLayout", "HTMLParsing", "Pictures", "SampleContent", "ScrollCore", "SystemIO", "BenchmarkBudgets"],
            path: "Benchmarks/docscroll-bench",
            swiftSettings: [.unsafeFlags(["-static-stdlib"])],
            linkerSettings: [.unsafeFlags(["-static-stdlib"])]
        ),

        // Examples of embedding, built with the package and run by the tests.
        .executableTarget(name: "minimal-embedding", dependencies: ["DocScroll"], path: "Examples/MinimalEmbedding"),
        .executableTarget(
            name: "custom-component", dependencies: ["ComponentKit", "DocScroll", "RenderCore", "ScrollCore"], path: "Examples/CustomComponent"),
        .executableTarget(name: "physics-fling", dependencies: ["ScrollCore"], path: "Examples/PhysicsFling"),
        .executableTarget(name: "paged-tabs", dependencies: ["ScrollCore"], path: "Examples/PagedTabs"),
        .executableTarget(
            name: "windowed-renderer", dependencies: ["ComponentKit", "TileRenderer", "RenderCore", "ScrollCore"], path: "Examples/WindowedRenderer"),

        // What the test targets share: stored snapshots, the sample pages.
        .target(name: "TestSupport", dependencies: ["ComponentKit", "DocScroll", "DataTable", "RenderCore", "TileRenderer"], path: "Tests/TestSupport"),
        .testTarget(name: "RenderCoreTests", dependencies: ["RenderCore", "SampleContent"], exclude: ["Conformance"]),
        .testTarget(name: "ScrollCoreTests", dependencies: ["ScrollCore", "SampleContent"]),
        .testTarget(name: "HTMLParsingTests", dependencies: ["HTMLParsing", "SampleContent", "Styles"]),
        .testTarget(name: "StylesTests", dependencies: ["Styles"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "TestSupport"]),
        .testTarget(
            name: "DocumentLayoutTests",
            dependencies: ["ComponentKit", "DocumentLayout", "HTMLParsing", "RenderCore", "SampleContent", "ScrollCore", "Styles", "TestSupport"],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "DataTableTests", dependencies: ["ComponentKit", "DataTable", "RenderCore", "SampleContent"]),
        .testTarget(name: "TileRendererTests", dependencies: ["ComponentKit", "TileRenderer", "RenderCore", "ScrollCore", "SampleContent"]),
        .testTarget(name: "SystemIOTests", dependencies: ["SystemIO", "RenderCore", "SampleContent"]),
        .testTarget(
            name: "DocScrollViewerTests",
            dependencies: ["ComponentKit", "DocScrollViewer", "DocScroll", "RenderCore", "SampleContent", "TestSupport", "TileRenderer"],
            exclude: ["Snapshots"]),
        .testTarget(name: "BenchmarkBudgetsTests", dependencies: ["BenchmarkBudgets"]),
        .testTarget(
            name: "DocScrollTests",
            dependencies: [
                "ComponentKit", "DocScroll", "DocScrollCLI", "DocScrollViewer", "DocumentLayout", "Pictures", "RenderCore", "SampleContent", "ScrollCore", "SystemIO",
                "TestSupport",
                "TileRenderer",
            ],
            exclude: ["Snapshots", "FuzzFindings", "WebPlatformTests"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (`Fuzz/README.md`), in the package only when asked for: they have
// no `main` (libFuzzer's is linked in), so a plain build cannot link them.
if Context.environment["DOCSCROLL_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        .executableTarget(
            name: "FuzzPage",
            dependencies: ["FuzzDriver", "DocScroll", "DocumentLayout", "HTMLParsing", "RenderCore", "SystemIO", "TestSupport", "TileRenderer"],
            path: "Fuzz/FuzzPage"),
        .executableTarget(
            name: "FuzzTable", dependencies: ["FuzzDriver", "DataTable", "DocScroll", "RenderCore", "TestSupport", "TileRenderer"],
            path: "Fuzz/FuzzTable"),
        .executableTarget(name: "FuzzKeys", dependencies: ["FuzzDriver", "DocScroll", "DocScrollViewer", "RenderCore"], path: "Fuzz/FuzzKeys"),
        .executableTarget(name: "FuzzArguments", dependencies: ["FuzzDriver", "DocScrollCLI"], path: "Fuzz/FuzzArguments"),
        .executableTarget(name: "FuzzImage", dependencies: ["FuzzDriver", "Pictures"], path: "Fuzz/FuzzImage"),
        .executableTarget(name: "FuzzStyles", dependencies: ["FuzzDriver", "HTMLParsing", "Styles"], path: "Fuzz/FuzzStyles"),
    ]
}
