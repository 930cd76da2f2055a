import GridKitTesting
import Testing

@testable import GridKit

/// Outlines: a section applied from a `GridSectionSnapshot`, opened and closed with Right and
/// Left as tree views do, with the focus following its item.
@MainActor @Suite struct OutlineTests {
    @MainActor final class Outline {
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 31, height: 12),
            layout: CompositionalLayout.list(using: ListConfiguration(appearance: .sidebar)))
        // Set once in init; the registration reads the tree back from it.
        private var sourceIfMade: GridDiffableDataSource<Int, String>?
        var source: GridDiffableDataSource<Int, String> { sourceIfMade! }
        var events: [String] = []

        init() throws {
            let row = CellRegistration<ListCell, String> { [unowned self] cell, _, name in
                let tree = source.snapshot(for: 0)
                cell.contentConfiguration = .sidebarCell(text: name)
                cell.indentationLevel = tree.level(of: name)
                let isParent = !tree.children(of: name).isEmpty || name == "Veg"
                cell.accessories = isParent ? [.outlineDisclosure(isExpanded: tree.isExpanded(name))] : []
            }
            sourceIfMade = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
                grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
            }
            source.sectionSnapshotHandlers.willExpandItem = { [unowned self] in events.append("open \($0)") }
            source.sectionSnapshotHandlers.willCollapseItem = { [unowned self] in events.append("close \($0)") }
            // Veg's children are loaded when it first opens.
            source.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
                guard parent == "Veg", children.rootItems.isEmpty else { return children }
                var loaded = GridSectionSnapshot<String>()
                loaded.append(["Leek", "Kale"])
                return loaded
            }
            var tree = GridSectionSnapshot<String>()
            tree.append(["Fruit", "Veg"])
            tree.append(["Apple", "Banana"], to: "Fruit")
            tree.append(["Cavendish"], to: "Banana")
            try source.apply(tree, to: 0)
        }

        var focused: String? { grid.focusedIndexPath.flatMap(source.itemIdentifier(for:)) }
        var visible: [String] { source.snapshot().itemIdentifiers }
        func press(_ key: Key) { _ = grid.handle(.key(key)) }
        var lines: [String] {
            let canvas = Canvas(size: grid.frame.size)
            grid.render(into: canvas)
            return canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    @Test func theSnapshotIsATree() {
        var tree = GridSectionSnapshot<String>()
        tree.append(["a", "b"])
        tree.append(["a1", "a2"], to: "a")
        tree.append(["a1x"], to: "a1")
        tree.append(["a"], to: "b") // already in the tree: stays where it is
        #expect(tree.items == ["a", "a1", "a1x", "a2", "b"] && tree.visibleItems == ["a", "b"])
        tree.expand(["a"])
        #expect(
            tree.visibleItems == ["a", "a1", "a2", "b"] && tree.level(of: "a1x") == 2 && tree.parent(of: "a2") == "a")
        tree.expand(["a1"])
        #expect(tree.isVisible("a1x"))
        tree.collapse(["a"])
        #expect(!tree.isVisible("a1x") && tree.isExpanded("a1"), "a closed parent keeps its children's state")
        #expect(tree.snapshot(of: "a").items == ["a1", "a1x", "a2"] && tree.snapshot(of: "a").isExpanded("a1"))
        tree.delete(["a1"])
        #expect(tree.items == ["a", "a2", "b"] && !tree.contains("a1x"))
    }

    /// Right opens, then steps in; Left steps out, then closes; the focus stays on its item.
    @Test func rightAndLeftWalkTheTree() throws {
        let o = try Outline()
        #expect(o.visible == ["Fruit", "Veg"] && o.focused == "Fruit")
        #expect(o.lines[0].contains("▸ Fruit"), "\(o.lines)")
        o.press(.right)
        #expect(o.visible == ["Fruit", "Apple", "Banana", "Veg"] && o.focused == "Fruit")
        #expect(
            o.lines[0].contains("▾ Fruit") && o.lines[1].hasPrefix("    Apple"), "indented under its parent: \(o.lines)"
        )
        o.press(.right)
        #expect(o.focused == "Apple")
        o.press(.down)
        o.press(.right)
        #expect(o.focused == "Banana" && o.visible.contains("Cavendish"))
        o.press(.right)
        #expect(o.focused == "Cavendish")
        o.press(.left)
        #expect(o.focused == "Banana" && o.visible.contains("Cavendish"), "Left goes to the parent first")
        o.press(.left)
        #expect(o.focused == "Banana" && !o.visible.contains("Cavendish"))
        o.press(.left)
        o.press(.left)
        #expect(o.focused == "Fruit" && o.visible == ["Fruit", "Veg"])
        #expect(o.events == ["open Fruit", "open Banana", "close Banana", "close Fruit"])
    }

    /// Closing a parent while an item inside it has the focus gives the focus to the parent.
    @Test func closingOverTheFocusGivesItToTheParent() throws {
        let o = try Outline()
        o.source.expand("Fruit")
        o.source.expand("Banana")
        o.grid.focusedIndexPath = o.source.indexPath(for: "Cavendish")
        #expect(o.source.collapse("Fruit"))
        #expect(o.focused == "Fruit" && o.visible == ["Fruit", "Veg"])
    }

    /// Children loaded on demand, and a handler that keeps a parent open.
    @Test func childrenOnDemandAndRefusals() throws {
        let o = try Outline()
        o.press(.down)
        o.press(.right)
        #expect(o.focused == "Veg" && o.visible == ["Fruit", "Veg", "Leek", "Kale"])
        o.source.sectionSnapshotHandlers.shouldCollapseItem = { $0 != "Veg" }
        o.press(.left)
        #expect(o.visible == ["Fruit", "Veg", "Leek", "Kale"], "refused: stays open")
        #expect(!o.source.expand("Apple"), "a leaf does not open")
        // A whole snapshot that changes the section drops its tree: Left and Right move again.
        var flat = GridSnapshot<Int, String>()
        flat.appendSections([0])
        flat.appendItems(["x", "y"], toSection: 0)
        try o.source.apply(flat)
        #expect(o.source.snapshot(for: 0).items == ["x", "y"] && o.source.snapshot(for: 0).visibleItems == ["x", "y"])
    }

    /// Outline parents drawn as headers (`ListContentConfiguration.header()`, bold, no leading
    /// padding) take the focus across the whole row, as the other rows do, in each look, after
    /// keys move the focus on and back and a parent opens and closes under it (issue 52). The
    /// snapshot shows each row beside a map of the cells in the focus colour (`#`).
    @Test func focusedHeaderParentsAreHighlightedAcrossTheRow() throws {
        var frames: [String] = []
        for appearance in [ListConfiguration.Appearance.plain, .grouped, .sidebar] {
            let grid = GridView(
                frame: Rect(x: 0, y: 0, width: 24, height: 6),
                layout: CompositionalLayout.list(using: ListConfiguration(appearance: appearance)))
            var made: GridDiffableDataSource<Int, String>?
            let row = CellRegistration<ListCell, String> { cell, _, name in
                let tree = made?.snapshot(for: 0) ?? GridSectionSnapshot()
                let isParent = !tree.children(of: name).isEmpty
                cell.contentConfiguration = isParent ? .header(text: name) : .cell(text: name, secondaryText: "leaf")
                cell.indentationLevel = tree.level(of: name)
                cell.accessories =
                    isParent ? [.outlineDisclosure(isExpanded: tree.isExpanded(name))] : [.disclosureIndicator()]
            }
            let source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
                grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
            }
            made = source
            var tree = GridSectionSnapshot<String>()
            tree.append(["Smileys", "Nature"])
            tree.append(["Grinning", "Winking"], to: "Smileys")
            tree.append(["Dog"], to: "Nature")
            tree.expand(["Smileys"])
            try source.apply(tree, to: 0)
            // One canvas throughout, as a screen draws: each frame draws only what changed.
            let canvas = Canvas(size: grid.frame.size)
            func frame(_ title: String) {
                grid.render(into: canvas)
                let focus = ListContentConfiguration.cell().focusedStyle.background
                frames.append("\(appearance) \(title):")
                for y in 0..<4 {
                    let mask = (0..<canvas.size.width).map { canvas[$0, y].style.background == focus ? "#" : "." }
                        .joined()
                    frames.append("|" + canvas.row(y) + "|" + mask + "|")
                }
                // Every cell of the focused item's frame shows the focus.
                let f = grid.layout.layoutAttributesForItem(at: grid.focusedIndexPath!)!.frame
                for x in f.minX..<f.maxX {
                    #expect(canvas[x, f.minY].style.background == focus, "\(appearance) \(title): column \(x)")
                }
            }
            frame("parent")
            for key in [Key.down, .up, .left, .right, .down, .down, .down] { _ = grid.handle(.key(key)) }
            frame("closed parent")
            _ = grid.handle(.key(.right))
            _ = grid.handle(.key(.up))
            frame("child")
        }
        try Snapshot().verify(text: frames.joined(separator: "\n") + "\n", named: "outline-header-focus")
    }

    /// A list of rows filled with text only, from a tree applied to section 0 and a flat
    /// section 1; `explicit` lets the registration set indentation and disclosure itself.
    private static func autoOutline(explicit: Bool = false) throws -> (GridView, GridDiffableDataSource<Int, String>) {
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 30, height: 10),
            layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
        let row = CellRegistration<ListCell, String> { cell, _, name in
            cell.contentConfiguration = .cell(text: name)
            if explicit {
                cell.indentationLevel = 3
                cell.accessories = [.outlineDisclosure(isExpanded: true)]
            }
        }
        let source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
            grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
        }
        var snapshot = GridSnapshot<Int, String>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["Flat"], toSection: 1)
        try source.apply(snapshot)
        var tree = GridSectionSnapshot<String>()
        tree.append(["Fruit", "Nuts"])
        tree.append(["Apple", "Banana"], to: "Fruit")
        tree.append(["Cavendish"], to: "Banana")
        try source.apply(tree, to: 0)
        return (grid, source)
    }

    private static func lines(_ grid: GridView) -> [String] {
        let canvas = Canvas(size: grid.frame.size)
        grid.render(into: canvas)
        return canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A `ListCell` whose app sets only its text takes its depth and its disclosure from the
    /// section snapshot (as UIKit's list cell does): parents get `▸`/`▾`, turned as they open
    /// and close, children are indented, leaves and rows outside the outline get neither.
    @Test func listCellsReadTheOutline() throws {
        let (grid, source) = try Self.autoOutline()
        var shown = Self.lines(grid)
        #expect(
            shown[0].hasPrefix(" ▸ Fruit") && shown[1].hasPrefix(" Nuts") && shown[2].hasPrefix(" Flat"), "\(shown)")
        #expect(source.expand("Fruit"))
        shown = Self.lines(grid)
        #expect(
            shown[0].hasPrefix(" ▾ Fruit") && shown[1].hasPrefix("   Apple") && shown[2].hasPrefix("   ▸ Banana"),
            "\(shown)")
        #expect(source.expand("Banana"))
        shown = Self.lines(grid)
        #expect(
            shown[2].hasPrefix("   ▾ Banana") && shown[3].hasPrefix("     Cavendish") && shown[5].hasPrefix(" Flat"),
            "\(shown)")
        #expect(source.collapse("Fruit"))
        shown = Self.lines(grid)
        #expect(
            shown[0].hasPrefix(" ▸ Fruit") && shown[1].hasPrefix(" Nuts") && shown[2].hasPrefix(" Flat"), "\(shown)")
    }

    /// What the app sets itself wins over the outline: its indentation and its disclosure.
    @Test func explicitIndentationAndDisclosureWin() throws {
        let (grid, source) = try Self.autoOutline(explicit: true)
        let shown = withExtendedLifetime(source) { Self.lines(grid) }
        #expect(
            shown[0].hasPrefix("       ▾ Fruit") && shown[1].hasPrefix("       ▾ Nuts")
                && shown[2].hasPrefix("       ▾ Flat"), "\(shown)")
        let cell = ListCell()
        cell.outline = OutlinePlace(level: 2, hasChildren: true, isExpanded: false)
        #expect(cell.indentationLevel == 2)
        cell.indentationLevel = 0
        #expect(cell.indentationLevel == 0)
        cell.prepareForReuse()
        #expect(cell.indentationLevel == 0 && cell.outline == nil)
    }
}
