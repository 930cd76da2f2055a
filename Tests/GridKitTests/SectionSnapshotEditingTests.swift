import GridKit
import Testing

@Suite struct SectionSnapshotEditingTests {
    @Test func insertBeforeAndAfterAmongSiblingsAndIndexOf() {
        var tree = GridSectionSnapshot<String>()
        tree.append(["fruit", "veg"])
        tree.append(["apple", "cherry"], to: "fruit")
        tree.insert(["banana"], after: "apple")
        tree.insert(["avocado"], before: "apple")
        tree.insert(["nuts"], before: "veg")
        tree.insert(["apple"], after: "veg") // already in the tree: stays where it is
        tree.insert(["x"], after: "missing")
        #expect(tree.children(of: "fruit") == ["avocado", "apple", "banana", "cherry"])
        #expect(tree.rootItems == ["fruit", "nuts", "veg"])
        #expect(tree.parent(of: "banana") == "fruit")
        #expect(tree.index(of: "banana") == 3 && tree.index(of: "nuts") == 5 && tree.index(of: "x") == nil)
        #expect(tree.items == ["fruit", "avocado", "apple", "banana", "cherry", "nuts", "veg"])
    }
}

@MainActor @Suite struct ListSectionTests {
    /// A sideways row of recents over a list section, in one compositional layout (Emoji Explorer's shape).
    @Test func aListSectionBesideASidewaysRow() throws {
        let layout = CompositionalLayout { section, environment in
            if section == 0 {
                let item = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let row = LayoutSection(
                    group: .horizontal(
                        layoutSize: LayoutSize(widthDimension: .absolute(6), heightDimension: .absolute(1)),
                        subitems: [item]))
                row.orthogonalScrollingBehavior = .continuous
                return row
            }
            var list = ListConfiguration(appearance: .plain)
            list.headerMode = .supplementary
            return LayoutSection.list(using: list, layoutEnvironment: environment)
        }
        let grid = GridView(frame: Rect(x: 0, y: 0, width: 30, height: 8), layout: layout)
        grid.register(ListCell.self)
        grid.register(ListCell.self, forSupplementaryViewOfKind: .header)
        let data = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
            let cell = grid.dequeue(ListCell.self, for: indexPath)
            cell.contentConfiguration = .cell(text: name)
            return cell
        }
        data.supplementaryViewProvider = { grid, kind, indexPath in
            let header = grid.dequeueSupplementary(ListCell.self, ofKind: kind, for: indexPath)
            header.contentConfiguration = .header(text: "All")
            return header
        }
        var snapshot = GridSnapshot<Int, String>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["😀", "🐶", "🍎", "⚽", "🚗", "💡"], toSection: 0)
        snapshot.appendItems(["grinning", "dog", "apple"], toSection: 1)
        try data.apply(snapshot)
        let canvas = Canvas(size: Size(width: 30, height: 8))
        grid.render(into: canvas)
        #expect(
            grid.layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))!.frame.minY == 0,
            "the recents in one row")
        let rows = (0..<8).map { canvas.row($0) }
        #expect(rows[1].contains("All") && rows[2].contains("grinning") && rows[4].contains("apple"), "\(rows)")
    }
}
