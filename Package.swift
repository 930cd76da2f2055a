// swift-tools-version:5.9
import PackageDescription

// Layers (imports point down only): griddemo → Demos → GridKitTerminal → CNcurses, and
// everything → GridKit (pure Swift). CImageCodecs is a leaf C shim used by the photo demo.
let package = Package(
    name: "GridKit",
    products: [
        .library(name: "GridKit", targets: ["GridKit"]),
        .library(name: "GridKitTerminal", targets: ["GridKitTerminal"]),
        .library(name: "GridKitTesting", targets: ["GridKitTesting"]),
        .executable(name: "griddemo", targets: ["griddemo"]),
    ],
    targets: [
        .target(
            name: "CNcurses",
            linkerSettings: [.linkedLibrary("ncursesw"), .linkedLibrary("tinfo")]
        ),
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("m")]
        ),
        .target(name: "GridKit"),
        .target(name: "GridKitTerminal", dependencies: ["GridKit", "CNcurses"]),
        .target(name: "GridKitTesting", dependencies: ["GridKit"]),
        .target(name: "Demos", dependencies: ["GridKit", "GridKitTerminal", "CImageCodecs"]),
        .executableTarget(name: "griddemo", dependencies: ["Demos", "GridKitTerminal"]),
        .executableTarget(name: "gridbench", dependencies: ["Demos", "GridKit", "GridKitTesting"]),
        .executableTarget(name: "minigrid", dependencies: ["GridKit", "Demos"], path: "Examples/MiniGrid"),
        .testTarget(name: "GridKitTests", dependencies: ["GridKit", "GridKitTesting"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "DemosTests", dependencies: ["Demos", "GridKit", "GridKitTesting", "CImageCodecs"],
                    exclude: ["Snapshots", "Fixtures"]),
        .testTarget(name: "GridKitTerminalTests", dependencies: ["GridKitTerminal", "GridKit"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ]
)
