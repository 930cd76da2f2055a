import Foundation

/// The rules for a contact's categories (vCard `CATEGORIES`), in one place so that the parser,
/// the scanner, the store and the directory cannot drift apart: each trimmed of spaces and tabs,
/// empty ones dropped, and two that differ only in case counted as one (the first spelling
/// stays).
enum ContactCategories {
    /// `categories` as a contact keeps them.
    static func normalized(_ categories: [String]) -> [String] {
        var kept: [String] = [], seen = Set<String>()
        for category in categories {
            let trimmed = category.trimming(" \t")
            if !trimmed.isEmpty && seen.insert(key(trimmed)).inserted { kept.append(trimmed) }
        }
        return kept
    }

    /// What categories are told apart by: the text folded for case only ("Work", "WORK" and
    /// "work" are one group; "Café" and "Cafe" are two).
    static func key(_ category: String) -> String {
        var category = category
        return category.withUTF8 { key(utf8: $0) }
    }

    /// The key of the category whose text is the UTF-8 `bytes`. ASCII, nearly every category,
    /// is lowered here without Foundation (its folding gives the same), into a string short
    /// enough, most often, to need no allocation.
    static func key(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: bytes, as: UTF8.self).folding(options: .caseInsensitive, locale: nil)
        }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            for (k, b) in bytes.enumerated() { out[k] = b >= 65 && b <= 90 ? b + 32 : b }
            return bytes.count
        }
    }

    /// Separates categories in a store's text: never part of UTF-8, so no category holds it.
    static let separator: UInt8 = 0xFF
}
