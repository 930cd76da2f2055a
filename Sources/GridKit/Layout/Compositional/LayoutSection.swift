/// How a section scrolls sideways inside a vertical grid (UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`).
public enum OrthogonalScrollingBehavior: Sendable, Equatable {
    /// It does not: groups repeat down the section.
    case none
    /// One row of groups side by side, scrolled just enough to show the focused item.
    case continuous
    /// Scrolled a whole width at a time.
    case paging
    /// Scrolled continuously, coming to rest on a group's leading edge (UIKit's
    /// `.continuousGroupLeadingBoundary`): the row moves only as far as showing the focused
    /// item needs, as `.continuous` does, but always to where a group starts (or to the
    /// row's end; a group wider than the row scrolls as `.continuous`); the sideways wheel
    /// comes to rest on the next group's start that way.
    case continuousGroupLeadingBoundary
    /// Scrolled so the focused item's group starts at the leading edge.
    case groupPaging
    /// Scrolled so the focused item's group is in the middle; the first and last groups too, as
    /// in UIKit, with room before the first and after the last.
    case groupPagingCentered
}

/// One section's arrangement (UIKit's `NSCollectionLayoutSection`): its group, repeated down the
/// section until the items run out, with insets, spacing between groups, and a header or footer.
public final class LayoutSection: @unchecked Sendable {
    /// Sideways scrolling: the groups in one row that scrolls on its own. `.none` by default.
    public var orthogonalScrollingBehavior = OrthogonalScrollingBehavior.none
    /// The group repeated down the section.
    public let group: LayoutGroup
    /// Space around the section's groups.
    public var contentInsets = EdgeInsets.zero
    /// Rows between one group and the next.
    public var interGroupSpacing = 0
    /// Headers and footers.
    public var boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = []
    /// Backgrounds drawn behind the section's items (UIKit's `decorationItems`).
    public var decorationItems: [LayoutDecorationItem] = []
    /// Blank rows after the section, below its footer (an inset grouped list's gap between
    /// its boxes).
    var trailingSpace = 0
    /// A line in the row after each group but the last (a list's separators; the list keeps
    /// that row free with `interGroupSpacing`).
    var showsSeparators = false

    /// A section of `group`.
    public init(group: LayoutGroup) { self.group = group }
}

/// What a section provider sees (UIKit's `NSCollectionLayoutEnvironment`): the size of the
/// visible area, so a section can change its columns with the terminal's width.
public struct LayoutEnvironment: Sendable, Equatable {
    /// The grid's visible area, in cells.
    public let containerSize: Size
}
