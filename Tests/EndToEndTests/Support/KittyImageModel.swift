/// What kitty keeps of the images a program sends, as kitty implements its graphics protocol:
/// an image lives while it has a placement. Whenever kitty scrolls, clears the screen, or
/// deletes an image with its data (`d=I`), it frees every image that has no placement left,
/// whichever it was asked about. Fed a program's output, the model records each placement of an
/// image kitty would no longer have: a tile that stays empty on the screen.
struct KittyImageModel {
    /// Image number → its placements (-1: the virtual one of `a=T,U=1`).
    private(set) var images: [Int: Set<Int>] = [:]
    /// Placements of images kitty no longer had.
    private(set) var failures: [String] = []
    /// Placements made.
    private(set) var placements = 0
    /// The image whose chunks are arriving (`m=1`), and what its first chunk asked.
    private var loading: (number: Int, control: [String: String])?

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        let n = bytes.count
        while i < n {
            guard bytes[i] == 0x1B, i + 1 < n else { i += 1; continue }
            if bytes[i + 1] == UInt8(ascii: "_") {
                // APC: the control keys up to `;` (or the end), the payload skipped to ST.
                var j = i + 2
                while j < n, bytes[j] != UInt8(ascii: ";"), bytes[j] != 0x1B { j += 1 }
                let text = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                while j + 1 < n, !(bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\")) { j += 1 }
                if text.hasPrefix("G") { graphics(Self.keys(String(text.dropFirst()))) }
                i = j + 2
                continue
            }
            if bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < n, bytes[j] < 0x40 { j += 1 }
                guard j < n else { return }
                let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                switch bytes[j] {
                case UInt8(ascii: "S"), UInt8(ascii: "T"): freeUnplaced() // a scroll
                case UInt8(ascii: "J") where params == "2" || params == "3":
                    for k in images.keys { images[k] = [] }
                    freeUnplaced()
                default: break
                }
                i = j + 1
                continue
            }
            i += 2
        }
    }

    private static func keys(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for pair in text.split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
        }
        return out
    }

    private mutating func graphics(_ c: [String: String]) {
        if c["a"] == nil, c["m"] != nil, let l = loading {
            // A further chunk of the image arriving.
            if c["m"] == "0" { stored(l.number, l.control) }
            return
        }
        let number = Int(c["i"] ?? "") ?? 0
        switch c["a"] ?? "t" {
        case "t", "T":
            if c["m"] == "1" { loading = (number, c) } else { stored(number, c) }
        case "p":
            guard images[number] != nil else {
                failures.append("placement \(c["p"] ?? "?") of image \(number), which kitty no longer has")
                return
            }
            images[number]!.insert(Int(c["p"] ?? "") ?? 0)
            placements += 1
        case "d":
            let placement = Int(c["p"] ?? "")
            switch c["d"] ?? "a" {
            case "i", "I":
                if let placement {
                    images[number]?.remove(placement)
                } else if images[number] != nil {
                    images[number] = []
                }
                if c["d"] == "I" { freeUnplaced() }
            default:
                for k in images.keys { images[k] = [] }
                if c["d"] == "A" { freeUnplaced() }
            }
        default: break
        }
    }

    private mutating func stored(_ number: Int, _ control: [String: String]) {
        loading = nil
        images[number] = control["a"] == "T" ? [-1] : []
    }

    private mutating func freeUnplaced() { images = images.filter { !$0.value.isEmpty } }
}
