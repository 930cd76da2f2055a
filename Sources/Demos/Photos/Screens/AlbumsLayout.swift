import GridKit

/// How the photos are shown.
package enum PhotosView: Sendable {
    /// A sideways row of thumbnails per folder, then every photo as a grid.
    case albums
    /// Every photo as a grid (or a waterfall), a section per folder.
    case grid
}

/// The Albums view's layout: one sideways-scrolling row of tiles per folder under a header that
/// pins (title and count), then "All photos" as a grid of the same tiles.
enum AlbumsLayout {
    /// `folders` is asked on every prepare: folders arrive while the walk runs, and the section
    /// after the last folder is "All photos".
    static func make(tile: Size, folders: @escaping () -> Int) -> CompositionalLayout {
        CompositionalLayout { section, environment in
            let header = LayoutBoundarySupplementaryItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
                elementKind: .header,
                pinToVisibleBounds: true)
            let item = LayoutItem(
                layoutSize: LayoutSize(widthDimension: .absolute(tile.width), heightDimension: .absolute(tile.height)))
            let isRow = section < folders()
            // Rows: one tile per group, side by side; the grid: as many tiles as fit, two apart,
            // as the flow grid places them.
            let columns =
                isRow ? 1 : max(1, (max(tile.width, environment.containerSize.width - 2) + 2) / (tile.width + 2))
            let group = LayoutGroup.horizontal(
                layoutSize: LayoutSize(
                    widthDimension: .absolute(columns * tile.width + (columns - 1) * 2),
                    heightDimension: .absolute(tile.height)),
                repeatingSubitem: item, count: columns)
            group.interItemSpacing = 2
            let s = LayoutSection(group: group)
            if isRow { s.orthogonalScrollingBehavior = .continuous }
            s.interGroupSpacing = isRow ? 2 : 1
            s.contentInsets = EdgeInsets(top: isRow ? 0 : 1, left: 1, bottom: 1, right: 1)
            s.boundarySupplementaryItems = [header]
            return s
        }
    }
}
