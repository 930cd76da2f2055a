// swift-tools-version:6.0
import PackageDescription

// The README's "Build your own grid" program as a package of its own, built the way a user's
// package would be: it depends on GridKit by path and uses only its library products.
let package = Package(
    name: "FruitGrid",
    dependencies: [.package(name: "GridKit", path: "../..")],
    targets: [
        .executableTarget(name: "FruitGrid", dependencies: [
            .product(name: "GridKit", package: "GridKit"),
            .product(name: "GridKitTerminal", package: "GridKit"),
        ]),
        // Swift concurrency on the screen's loop: a Task with Task.sleep, an AsyncStream, MainActor.run.
        .executableTarget(name: "Ticker", dependencies: [
            .product(name: "GridKit", package: "GridKit"),
            .product(name: "GridKitTerminal", package: "GridKit"),
        ]),
        // The README's other promises, checked from outside with the GridKit product (and
        // GridKitTesting to drive a whole screen); `APICheck emoji` and `APICheck reorder` run
        // screens of Apple's "Implementing Modern Collection Views" in the terminal.
        .executableTarget(name: "APICheck", dependencies: [
            .product(name: "GridKit", package: "GridKit"),
            .product(name: "GridKitTerminal", package: "GridKit"),
            .product(name: "GridKitTesting", package: "GridKit"),
        ]),
    ]
)
