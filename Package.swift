// swift-tools-version:6.0
import PackageDescription

// libframes.so: FramesCore (pure Swift) behind FramesCABI (the @_cdecl shims),
// with the Swift runtime linked in statically so the library loads in a
// process that has no Swift toolchain, exporting only frames_* (frames.map).
let versionScript = Context.packageDirectory + "/Sources/FramesCABI/frames.map"

let releaseSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let dwarf4: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]

let package = Package(
    name: "libframes",
    products: [
        .library(name: "frames", type: .dynamic, targets: ["FramesCABI"]),
    ],
    targets: [
        .systemLibrary(name: "CFrames", path: "Sources/CFrames"),
        // SHA-256 blocks with the CPU's SHA instructions, for FramesCore's
        // Support/SHA256.swift: C, because Swift has no way to name them
        // (docs/decisions.md). Its symbols are hidden; frames.map exports
        // frames_* only.
        // Both C targets: DWARF 4 debug information, which valgrind 3.19
        // reads (it gives up on the whole library at clang's DWARF 5 forms).
        .target(name: "CFramesSHA", path: "Sources/CFramesSHA", cSettings: dwarf4),
        // Decimal text to double by the C library's strtod_l in the "C"
        // locale, for the JSON and property-list readers: Embedded Swift
        // has no Double(String) (docs/decisions.md, "Embedded Swift").
        .target(name: "CFramesNumber", path: "Sources/CFramesNumber", cSettings: dwarf4),
        // Release builds check exclusive access at compile time only: the
        // dynamic checks (swift_beginAccess on every class property
        // mutation) were an eighth of a frame's load (docs/decisions.md).
        .target(
            name: "FramesCore",
            dependencies: ["CFramesSHA", "CFramesNumber"],
            path: "Sources/FramesCore",
            swiftSettings: releaseSettings
        ),
        .target(
            name: "FramesCABI",
            dependencies: ["FramesCore", "CFrames"],
            path: "Sources/FramesCABI",
            exclude: ["frames.map"],
            swiftSettings: releaseSettings,
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib",
                    "-Xlinker", "--version-script=\(versionScript)",
                    "-Xlinker", "-soname=libframes.so.1",
                    "-Xlinker", "-z", "-Xlinker", "defs",
                ]),
            ]
        ),
        .testTarget(name: "FramesCoreTests", dependencies: ["FramesCore", "CFrames", "CFramesNumber"], path: "Tests/FramesCoreTests"),
    ]
)
