/// How a list section looks (UIKit's `UICollectionLayoutListConfiguration`), for
/// `CompositionalLayout.list(using:)` and `LayoutSection.list(using:layoutEnvironment:)`.
public struct ListConfiguration: Sendable, Equatable {
    /// The list's look.
    public enum Appearance: Sendable, Equatable {
        /// Rows edge to edge, headers pinned while their section shows.
        case plain
        /// Sections apart: a blank row between them, rows inset from the edges.
        case grouped
        /// Each section a box of line characters (`╭─╮`), inset from the edges, its header
        /// above it and a blank row after it: UIKit's rounded, inset sections. The box is a
        /// decoration GridKit draws itself; rows are three columns in from each edge.
        case insetGrouped
        /// A navigation list: rows inset by a column, headers not pinned.
        case sidebar
        /// UIKit's sidebar without the grouped look: rows edge to edge, headers scrolling with
        /// their section (not pinned, as in a sidebar).
        case sidebarPlain
    }

    /// The decoration kind of an inset grouped section's box (`InsetGroupedBox`), known to
    /// every `CompositionalLayout`.
    static let insetGroupedBoxKind = "GridKit.ListConfiguration.insetGroupedBox"
    /// Where a section's header comes from.
    public enum HeaderMode: Sendable, Equatable {
        /// None.
        case none
        /// A header view (register it, or use a `SupplementaryRegistration`).
        case supplementary
        /// The section's first item is its header: no header view; the app fills that row as
        /// one (`ListContentConfiguration.header()`, or a parent in an outline).
        case firstItemInSection
    }

    /// The look.
    public var appearance: Appearance
    /// Section headers.
    public var headerMode = HeaderMode.none
    /// Section footers (`.supplementary` or `.none`).
    public var footerMode = HeaderMode.none
    /// A line of `─` in a row of its own under each row but a section's last (UIKit's
    /// `showsSeparators`). Off by default, unlike UIKit's hairline: here a separator costs a
    /// row of the terminal per item.
    public var showsSeparators = false
    /// The rows a row is planned with until its cell is measured (the height is
    /// `.estimated`): a `ListCell` then takes what its content needs, a subtitle row two or
    /// more. Cells that do not answer `GridCell.preferredSize(fitting:)` keep this height.
    public var rowHeight = 1

    /// A configuration of `appearance`.
    public init(appearance: Appearance) { self.appearance = appearance }
}

extension CompositionalLayout {
    /// A list: one full-width row per item in every section, as `configuration` says (UIKit's
    /// `UICollectionViewCompositionalLayout.list(using:)`). Row heights are estimated, as in
    /// UIKit: each row is as tall as its cell asks when it comes on screen.
    public static func list(using configuration: ListConfiguration) -> CompositionalLayout {
        CompositionalLayout { _, environment in LayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }
}

extension LayoutSection {
    /// One section of list rows, as `configuration` says, for a section provider that mixes
    /// lists with other sections (a sideways row, a grid) in one `CompositionalLayout`
    /// (UIKit's `NSCollectionLayoutSection.list(using:layoutEnvironment:)`).
    public static func list(using configuration: ListConfiguration, layoutEnvironment: LayoutEnvironment)
        -> LayoutSection
    {
        let height = LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(max(1, configuration.rowHeight)))
        let group = LayoutGroup.horizontal(layoutSize: height, subitems: [LayoutItem(layoutSize: height)])
        let section = LayoutSection(group: group)
        if configuration.showsSeparators {
            section.showsSeparators = true
            section.interGroupSpacing = 1
        }
        switch configuration.appearance {
        case .plain, .sidebarPlain: break
        case .grouped: section.contentInsets = EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)
        case .insetGrouped:
            // A margin column, the box's line and a column of padding on each side; the box's
            // top and bottom lines above and below the rows; a blank row after the section.
            section.contentInsets = EdgeInsets(top: 1, left: 3, bottom: 1, right: 3)
            section.trailingSpace = 1
            let box = LayoutDecorationItem.background(elementKind: ListConfiguration.insetGroupedBoxKind)
            box.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
            section.decorationItems = [box]
        case .sidebar: section.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
        }
        let band = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
        if configuration.headerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                LayoutBoundarySupplementaryItem(
                    layoutSize: band, elementKind: .header, pinToVisibleBounds: configuration.appearance == .plain))
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                LayoutBoundarySupplementaryItem(layoutSize: band, elementKind: .footer))
        }
        return section
    }
}
