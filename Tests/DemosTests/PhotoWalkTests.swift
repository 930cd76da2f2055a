import Foundation
import GridKit
import GridKitTesting
import Synchronization
import TestSupport
import Testing

@testable import Demos

/// The folder walk runs while the grid shows: folders join it as they are found, and the focus
/// stays where the user put it.
@Suite struct PhotoWalkTests {
    /// In Albums each folder's row goes in before "All photos", which grows with it.
    @MainActor
    @Test(arguments: [PhotosView.grid, .albums])
    func foldersArriveWhileTheGridShowsAndTheFocusStays(view: PhotosView) throws {
        let root = NSTemporaryDirectory() + "gridkit-walk-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let png = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/images/rgb.png"
        ).path
        for f in 0..<30 {
            let folder = root + String(format: "/a-%02d", f)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for i in 0..<3 { try FileManager.default.copyItem(atPath: png, toPath: folder + "/p\(i).png") }
        }
        // The real walk, held after its first report until the user has moved the focus. A hold
        // that ran out is noted here and fails the test on its own thread (the walk's is not it).
        let moved = DispatchSemaphore(value: 0), heldTooLong = Mutex(false)
        let screen = PhotosScreen(paths: [RawPath(root)], view: view) { paths, _, report in
            var reports = 0
            PhotoLibrary.scan(paths, every: .zero) { found in
                reports += 1
                if reports == 2, moved.wait(timeout: .now() + 30) == .timedOut { heldTooLong.withLock { $0 = true } }
                return report(found)
            }
        }
        let host = HeadlessHost(size: Size(width: 80, height: 24), events: [.key(.character("z"))])
        var titles: [String] = [], focused: [String?] = []
        var shape: (sections: Int, all: Int, focus: GridKit.IndexPath?) = (0, 0, nil)
        let controller = ScreenController(host: host)
        host.afterPresent = {
            if let grid = controller.gridView {
                let n = grid.layout.numberOfSections
                shape = (n, grid.layout.numberOfItems(inSection: n - 1), grid.focusedIndexPath)
            }
            if let line = host.lastFrame?.text.split(separator: "\n").first { titles.append(String(line)) }
            focused.append(screen.focusedName)
        }
        host.afterEachEvent = { event in
            if event == .key(.right) { moved.signal() }
            guard event == .key(.character("z")) else { return }
            // The first folder comes at once; the key is handled once it is shown.
            waitUntil("the first folder in the mailbox") { host.mailbox.hasWork }
            host.enqueue([.key(.right)])
        }
        host.waitForWork = { mailbox in
            waitUntil("the walk's next folders in the mailbox, or its end") { mailbox.hasWork || !screen.isScanning }
            return mailbox.hasWork
        }
        controller.run(screen)
        #expect(!heldTooLong.withLock { $0 }, "the walk waited 30 s for the focus to move, then went on without it")
        #expect(host.firstFrame?.text.contains("Looking for photos…") == true)
        #expect(
            titles.contains { $0.contains("Photos · 3 · looking…") },
            "the first folder shown while the walk went on: \(titles)")
        let last = try #require(host.lastFrame).text
        #expect(last.contains("Photos · 90") && !last.contains("looking"), "\(last)")
        #expect(focused.last == "p1.png", "the focus stayed on the photo the user moved to: \(focused)")
        if view == .albums {
            #expect(shape.sections == 31 && shape.all == 90, "30 rows, then all photos: \(shape)")
            #expect(shape.focus == GridKit.IndexPath(item: 1, section: 0))
        }
    }

    /// In Albums the folders' rows go in above "All photos": with the focus down in All photos,
    /// the focused tile stays on its screen row while rows arrive above it.
    @MainActor
    @Test func theFocusedTileStaysOnItsRowWhileAlbumsArriveAbove() throws {
        let png = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/images/rgb.png"
        ).path
        let folder: @Sendable (Int) -> (folder: String, items: [PhotoItem]) = { k in
            ("f\(k)", (0..<30).map { PhotoItem(name: "f\(k)-\($0).png", folder: "f\(k)", source: .file(RawPath(png))) })
        }
        let go = DispatchSemaphore(value: 0), heldTooLong = Mutex(false)
        let screen = PhotosScreen(paths: [RawPath("/unused")], view: .albums) { _, _, report in
            _ = report(PhotoLibrary.Found(sections: (0..<4).map(folder), skipped: []))
            if go.wait(timeout: .now() + 30) == .timedOut { heldTooLong.withLock { $0 = true } }
            for k in 4..<10 { _ = report(PhotoLibrary.Found(sections: [folder(k)], skipped: [])) }
        }
        // Once the first folders show: to the end of All photos, two rows up, then the walk goes on.
        let host = HeadlessHost(
            size: Size(width: 100, height: 40),
            events: [.key(.character("z")), .key(.end), .key(.up), .key(.up), .key(.character("y"))])
        let controller = ScreenController(host: host)
        func focus() -> (name: String?, row: Int, sections: Int)? {
            guard let grid = controller.gridView, let f = grid.focusedIndexPath,
                let frame = grid.layout.layoutAttributesForItem(at: f)?.frame
            else { return nil }
            return (screen.focusedName, frame.minY - grid.contentOffset.y, grid.layout.numberOfSections)
        }
        var before: (name: String?, row: Int, sections: Int)?
        var seen: [(name: String?, row: Int, sections: Int)] = []
        host.afterPresent = { if before != nil, let now = focus() { seen.append(now) } }
        host.afterEachEvent = { event in
            if event == .key(.character("z")) { waitUntil("the first folders in the mailbox") { host.mailbox.hasWork } }
            if event == .key(.character("y")) {
                before = focus()
                go.signal()
            }
        }
        host.waitForWork = { mailbox in
            waitUntil("the walk's next folders in the mailbox, or its end") { mailbox.hasWork || !screen.isScanning }
            return mailbox.hasWork
        }
        controller.run(screen)
        #expect(!heldTooLong.withLock { $0 }, "the walk waited 30 s for the focus to be noted, then went on without it")
        let start = try #require(before)
        #expect(
            start.sections == 5 && start.name?.hasPrefix("f3-") == true,
            "four rows and All photos, the focus on the last folder's photos: \(start)")
        #expect(seen.last?.sections == 11, "ten rows, then All photos: \(seen)")
        for s in seen { #expect(s.name == start.name && s.row == start.row, "from \(start): \(seen)") }
    }

    /// Quitting during the walk does not wait for it: the screen goes at once, and the walk
    /// hears at its next folder that it is to stop.
    @MainActor
    @Test func quittingDuringTheWalkStopsIt() throws {
        let quit = DispatchSemaphore(value: 0), answered = DispatchSemaphore(value: 0)
        let afterQuit = Mutex<Bool?>(nil), heldTooLong = Mutex(false)
        let screen = PhotosScreen(paths: ["/nonexistent-but-never-walked"]) { _, _, report in
            if quit.wait(timeout: .now() + 30) == .timedOut { heldTooLong.withLock { $0 = true } }
            let more = report(PhotoLibrary.Found(sections: [("later", [])], skipped: []))
            afterQuit.withLock { $0 = more }
            answered.signal()
        }
        let host = HeadlessHost(size: Size(width: 80, height: 24), events: [.key(.character("q"))])
        let start = Date()
        ScreenController(host: host, quitsWhenRootPops: true).run(screen)
        #expect(Date().timeIntervalSince(start) < 5, "the run ended without waiting for the walk")
        quit.signal()
        #expect(answered.wait(timeout: .now() + 30) == .success, "the walk reported within 30 s of the quit")
        #expect(!heldTooLong.withLock { $0 }, "the walk waited 30 s for the quit, then went on without it")
        #expect(afterQuit.withLock { $0 } == false, "the walk was told to stop")
    }
}

/// Folders are named from the folder given down, as a file manager names them.
@Suite struct FolderNameTests {
    @Test func foldersAreNamedFromTheFolderGivenDown() {
        func name(_ folder: String, _ root: String) -> String {
            PhotoLibrary.shownName(of: RawPath(folder), under: RawPath(root))
        }
        #expect(name("/home/u/Pictures", "/home/u/Pictures") == "Pictures")
        #expect(name("/home/u/Pictures/2023/Trip", "/home/u/Pictures") == "Pictures/2023/Trip")
        #expect(name("./2023", ".") == "./2023", "a folder given without a name keeps the path as given")
        #expect(name(".", ".") == ".")
        #expect(name("../x", "..") == "../x")
        #expect(name("/usr", "/") == "/usr")
        #expect(name("/", "/") == "/")
        #expect(name("photos/a", "photos") == "photos/a")
        // A name that is not UTF-8 is shown escaped, as elsewhere.
        let odd = RawPath(bytes: Array("/p/caf".utf8) + [0xE9])
        #expect(
            PhotoLibrary.shownName(of: odd.appending(RawPath("x")), under: odd)
                == odd.lastComponent.appending(RawPath("x")).description)
    }
}
