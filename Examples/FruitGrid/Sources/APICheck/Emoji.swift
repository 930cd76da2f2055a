// The emoji of the Emoji Explorer and the reorderable list, as Apple's "Implementing Modern
// Collection Views" sample has them: each with a name and a category. Only single-scalar emoji
// that every terminal draws two columns wide, so a row lines up the same in GridKit and tmux.

/// One emoji: the character, its short name and its category.
struct Emoji: Hashable, Sendable {
    enum Category: String, CaseIterable, Sendable {
        case smileys = "Smileys"
        case nature = "Nature"
        case food = "Food"
        case activities = "Activities"
        case travel = "Travel"
    }

    let text: String
    let name: String
    let category: Category

    /// Every emoji, category by category.
    static let all: [Emoji] = [
        ("😀", "Grinning", Category.smileys), ("😁", "Beaming", .smileys), ("😉", "Winking", .smileys),
        ("😊", "Smiling", .smileys), ("🤗", "Hugging", .smileys), ("🤔", "Thinking", .smileys),
        ("🐶", "Dog", .nature), ("🐱", "Cat", .nature), ("🐯", "Tiger", .nature), ("🦊", "Fox", .nature),
        ("🍎", "Apple", .food), ("🍌", "Banana", .food), ("🍒", "Cherries", .food), ("🥕", "Carrot", .food),
        ("⚽", "Soccer", .activities), ("🏀", "Basketball", .activities), ("🎲", "Die", .activities),
        ("🚗", "Car", .travel), ("🚲", "Bicycle", .travel), ("🚀", "Rocket", .travel), ("🚂", "Train", .travel)
    ].map { Emoji(text: $0.0, name: $0.1, category: $0.2) }

    static func named(_ name: String) -> Emoji { all.first { $0.name == name }! }

    /// The row of recently used emoji the explorer starts with, most recent first.
    static let recents = [
        "Rocket", "Cat", "Cherries", "Thinking", "Die", "Fox", "Winking", "Train", "Carrot", "Tiger", "Beaming",
        "Soccer"
    ]
    .map(named)
}

extension Emoji.Category {
    /// This category's emoji, in order.
    var emojis: [Emoji] { Emoji.all.filter { $0.category == self } }
}
