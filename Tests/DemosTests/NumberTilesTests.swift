import GridKit
import GridKitTesting
import Testing

@testable import Demos

/// The numbers grid as a user reads it in any number of colours (helper-23's pass in an
/// 8-colour xterm): the focus and a selection are marked, not only coloured, and a number on a
/// dark tile is light.
@MainActor @Suite struct NumberTilesTests {
    let harness = ScreenHarness(size: Size(width: 60, height: 20))

    /// Row 3 of the first row of tiles (title, section header, inset): where the markers are.
    func markers(_ run: ScreenRun) -> String { run.row(3) }

    /// Enter marks the focused tile (•) at once, beside its ▶; moving on leaves the • on it.
    @Test func aSelectedTileIsMarkedAlsoUnderTheFocus() {
        let run = harness.run(NumbersScreen(count: 100, arrangement: .grid), keys: "right, enter")
        #expect(run.selectedIndexPaths == [IndexPath(item: 1, section: 0)])
        let row = Array(markers(run))
        // The second tile spans columns 14 to 25 (inset 1, tiles 12 wide, a gap of at least 1).
        #expect(row.filter { $0 == "▶" }.count == 1 && row.filter { $0 == "•" }.count == 1, "\(String(row))")
        let moved = harness.run(NumbersScreen(count: 100, arrangement: .grid), keys: "right, enter, right")
        #expect(
            Array(markers(moved)).filter { $0 == "•" }.count == 1, "the • stays on the selected tile: \(moved.row(3))")
    }

    /// On a dark tile (blue, purple) the number is light; on a light one, black.
    @Test func numbersOnDarkTilesAreLight() throws {
        let run = harness.run(NumbersScreen(count: 100, arrangement: .grid), keys: "")
        var dark = 0, light = 0
        for y in 0..<run.frame.size.height {
            for x in 0..<run.frame.size.width {
                let cell = run.frame[x, y]
                guard cell.text.first?.isNumber == true, case .rgb = cell.style.background.kind else { continue }
                if Palette.isDark(cell.style.background) {
                    #expect(cell.style.foreground == .ansi(15), "a number at \(x),\(y) on a dark tile")
                    dark += 1
                } else {
                    #expect(cell.style.foreground == .black, "a number at \(x),\(y) on a light tile")
                    light += 1
                }
            }
        }
        #expect(dark > 0 && light > 0, "both kinds of tile on screen: \(dark) dark, \(light) light digits")
        #expect(
            Palette.isDark(.rgb(84, 84, 209)) && !Palette.isDark(.rgb(209, 209, 84)),
            "the blue tile dark, the yellow light")
    }

    /// The list's markers are blue on a light terminal, where cyan on white is hard to read.
    @Test func listMarkersFollowTheBackground() {
        for (tone, colour) in [(BackgroundTone.dark, Color.cyan), (.light, .blue)] {
            let host = HeadlessHost(size: Size(width: 40, height: 10), events: InputEvent.script("down"))
            host.backgroundTone = tone
            ScreenController(host: host).run(NumbersScreen(count: 50, arrangement: .list))
            guard let frame = host.lastFrame else {
                Issue.record("no frame")
                return
            }
            let marker = (0..<10).lazy.compactMap { y in (0..<40).lazy.map { frame[$0, y] }.first { $0.text == "▶" } }
                .first
            #expect(marker?.style.foreground == colour, "\(tone): \(String(describing: marker?.style))")
        }
    }

    /// The hint line says what q does: quit where Numbers is the first screen, go back where
    /// it was opened from another; and `?` is offered.
    @Test func theHintSaysWhatQDoes() {
        let root = harness.run(NumbersScreen(count: 100, arrangement: .grid), keys: "")
        let hints = root.row(19)
        #expect(hints.contains("q quit") && hints.contains("? keys"), "\(hints)")
        let home = HomeScreen(entries: [
            .init(name: "Numbers", summary: "", make: { NumbersScreen(count: 100, arrangement: .grid) })
        ])
        let opened = harness.run(home, keys: "enter")
        #expect(opened.row(0).contains("Numbers"), "\(opened.row(0))")
        #expect(opened.row(19).contains("Esc back") && !opened.row(19).contains("q quit"), "\(opened.row(19))")
    }
}
