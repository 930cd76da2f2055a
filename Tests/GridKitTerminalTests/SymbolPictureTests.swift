import GridKit
import GridKitPresenting
import Testing

@testable import GridKitTerminal

/// Pictures drawn in finer block elements (`DrawContext.drawSymbols`) as the terminal backend
/// takes them: which symbols it allows (`SymbolDetector`), and what its writer sends for them.
@Suite struct SymbolPictureTests {
    @Test func theSettingForcesAndAutoFollowsTheTerminal() throws {
        #expect(try SymbolDetector.requested(nil) == nil && SymbolDetector.requested("auto") == nil)
        #expect(
            try SymbolDetector.requested("quadrant") == .quadrants && SymbolDetector.requested("half") == .halfBlocks)
        #expect(throws: TerminalError.self) { try SymbolDetector.requested("octant") }
        func decide(
            _ env: [String: String], _ forced: PictureSymbols? = nil, colors: ColorMode = .palette256,
            utf8: Bool = true, name: String? = nil
        ) -> PictureSymbols {
            SymbolDetector.decide(forced: forced, colorMode: colors, utf8: utf8, terminalName: name, environment: env)
        }
        #expect(decide(["TERM": "xterm-256color"]) == .quadrants)
        #expect(decide(["TERM": "xterm-kitty"]) == .sextants)
        #expect(decide(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]) == .sextants)
        #expect(decide(["TERM": "xterm-256color"], name: "wezterm") == .sextants)
        #expect(decide(["TERM": "xterm-256color"], name: "xterm") == .quadrants)
        // Inside tmux the outer terminal is not known; below 256 colours, and without UTF-8, half blocks.
        #expect(decide(["TERM": "tmux-256color", "TMUX": "/tmp/x,1,0", "KITTY_WINDOW_ID": "1"]) == .quadrants)
        #expect(decide(["TERM": "xterm-kitty"], colors: .ansi16) == .halfBlocks)
        #expect(decide(["TERM": "xterm-kitty"], .sextants, utf8: false) == .halfBlocks)
        #expect(
            decide(["TERM": "xterm-256color"], .sextants) == .sextants
                && decide(["TERM": "xterm-kitty"], .halfBlocks) == .halfBlocks)
    }

    /// A picture of diagonal edges and fine stripes in quadrants, in 256 colours: the cells'
    /// palette colours and symbols reach the screen as the canvas has them (half blocks may go
    /// out as the writer folds them), and preparing the cells changes none of them.
    @Test @MainActor func symbolCellsReachTheScreenAsDrawn() {
        let size = Size(width: 24, height: 8)
        let canvas = Canvas(size: size, colorMode: .palette256)
        var rgb: [UInt8] = []
        let w = size.width * 2, h = size.height * 6
        for y in 0..<h {
            for x in 0..<w {
                // A diagonal edge, vertical stripes one atom wide on its right, and a gradient.
                let light = x * 3 > y * 2 ? (x % 2 == 0 ? 230 : 30) : 40 + y * 3
                rgb += [UInt8(light), UInt8(min(255, x * 5)), UInt8(255 - light)]
            }
        }
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        context.drawSymbols(
            rgb: rgb, size: Size(width: w, height: h), at: .zero, matte: .palette(16), symbols: .quadrants)
        var block = CellBlock(copying: canvas)
        let before = block.cells
        HalfBlockPreparation.prepare(&block, with: HalfBlockChoice(tolerance: HalfBlockChoice.standardTolerance))
        #expect(block.cells == before)

        var writer = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: .palette256)) { _ in 1 }
        writer.begin(size: size, cleared: true)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, c in writer.put(c, x: x, y: y, in: canvas) }
        var screen = MiniTerminal(width: size.width, height: size.height)
        screen.feed(writer.finish(cursor: nil))
        #expect(screen.problems.isEmpty, "\(screen.problems)")
        var quadrants = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let cell = canvas[x, y], shown = screen.cells[y][x]
                guard case .palette(let fg) = cell.style.foreground.kind,
                    case .palette(let bg) = cell.style.background.kind
                else {
                    Issue.record("cell \(x),\(y) is not in palette colours: \(cell.style)")
                    continue
                }
                if cell.text == "▀" {
                    let halves = shown.halves
                    #expect(halves?.top == Int(fg) && halves?.bottom == Int(bg), "\(x),\(y): \(shown)")
                } else {
                    quadrants += 1
                    #expect(
                        shown.text == cell.text && shown.fg == Int(fg) && shown.bg == Int(bg),
                        "\(x),\(y): \(shown) for \(cell)")
                }
            }
        }
        // The stripes and the edge are drawn in vertical halves and quadrants, not only half blocks.
        #expect(quadrants > size.width * size.height / 4)
    }
}
