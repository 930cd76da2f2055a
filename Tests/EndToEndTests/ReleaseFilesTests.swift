import Foundation
import Testing

/// What makes the package one people may depend on: a licence, and a changelog whose top entry
/// is the version the built program reports.
@Suite struct ReleaseFilesTests {
    static func file(_ name: String) throws -> String {
        try String(contentsOf: FruitGridExampleTests.root.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theChangelogsTopEntryIsTheVersionGriddemoReports() throws {
        let changelog = try Self.file("CHANGELOG.md")
        // The first "## [x.y.z] - date" heading (an "[Unreleased]" one may come before it).
        let top = try #require(
            changelog.firstMatch(of: /\n## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}\n/), "no version entry")
        let result = try spawnAndWait([try griddemo(), "--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "griddemo \(top.1)\n")
        #expect(top.1.hasPrefix("0."), "0.x until the API is settled")
    }

    @Test func theLicenceIsApacheTwo() throws {
        let licence = try Self.file("LICENSE")
        #expect(licence.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"), "the whole text, not a pointer to it")
    }
}
