/// One side of a compositional layout element's size (UIKit's `NSCollectionLayoutDimension`):
/// a fraction of the container's width or height, a number of cells, or an estimate that the
/// cell's content may change.
public struct LayoutDimension: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind
    let value: Double

    /// A fraction of the containing group's (or, for a group, the section's) width.
    public static func fractionalWidth(_ fraction: Double) -> LayoutDimension {
        LayoutDimension(kind: .fractionalWidth, value: fraction)
    }
    /// A fraction of the containing group's (or, for a group, the visible area's) height.
    public static func fractionalHeight(_ fraction: Double) -> LayoutDimension {
        LayoutDimension(kind: .fractionalHeight, value: fraction)
    }
    /// A fixed number of cells.
    public static func absolute(_ cells: Int) -> LayoutDimension {
        LayoutDimension(kind: .absolute, value: Double(cells))
    }
    /// A number of cells to plan with until the content is known (UIKit's self-sizing). A
    /// height: an item's cell is asked its size (`GridCell.preferredSize(fitting:)`) when it
    /// comes on screen, if every group around the item has an estimated height too; such a
    /// group is as tall as what it holds (its tallest item side by side, their sum one above
    /// another). In a section that scrolls sideways the same goes for widths, and heights are
    /// placed as `.absolute`; in one that does not, widths are.
    public static func estimated(_ cells: Int) -> LayoutDimension {
        LayoutDimension(kind: .estimated, value: Double(cells))
    }

    /// True for `.estimated`.
    public var isEstimated: Bool { kind == .estimated }

    /// Lengths are kept to this many cells: a terminal is never near it, and arithmetic on
    /// positions stays far from overflowing.
    static let longest = Double(1 << 20)

    /// The length in cells (not rounded) inside a container of `width` × `height`, between 0
    /// and `longest` (0 for what is not a number).
    func resolve(width: Double, height: Double) -> Double {
        let length: Double
        switch kind {
        case .fractionalWidth: length = value * width
        case .fractionalHeight: length = value * height
        case .absolute, .estimated: length = value
        }
        return length.isFinite ? min(max(0, length), Self.longest) : 0
    }
}

/// Width and height of a compositional layout element (UIKit's `NSCollectionLayoutSize`).
public struct LayoutSize: Sendable, Equatable {
    /// How wide.
    public var widthDimension: LayoutDimension
    /// How tall.
    public var heightDimension: LayoutDimension

    /// A size of the two dimensions.
    public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }
}
