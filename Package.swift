// swift-tools-version:6.0
import PackageDescription

// Layers (imports point down only):
//   griddemo (command line) → Demos (the demo screens) → GridKit
//   griddemo → GridKitTerminal (the ncurses host) → CNcurses, CMainQueue, GridKitGraphics, GridKitPresenting, GridKit
//   GridKitPresenting (what hosts share to present a canvas: FrameDiff, the one taker of the
//   canvas's damage record; the package's own host seam, not a product) → GridKit
//   GridKitGraphics (picture encoders: sixel, kitty, PNG, zlib; the terminal's own, not a
//   product) → CZlib, GridKit
//   GridKitTesting (headless host, harnesses, snapshots) → GridKitPresenting, GridKit
// GridKit is pure Swift: geometry, drawing, layout, GridView and the screen layer. CImageCodecs is
// a leaf C shim over libpng and libjpeg used by the photo demo, which also takes CZlib's checksum.
let package = Package(
    name: "GridKit",
    products: [
        .library(name: "GridKit", targets: ["GridKit"]),
        .library(name: "GridKitTerminal", targets: ["GridKitTerminal"]),
        .library(name: "GridKitTesting", targets: ["GridKitTesting"]),
        .executable(name: "griddemo", targets: ["griddemo"])
    ],
    targets: [
        .target(
            name: "CNcurses",
            linkerSettings: [.linkedLibrary("ncursesw"), .linkedLibrary("tinfo")]
        ),
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("z"), .linkedLibrary("m")]
        ),
        // zlib alone (not the image shim, which brings libpng and libjpeg): what a terminal
        // library needs to compress pictures, and no more.
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
        // libdispatch's hooks for serving the main queue (the main actor) from a poll loop.
        .target(name: "CMainQueue"),
        .target(name: "GridKit"),
        .target(name: "GridKitGraphics", dependencies: ["GridKit", "CZlib"]),
        .target(name: "GridKitPresenting", dependencies: ["GridKit"]),
        .target(
            name: "GridKitTerminal",
            dependencies: ["GridKit", "GridKitPresenting", "GridKitGraphics", "CNcurses", "CMainQueue"]),
        .target(name: "GridKitTesting", dependencies: ["GridKit", "GridKitPresenting"]),
        .target(name: "Demos", dependencies: ["GridKit", "CImageCodecs", "CZlib"]),
        // Its manual, README.md, sits beside it.
        .executableTarget(
            name: "griddemo", dependencies: ["Demos", "GridKit", "GridKitTerminal"], exclude: ["README.md"]),
        .executableTarget(
            name: "gridbench",
            dependencies: [
                "Demos", "GridKit", "GridKitGraphics", "GridKitPresenting", "GridKitTerminal", "GridKitTesting"
            ]),
        // What the test targets share: waiting for a condition with a deadline (Tests/TestSupport).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "GridKitTests", dependencies: ["GridKit", "GridKitPresenting", "GridKitTesting", "TestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "DemosTests",
            dependencies: [
                "Demos", "GridKit", "GridKitGraphics", "GridKitTerminal", "GridKitTesting", "CImageCodecs",
                "TestSupport"
            ],
            exclude: ["Snapshots", "Fixtures"]),
        .testTarget(
            name: "GridDemoTests", dependencies: ["griddemo", "Demos", "GridKit", "GridKitTesting"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "GridKitTerminalTests",
            dependencies: ["GridKitTerminal", "GridKitGraphics", "GridKitPresenting", "GridKit", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["TestSupport"],
            exclude: ["Support/ptycapture.py", "Support/realterm.py", "Support/edgephoto.py"])
    ]
)
