/// A group of contacts the list can show alone: the sidebar's outline offers every one, and
/// `ContactDirectory.setGroup` shows it.
package enum ContactGroup: Hashable, Sendable {
    /// The contacts filed under one category (vCard `CATEGORIES`), compared without case.
    case category(String)
    /// The contacts of one organisation as written ("" for those without one).
    case organisation(String)

    /// The two kinds, in the sidebar's order.
    package enum Kind: CaseIterable, Sendable {
        case category, organisation

        /// The key of the group of this kind called by the UTF-8 `bytes`: a category's folded
        /// for case, an organisation's as written.
        func key(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
            switch self {
            case .category: ContactCategories.key(utf8: bytes)
            case .organisation: String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    package var kind: Kind {
        switch self {
        case .category: .category
        case .organisation: .organisation
        }
    }

    /// The category or organisation (from `ContactDirectory.groups`, as the first contact in
    /// the list spells it).
    package var name: String {
        switch self {
        case .category(let name), .organisation(let name): name
        }
    }

    /// What the title shows while the list shows this group alone.
    package var title: String {
        if case .organisation("") = self { return "no organisation" }
        return name
    }

    /// Groups of one kind with equal keys are one group.
    var key: String {
        var name = name
        return name.withUTF8 { kind.key(utf8: $0) }
    }

    /// The group of `kind` called `name`.
    init(_ kind: Kind, _ name: String) {
        switch kind {
        case .category: self = .category(name)
        case .organisation: self = .organisation(name)
        }
    }
}
