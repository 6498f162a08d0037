// swift-tools-version:6.0
import PackageDescription

// libframes.so: FramesCore (pure Swift) behind FramesCABI (the @_cdecl shims),
// with the Swift runtime linked in statically so the library loads in a
// process that has no Swift toolchain, exporting only frames_* (frames.map).
let versionScript = Context.packageDirectory + "/Sources/FramesCABI/frames.map"

let package = Package(
    name: "libframes",
    products: [
        .library(name: "frames", type: .dynamic, targets: ["FramesCABI"]),
    ],
    targets: [
        .systemLibrary(name: "CFrames", path: "Sources/CFrames"),
        .target(name: "FramesCore", path: "Sources/FramesCore"),
        .target(
            name: "FramesCABI",
            dependencies: ["FramesCore", "CFrames"],
            path: "Sources/FramesCABI",
            exclude: ["frames.map"],
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib",
                    "-Xlinker", "--version-script=\(versionScript)",
                    "-Xlinker", "-soname=libframes.so.1",
                    "-Xlinker", "-z", "-Xlinker", "defs",
                ]),
            ]
        ),
        .testTarget(name: "FramesCoreTests", dependencies: ["FramesCore", "CFrames"], path: "Tests/FramesCoreTests"),
    ]
)
