/// The smallest piece of a compositional layout: one cell's box (UIKit's
/// `NSCollectionLayoutItem`). Its `contentInsets` are taken off the box, so items in a group
/// can keep a margin without spacing in the group.
public class LayoutItem: @unchecked Sendable {
    /// The item's size, against its group.
    public let layoutSize: LayoutSize
    /// Space kept inside the item's box.
    public var contentInsets = EdgeInsets.zero

    /// An item of `layoutSize`.
    public init(layoutSize: LayoutSize) { self.layoutSize = layoutSize }

    /// The frames of the cells this element places in a box of `width` × `height` at the
    /// origin; a plain item places one.
    func leafFrames(width: Double, height: Double) -> [(x: Double, y: Double, w: Double, h: Double)] {
        [
            (
                Double(contentInsets.left), Double(contentInsets.top),
                max(0, width - Double(contentInsets.left + contentInsets.right)), max(0, height - Double(contentInsets.top + contentInsets.bottom))
            )
        ]
    }
}

/// Items side by side (horizontal) or one above another (vertical), repeated as often as they
/// fit (UIKit's `NSCollectionLayoutGroup`). A group is itself an item, so groups nest.
public final class LayoutGroup: LayoutItem, @unchecked Sendable {
    enum Axis { case horizontal, vertical }
    let axis: Axis
    let subitems: [LayoutItem]
    /// With `repeatingSubitem:count:`, the group is cut into this many equal parts.
    let count: Int?
    /// Space between the group's items along its axis.
    public var interItemSpacing = 0

    init(layoutSize: LayoutSize, axis: Axis, subitems: [LayoutItem], count: Int?) {
        self.axis = axis
        self.subitems = subitems
        self.count = count
        super.init(layoutSize: layoutSize)
    }

    /// Items left to right, repeated while the next one fits.
    public static func horizontal(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, axis: .horizontal, subitems: subitems, count: nil)
    }
    /// `count` copies of `repeatingSubitem` sharing the width equally.
    public static func horizontal(layoutSize: LayoutSize, repeatingSubitem: LayoutItem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, axis: .horizontal, subitems: [repeatingSubitem], count: min(4096, max(1, count)))
    }
    /// Items top to bottom, repeated while the next one fits.
    public static func vertical(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, axis: .vertical, subitems: subitems, count: nil)
    }
    /// `count` copies of `repeatingSubitem` sharing the height equally.
    public static func vertical(layoutSize: LayoutSize, repeatingSubitem: LayoutItem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, axis: .vertical, subitems: [repeatingSubitem], count: min(4096, max(1, count)))
    }

    override func leafFrames(width: Double, height: Double) -> [(x: Double, y: Double, w: Double, h: Double)] {
        let inner = (w: max(0, width - Double(contentInsets.left + contentInsets.right)), h: max(0, height - Double(contentInsets.top + contentInsets.bottom)))
        let along = axis == .horizontal ? inner.w : inner.h
        let spacing = Double(max(0, interItemSpacing))
        var out: [(x: Double, y: Double, w: Double, h: Double)] = []
        var position = 0.0
        func place(_ item: LayoutItem, length: Double, across: Double) {
            let (w, h) = axis == .horizontal ? (length, across) : (across, length)
            let (dx, dy) = axis == .horizontal ? (position, 0.0) : (0.0, position)
            for f in item.leafFrames(width: w, height: h) {
                out.append((f.x + dx + Double(contentInsets.left), f.y + dy + Double(contentInsets.top), f.w, f.h))
            }
            position += length + spacing
        }
        if let count, let item = subitems.first {
            let length = max(0, (along - spacing * Double(count - 1)) / Double(count))
            for _ in 0..<count { place(item, length: length, across: axis == .horizontal ? inner.h : inner.w) }
            return out
        }
        // Subitems in turn, while the next fits (at least one, so a too-wide item still shows).
        var k = 0
        while !subitems.isEmpty {
            let item = subitems[k % subitems.count]
            let w = item.layoutSize.widthDimension.resolve(width: inner.w, height: inner.h)
            let h = item.layoutSize.heightDimension.resolve(width: inner.w, height: inner.h)
            let length = axis == .horizontal ? w : h
            if k > 0 && position + length > along + 0.0001 { break }
            place(item, length: length, across: axis == .horizontal ? min(h, inner.h) : min(w, inner.w))
            k += 1
            if length <= 0 || k >= 4096 { break }
        }
        return out
    }
}
