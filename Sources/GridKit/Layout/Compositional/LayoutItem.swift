/// The smallest piece of a compositional layout: one cell's box (UIKit's
/// `NSCollectionLayoutItem`). Its `contentInsets` are taken off the box, so items in a group
/// can keep a margin without spacing in the group.
public class LayoutItem: @unchecked Sendable {
    /// The item's size, against its group.
    public let layoutSize: LayoutSize
    /// Space kept inside the item's box.
    public var contentInsets = EdgeInsets.zero
    /// Drawing order where the item's cell overlaps another element (UIKit's `zIndex`): higher
    /// over lower. 0 by default: under headers and footers (1), over decorations (0, drawn
    /// first among equals). A group's own is not used: its items' are.
    public var zIndex = 0

    /// An item of `layoutSize`.
    public init(layoutSize: LayoutSize) { self.layoutSize = layoutSize }

    /// This element as planned in a box of `width` × `height`. `measuring` is the side its
    /// section measures, when every group around it has an estimated length on that side: it
    /// grows with its content if its own length there is estimated too.
    func planned(width: Double, height: Double, measuring: MeasuredSide?) -> PlannedElement {
        var plan = PlannedElement(width: width, height: height, insets: contentInsets, grows: isEstimated(measuring))
        plan.zIndex = zIndex
        return plan
    }

    /// True when the element's length on `side` is `.estimated`.
    func isEstimated(_ side: MeasuredSide?) -> Bool {
        switch side {
        case .height: layoutSize.heightDimension.isEstimated
        case .width: layoutSize.widthDimension.isEstimated
        case nil: false
        }
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
        LayoutGroup(
            layoutSize: layoutSize, axis: .horizontal, subitems: [repeatingSubitem], count: min(4096, max(1, count)))
    }
    /// Items top to bottom, repeated while the next one fits.
    public static func vertical(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, axis: .vertical, subitems: subitems, count: nil)
    }
    /// `count` copies of `repeatingSubitem` sharing the height equally.
    public static func vertical(layoutSize: LayoutSize, repeatingSubitem: LayoutItem, count: Int) -> LayoutGroup {
        LayoutGroup(
            layoutSize: layoutSize, axis: .vertical, subitems: [repeatingSubitem], count: min(4096, max(1, count)))
    }

    override func planned(width: Double, height: Double, measuring: MeasuredSide?) -> PlannedElement {
        var plan = PlannedElement(width: width, height: height, insets: contentInsets, grows: isEstimated(measuring))
        plan.shape = axis == .horizontal ? .horizontal : .vertical
        plan.spacing = Double(max(0, interItemSpacing))
        let inner = (
            w: max(0, width - Double(contentInsets.left + contentInsets.right)),
            h: max(0, height - Double(contentInsets.top + contentInsets.bottom))
        )
        let along = axis == .horizontal ? inner.w : inner.h
        var position = 0.0
        func place(_ item: LayoutItem, length: Double, across: Double) {
            let (w, h) = axis == .horizontal ? (length, across) : (across, length)
            var child = item.planned(width: w, height: h, measuring: plan.grows ? measuring : nil)
            child.x = Double(contentInsets.left) + (axis == .horizontal ? position : 0)
            child.y = Double(contentInsets.top) + (axis == .horizontal ? 0 : position)
            plan.children.append(child)
            position += length + plan.spacing
        }
        if let count, let item = subitems.first {
            let length = max(0, (along - plan.spacing * Double(count - 1)) / Double(count))
            for _ in 0..<count { place(item, length: length, across: axis == .horizontal ? inner.h : inner.w) }
            return plan
        }
        // Subitems in turn, while the next fits (at least one, so a too-wide item still shows).
        var k = 0
        while !subitems.isEmpty {
            let item = subitems[k % subitems.count]
            let w = item.layoutSize.widthDimension.resolve(width: inner.w, height: inner.h)
            let h = item.layoutSize.heightDimension.resolve(width: inner.w, height: inner.h)
            let length = axis == .horizontal ? w : h
            if k > 0 && position + length > along + 0.0001 { break }
            // A cell measured across the group's axis is not cut to the estimate of a group
            // that grows with it.
            let grows = plan.grows && item.isEstimated(measuring) && (measuring == .height) == (axis == .horizontal)
            place(
                item, length: length,
                across: axis == .horizontal ? (grows ? h : min(h, inner.h)) : (grows ? w : min(w, inner.w)))
            k += 1
            if length <= 0 || k >= 4096 { break }
        }
        return plan
    }
}
