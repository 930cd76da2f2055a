import GridKit
import GridKitTerminal

/// A small terminal: the sequences `TerminalCapabilities.ansi` produces, applied to a grid of
/// cells, so what the writer sends can be compared with the canvas it was meant to show.
struct MiniTerminal {
    struct Cell: Equatable {
        var text = " "; var fg = -1, bg = -1; var attributes = TextAttributes()
        /// What shows: a plain space has no visible foreground colour.
        var visible: Cell {
            text == " " && attributes.isEmpty ? Cell(text: text, fg: -1, bg: bg, attributes: attributes) : self
        }
        /// The colours shown in the top and bottom halves, for the ways a picture cell is
        /// written (half blocks, a full block, a space); nil for any other character.
        var halves: (top: Int, bottom: Int)? {
            switch text {
            case "▀": (fg, bg)
            case "▄": (bg, fg)
            case "█": (fg, fg)
            case " ": (bg, bg)
            default: nil
            }
        }
    }
    let width: Int, height: Int
    var cells: [[Cell]]
    var x = 0, y = 0, top = 0, bottom: Int
    var pen = Cell()
    var problems: [String] = []

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
        bottom = height - 1
    }

    static func wide(_ v: UInt32) -> Bool { (0x4E00...0x9FFF).contains(v) }

    /// What each cell shows as a picture cell (its halves' colours), row by row; empty for others.
    var pictureHalves: [[[Int]]] { cells.map { row in row.map { $0.halves.map { [$0.top, $0.bottom] } ?? [] } } }

    mutating func feed(_ bytes: [UInt8]) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "\u{1B}" {
                guard i + 1 < scalars.count, scalars[i + 1] == "[" else {
                    problems.append("ESC not CSI"); i += 1; continue
                }
                var j = i + 2, params = ""
                while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) {
                    params.unicodeScalars.append(scalars[j]); j += 1
                }
                csr(params, scalars[j])
                i = j + 1
                continue
            }
            if s == "\u{8}" || s == "\r" {
                // Backspace (at the first column, nowhere) and carriage return.
                x = s == "\r" ? 0 : max(0, x - 1)
                i += 1
                continue
            }
            if s.value < 0x20 { problems.append("control \(s.value)"); i += 1; continue }
            guard x < width else { problems.append("wrote past the last column at \(x),\(y)"); i += 1; continue }
            var cell = pen
            cell.text = String(s)
            // Combining marks join the cell before them.
            while i + 1 < scalars.count, scalars[i + 1].properties.generalCategory == .nonspacingMark {
                cell.text.unicodeScalars.append(scalars[i + 1]); i += 1
            }
            cells[y][x] = cell
            if Self.wide(s.value), x + 1 < width { var right = pen; right.text = ""; cells[y][x + 1] = right; x += 1 }
            x += 1
            i += 1
        }
    }

    private mutating func csr(_ p: String, _ final: Unicode.Scalar) {
        let n = p.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case "H": y = max(1, n.first ?? 1) - 1; x = max(1, n.count > 1 ? n[1] : 1) - 1
        case "G": x = max(1, n.first ?? 1) - 1
        case "C": x = min(width - 1, x + max(1, n.first ?? 1))
        case "D": x = max(0, x - max(1, n.first ?? 1))
        case "A": y = max(0, y - max(1, n.first ?? 1)) // (the writer never leaves the scroll region set)
        case "B": y = min(height - 1, y + max(1, n.first ?? 1))
        case "K": for c in x..<width { cells[y][c] = Cell(bg: pen.bg) } // bce
        // bce, cursor stays
        case "X": for c in x..<min(width, x + max(1, n.first ?? 1)) { cells[y][c] = Cell(bg: pen.bg) }
        case "P", "@":
            // Characters deleted (the rest moving left, blanks in at the end) or blanks inserted
            // (the end falling off); the cursor stays. A wide character split in two is cleared
            // whole, as xterm does: the harshest of what terminals do.
            let k = min(max(1, n.first ?? 1), width - x)
            let blanks = Array(repeating: Cell(bg: pen.bg), count: k)
            if final == "P" {
                cells[y].removeSubrange(x..<(x + k)); cells[y].append(contentsOf: blanks)
            } else {
                cells[y].insert(contentsOf: blanks, at: x); cells[y].removeLast(k)
            }
            for c in 0..<width {
                let isWide = cells[y][c].text.unicodeScalars.first.map { Self.wide($0.value) } ?? false
                if cells[y][c].text.isEmpty,
                    c == 0 || !(cells[y][c - 1].text.unicodeScalars.first.map { Self.wide($0.value) } ?? false)
                {
                    cells[y][c] = Cell()
                } else if isWide, c + 1 == width || !cells[y][c + 1].text.isEmpty {
                    cells[y][c] = Cell()
                }
            }
        case "r": top = (n.first ?? 1) - 1; bottom = (n.count > 1 ? n[1] : height) - 1; x = 0; y = 0
        case "S", "T":
            for _ in 0..<max(1, n.first ?? 1) {
                if final == "S" {
                    cells.remove(at: top); cells.insert(blankRow, at: bottom)
                } else {
                    cells.remove(at: bottom); cells.insert(blankRow, at: top)
                }
            }
        case "m":
            var k = 0
            while k < n.count {
                switch n[k] {
                case 0: pen = Cell()
                case 1: pen.attributes.insert(.bold)
                case 2: pen.attributes.insert(.dim)
                case 3: pen.attributes.insert(.italic)
                case 4: pen.attributes.insert(.underline)
                case 7: pen.attributes.insert(.reverse)
                case 30...37: pen.fg = n[k] - 30
                case 90...97: pen.fg = n[k] - 82
                case 40...47: pen.bg = n[k] - 40
                case 100...107: pen.bg = n[k] - 92
                case 39: pen.fg = -1
                case 49: pen.bg = -1
                case 38, 48:
                    // `38;5;n`, or `38;2;r;g;b` as `ColorMapper` numbers a direct colour.
                    let direct = k + 1 < n.count && n[k + 1] == 2
                    guard k + (direct ? 4 : 2) < n.count else {
                        problems.append("SGR \(n[k]) cut short"); k = n.count; continue
                    }
                    let c = direct ? ColorMapper.directFlag | n[k + 2] << 16 | n[k + 3] << 8 | n[k + 4] : n[k + 2]
                    if n[k] == 38 { pen.fg = c } else { pen.bg = c }
                    k += direct ? 4 : 2
                default: problems.append("SGR \(n[k])")
                }
                k += 1
            }
        default: problems.append("CSI \(p)\(final)")
        }
    }

    private var blankRow: [Cell] { Array(repeating: Cell(bg: pen.bg), count: width) }
}
