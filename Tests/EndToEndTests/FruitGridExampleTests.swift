import Foundation
import Testing

/// The README's "Build your own grid" program is `Examples/FruitGrid`, a package of its own that
/// depends on GridKit by path through its library products only. These tests keep the README and
/// that file identical and drive the built program, so the public API is proven from outside.
@Suite struct FruitGridExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first ```swift block after the "## Build your own grid" heading.
    static func readmeProgram() throws -> String {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Build your own grid"))
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```swift\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```\n"))
        return String(rest[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test func readmeProgramIsTheExampleCharacterForCharacter() throws {
        let file = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/FruitGrid/Sources/FruitGrid/main.swift"),
            encoding: .utf8)
        let program = try Self.readmeProgram()
        #expect(
            program.contains("ScreenController(host: terminal, quitsWhenRootPops: true).run(Fruits())"),
            "the README block was found")
        #expect(program == file, "README.md's program and Examples/FruitGrid/Sources/FruitGrid/main.swift differ")
    }

    @Test func exampleUsesOnlyLibraryProducts() throws {
        let manifest = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/FruitGrid/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(name: "GridKit", path: "../..")"#))
        let products = manifest.matches(of: /\.product\(name: "(\w+)"/).map { String($0.1) }
        #expect(Set(products).isSubset(of: ["GridKit", "GridKitTerminal", "GridKitTesting"]) && !products.isEmpty)
        #expect(!(try Self.readmeProgram()).contains("import Demos"))
    }

    /// The Layouts article's examples are marked parts of `APICheck`, which runs them (and the
    /// other promises) from outside with the GridKit product alone.
    @Test func apiCheckPassesAndTheCatalogsExamplesAreItsCode() throws {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/FruitGrid/Sources/APICheck/main.swift"),
            encoding: .utf8)
        let layouts = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/GridKit/GridKit.docc/Layouts.md"), encoding: .utf8)
        for name in ["compositional", "sideways", "list"] {
            let start = try #require(source.range(of: "    // README: \(name)\n"))
            let end = try #require(source[start.upperBound...].range(of: "    // README end\n"))
            let snippet = source[start.upperBound..<end.lowerBound].split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
            #expect(layouts.contains("```swift\n" + snippet), "the DocC catalog's \(name) example and APICheck differ")
        }
        // The catalog's Controls example is APICheck's app screen, which it drives.
        let apps = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/FruitGrid/Sources/APICheck/Apps.swift"),
            encoding: .utf8)
        let controls = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/GridKit/GridKit.docc/Controls.md"), encoding: .utf8)
        let start = try #require(apps.range(of: "// Controls: screen\n"))
        let end = try #require(apps[start.upperBound...].range(of: "// Controls end\n"))
        #expect(
            controls.contains("```swift\n" + apps[start.upperBound..<end.lowerBound] + "```"),
            "Controls.md's example and APICheck differ")
        let result = try spawnAndWait([try binary("APICheck", env: "APICHECK")])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
    }

    /// Sizes implemented where they were before they moved to `GridDelegateFlowLayout` stop the
    /// program with a message naming the move, instead of being ignored.
    @Test func sizingOnAPlainGridDelegateFailsLoudly() throws {
        let result = try spawnAndWait([try binary("APICheck", env: "APICHECK"), "--misplaced-sizing"])
        #expect(
            result.status != 0 && result.status != 1, "stopped by GridKit, not by APICheck's own exit: \(result.status)"
        )
        #expect(
            result.stderr.contains(
                "MisplacedSizingRows implements gridView(_:layout:sizeForItemAt:) but adopts only GridDelegate"),
            "\(result.stderr)")
        #expect(result.stderr.contains("sizes moved to GridDelegateFlowLayout"))
        #expect(!result.stdout.contains("not reported"))
    }

    @Test func exampleShowsItsGridMovesAndQuits() throws {
        let t = try Tmux([try binary("FruitGrid", env: "FRUITGRID")], width: 60, height: 16)
        defer { t.close() }
        let first = try t.waitUntil("the fruits drawn") { $0.contains("Fruits") && $0.contains("banana") }
        #expect(first.contains("apple") && first.contains("banana"))
        t.send("End")
        try t.waitFor("huckleberry")
        t.send("?")
        try t.waitFor("Keys · Fruits")
        t.send("Escape")
        try t.waitFor("huckleberry")
        t.send("q")
        try t.waitFor("EXITED 0")
        #expect(t.format("#{alternate_on}") == "0")
    }
}
