import CNcurses
import GridKit

/// Puts a frame's pictures on the terminal, around the frame's text.
///
/// kitty: the placeholder cells are written like any text; before the frame, images not yet in
/// the terminal (or whose number now means another image) are sent once. sixel and iterm: the
/// terminal draws the picture at the cursor, over cells the frame believes blank, so after the
/// frame every picture that is new, moved, or had a cell rewritten under it is drawn again, and
/// the lines of a picture that left or moved are repainted whole so nothing stays behind.
@MainActor
final class ImageWriter {
    let mode: GraphicsMode
    let passthrough: Bool
    /// kitty: which image each number holds in the terminal.
    private var kittySent: [Int: Int] = [:]
    /// A picture where it stands: the same image in the same cells needs no redrawing.
    private struct Shown: Hashable { let image: Int; let rect: Rect }
    /// sixel/iterm: what is drawn on screen now.
    private var drawn = Set<Shown>()
    /// Lines repainted whole this frame (pictures on them are gone).
    private var repainted = Set<Int>()

    init(mode: GraphicsMode, passthrough: Bool) { self.mode = mode; self.passthrough = passthrough }

    private func write(_ bytes: [UInt8]) {
        let out = passthrough ? GraphicsDetector.wrapForTmux(bytes) : bytes
        _ = out.withUnsafeBufferPointer { gk_write_raw($0.baseAddress, $0.count) }
    }

    /// Before the frame's text; returns the rows to write again whole (a picture left them).
    func beforeFrame(_ canvas: Canvas, everything: Bool) -> [Range<Int>] {
        repainted.removeAll()
        var repaint: [Range<Int>] = []
        switch mode {
        case .blocks: break
        case .kitty:
            // A frame with no pictures (the photos were left): free what the terminal holds.
            if canvas.images.isEmpty { deleteAll(); break }
            for p in canvas.images where kittySent[p.kittyNumber] != p.image.id {
                write(KittyPlaceholders.transmit(p.image, number: p.kittyNumber, columns: p.rect.width, rows: p.rect.height))
                kittySent[p.kittyNumber] = p.image.id
            }
        case .sixel, .iterm:
            if everything { drawn.removeAll(); break }
            let now = Set(canvas.images.map { Shown(image: $0.image.id, rect: $0.rect) })
            for old in drawn where !now.contains(old) {
                repaint.append(old.rect.minY..<old.rect.maxY)
                for y in old.rect.minY..<old.rect.maxY { repainted.insert(y) }
            }
        }
        return repaint
    }

    /// After the frame's text: draws sixel and iterm pictures that need it. `changed` tells, per
    /// row, the span of columns the frame rewrote.
    func afterFrame(_ canvas: Canvas, changed: [Int: ClosedRange<Int>], everything: Bool) {
        guard mode == .sixel || mode == .iterm else { return }
        var now = Set<Shown>()
        for p in canvas.images {
            let shown = Shown(image: p.image.id, rect: p.rect)
            let damaged = everything || !drawn.contains(shown) || (p.rect.minY..<p.rect.maxY).contains { y in
                repainted.contains(y) || (changed[y].map { $0.overlaps(p.rect.minX...(p.rect.maxX - 1)) } ?? false)
            }
            if damaged {
                let picture = mode == .sixel ? p.image.payload(for: .sixel)
                                             : ITermImage.sequence(p.image, columns: p.rect.width, rows: p.rect.height)
                // Save and restore the cursor around it, so the writer's idea of where it is stays true.
                write(Array("\u{1B}7\u{1B}[\(p.rect.minY + 1);\(p.rect.minX + 1)H".utf8) + picture + Array("\u{1B}8".utf8))
            }
            now.insert(shown)
        }
        drawn = now
    }

    /// Frees every image sent to the terminal (kitty keeps them until told).
    func deleteAll() {
        guard mode == .kitty else { return }
        for number in kittySent.keys.sorted() { write(KittyPlaceholders.delete(number: number)) }
        kittySent.removeAll()
    }
}
