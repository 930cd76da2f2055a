extension VCardScanner {
    /// What the scanner needs to know of a line before (or instead of) parsing it.
    struct Head {
        enum Kind { case blank, unclear, noColon, begin, end, listed, photo, other }
        enum Listed { case n, fn, org, tel, email, categories }

        var kind: Kind = .other
        /// Offset of the first `:` from the line's start, when the head is clear.
        var colon: Int?
        /// Which listed property, for `.listed`.
        var listedName = Listed.n
        /// Whether the parameters mention QUOTED-PRINTABLE or CHARSET, which change the value's text.
        var hasEncodingOrCharset = false

        init(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            var i = range.lowerBound
            while i < range.upperBound && (b[i] == 32 || b[i] == 9) { i += 1 }
            if i == range.upperBound { kind = .blank; return }
            // The name ends at the first ';' or ':'; a quote before the colon needs the full parser.
            var nameEnd = -1, c = i
            while c < range.upperBound {
                let x = b[c]
                if x == 58 { break } // :
                if x == 34 { kind = .unclear; return } // "
                if x == 59 && nameEnd < 0 { nameEnd = c } // ;
                c += 1
            }
            if c == range.upperBound { kind = .unclear; return }
            colon = c - range.lowerBound
            if nameEnd < 0 { nameEnd = c }
            var s = i, e = nameEnd
            while e > s && (b[e - 1] == 32 || b[e - 1] == 9) { e -= 1 }
            var k = e
            while k > s { if b[k - 1] == 46 { s = k; break }; k -= 1 } // after the group's '.'
            let name = UnsafeBufferPointer(rebasing: b[s..<e])
            (kind, listedName) = Self.classify(name)
            if kind == .listed {
                if nameEnd < c {
                    hasEncodingOrCharset =
                        b.contains(uppercaseWord: Self.quotedPrintable, in: nameEnd..<c)
                        || b.contains(uppercaseWord: Self.charset, in: nameEnd..<c)
                }
            }
        }

        /// The kind of a property name, compared without regard to case.
        static func kind<C: Collection<UInt8>>(ofName name: C) -> Kind { classify(name).0 }

        static func classify<C: Collection<UInt8>>(_ name: C) -> (Kind, Listed) {
            func equals(_ word: StaticString) -> Bool {
                guard name.count == word.utf8CodeUnitCount else { return false }
                var p = word.utf8Start
                for x in name {
                    if (x >= 97 && x <= 122 ? x - 32 : x) != p.pointee { return false }
                    p += 1
                }
                return true
            }
            switch name.count {
            case 1: if equals("N") { return (.listed, .n) }
            case 2: if equals("FN") { return (.listed, .fn) }
            case 3:
                if equals("ORG") { return (.listed, .org) }
                if equals("TEL") { return (.listed, .tel) }
                if equals("END") { return (.end, .n) }
            case 5:
                if equals("EMAIL") { return (.listed, .email) }
                if equals("BEGIN") { return (.begin, .n) }
                if equals("PHOTO") { return (.photo, .n) }
            case 10: if equals("CATEGORIES") { return (.listed, .categories) }
            default: break
            }
            return (.other, .n)
        }

        /// Whether `range` holds exactly `VCARD`, any case.
        static func isVCard(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
            guard range.count == 5 else { return false }
            var k = range.lowerBound
            for c in "VCARD".utf8 {
                if b[k] & 0xDF != c { return false }
                k += 1
            }
            return true
        }

        private static let quotedPrintable = Array("QUOTED-PRINTABLE".utf8), charset = Array("CHARSET".utf8)
    }
}
