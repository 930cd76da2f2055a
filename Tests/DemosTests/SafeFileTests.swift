import Foundation
import Testing

@testable import Demos

/// A temporary folder with the odd files a real folder can hold.
final class HostileFolder {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "gridkit-hostile-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(mkfifo(path + "/p.jpg", 0o600) == 0)
        #expect(mkfifo(path + "/p.vcf", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: path + "/zero.jpg", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: path + "/zero.vcf", withDestinationPath: "/dev/zero")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n".utf8)
            .write(to: URL(fileURLWithPath: path + "/ada.vcf"))
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct SafeFileTests {
    @Test func readsARegularFileWhole() throws {
        let folder = try HostileFolder()
        let bytes = try SafeFile.read(RawPath(folder.path + "/ada.vcf"), limit: 1 << 20)
        #expect(String(decoding: bytes, as: UTF8.self).contains("FN:Ada Lovelace"))
    }

    @Test func aFifoIsRefusedAtOnceInsteadOfWaitingForAWriter() throws {
        let folder = try HostileFolder()
        let start = Date()
        #expect(throws: FileReadError(message: "not a regular file (a FIFO)")) {
            try SafeFile.read(RawPath(folder.path + "/p.jpg"), limit: 1 << 20)
        }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func aSymlinkToDevZeroIsADeviceNotEndlessZeros() throws {
        let folder = try HostileFolder()
        #expect(throws: FileReadError(message: "not a regular file (a character device)")) {
            try SafeFile.read(RawPath(folder.path + "/zero.jpg"), limit: SafeFile.imageLimit)
        }
        #expect(SafeFile.problem(with: RawPath(folder.path + "/zero.vcf")) == "not a regular file (a character device)")
    }

    @Test func tooLargeMissingAndFoldersSayWhy() throws {
        let folder = try HostileFolder()
        try Data(repeating: 7, count: 3 << 20).write(to: URL(fileURLWithPath: folder.path + "/big.jpg"))
        #expect(throws: FileReadError(message: "too large (3 MB, the limit is 2 MB)")) {
            try SafeFile.read(RawPath(folder.path + "/big.jpg"), limit: 2 << 20)
        }
        #expect(throws: FileReadError(message: "no such file or directory")) {
            try SafeFile.read(RawPath(folder.path + "/missing.jpg"), limit: 10)
        }
        #expect(throws: FileReadError(message: "not a regular file (a directory)")) {
            try SafeFile.read(RawPath(folder.path), limit: 10)
        }
        #expect(SafeFile.problem(with: RawPath(folder.path + "/missing")) == "no such file or directory")
        #expect(SafeFile.problem(with: RawPath(folder.path)) == nil)
    }

    @Test func photoScanListsOddFilesAsSkippedWithTheirReason() throws {
        let folder = try HostileFolder()
        try FileManager.default.copyItem(atPath: fixture("images/rgb.png"), toPath: folder.path + "/good.png")
        let library = PhotoLibrary.scan([RawPath(folder.path)])
        #expect(library.count == 1)
        #expect(library.skipped.contains("\(folder.path)/p.jpg: not a regular file (a FIFO)"))
        #expect(library.skipped.contains("\(folder.path)/zero.jpg: not a regular file (a character device)"))
        let thumb = ThumbnailLoader.load(
            PhotoItem(name: "p.jpg", folder: folder.path, source: .file(RawPath(folder.path + "/p.jpg"))), columns: 8,
            rows: 4)
        if case .failure(let message) = thumb {
            #expect(message == "not a regular file (a FIFO)")
        } else {
            Issue.record("a FIFO decoded")
        }
    }

    @Test func contactsFromAFolderSkipOddFilesAndKeepTheRest() throws {
        let folder = try HostileFolder()
        let loaded = ContactSources.load(paths: [RawPath(folder.path)])
        #expect(loaded.contacts.map(\.formattedName) == ["Ada Lovelace"])
        #expect(loaded.problems.contains("\(folder.path)/p.vcf: not a regular file (a FIFO)"))
        #expect(loaded.problems.contains("\(folder.path)/zero.vcf: not a regular file (a character device)"))
    }
}

func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}
