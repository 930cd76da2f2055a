// swift-tools-version:6.0
import PackageDescription

// Layers (imports point down only):
//   griddemo (command line) → Demos (the demo screens) → GridKit
//   griddemo → GridKitTerminal (the ncurses host) → CNcurses, GridKit
//   GridKitTesting (headless host, harnesses, snapshots) → GridKit
// GridKit is pure Swift: geometry, drawing, layout, GridView and the screen layer. CImageCodecs is
// a leaf C shim over libpng and libjpeg used by the photo demo.
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
        .target(name: "Demos", dependencies: ["GridKit", "CImageCodecs"]),
        .executableTarget(name: "griddemo", dependencies: ["Demos", "GridKit", "GridKitTerminal"]),
        .executableTarget(name: "gridbench", dependencies: ["Demos", "GridKit", "GridKitTesting"]),
        .testTarget(name: "GridKitTests", dependencies: ["GridKit", "GridKitTesting"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "DemosTests", dependencies: ["Demos", "GridKit", "GridKitTesting", "CImageCodecs"],
                    exclude: ["Snapshots", "Fixtures"]),
        .testTarget(name: "GridDemoTests", dependencies: ["griddemo", "Demos", "GridKit", "GridKitTesting"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "GridKitTerminalTests", dependencies: ["GridKitTerminal", "GridKit"]),
        .testTarget(name: "EndToEndTests", dependencies: [], exclude: ["Support/ptycapture.py"]),
    ]
)
