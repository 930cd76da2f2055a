import Foundation
import GridKit

import struct GridKit.IndexPath // not Foundation's

/// The contacts list: A–Z sections with sticky headers, a list or card layout (`v`), a filter
/// (`/`), letter jumps, and Enter for the detail screen.
package final class ContactsScreen: Screen, GridDelegate, SearchResultsUpdating, ExitReporting {
    package enum Arrangement { case list, cards }

    private(set) var directory: ContactDirectory
    /// Problems met while loading (missing files, skipped cards), one line each.
    package private(set) var problems: [String]
    private(set) var arrangement: Arrangement
    /// The filter's search bar (`/`): each key or paste filters once.
    package lazy var searchController: SearchController? = {
        let search = SearchController(placeholder: "name, organisation, email or phone")
        search.searchResultsUpdater = self
        return search
    }()
    /// Whether the search bar has the keys.
    var isTypingFilter: Bool { searchController?.isEditing == true }
    private weak var grid: GridView?
    /// The first screen (q quits) or one opened from another (q goes back).
    private var isRoot = true
    /// The grid's data source once attached; the methods below answer the same from the directory.
    private var contents: GridDiffableDataSource<String, Int>?
    /// Files still to read: they are read off the main thread once the screen is up.
    private var pendingPaths: [RawPath]?
    /// Favourites (marked with `f`, ordered in the groups sidebar) and the group shown: for the
    /// session only, never written to the vCards.
    package let choices = ContactGroupsScreen.Choices()

    package convenience init(contacts: [Contact], problems: [String] = [], arrangement: Arrangement = .list) {
        self.init(directory: ContactDirectory(contacts), problems: problems, arrangement: arrangement)
    }

    /// Contacts already loaded and sorted.
    package init(directory: ContactDirectory, problems: [String] = [], arrangement: Arrangement = .list) {
        self.directory = directory
        self.problems = problems
        self.arrangement = arrangement
    }

    /// Contacts from vCard files and folders, read in the background: the screen shows at once
    /// and fills in when a large address book has been read and sorted.
    package init(paths: [RawPath], arrangement: Arrangement = .list) {
        directory = ContactDirectory([])
        problems = []
        self.arrangement = arrangement
        pendingPaths = paths
    }

    var isLoading: Bool { pendingPaths != nil }

    package var exitMessages: [String] { problems }

    package var title: String {
        if isLoading {
            return
                "Contacts · reading \(pendingPaths!.count == 1 ? pendingPaths![0].description : "\(pendingPaths!.count) files")…"
        }
        let count =
            directory.filter.isEmpty
            ? directory.count.formatted : "\(directory.visibleCount.formatted) of \(directory.count.formatted)"
        var t = "Contacts · \(count) · \(arrangement == .list ? "list" : "cards")"
        if let group = directory.group { t += " · \(group.title)" }
        if !problems.isEmpty {
            t += " · \(problems.count.formatted) problem\(problems.count == 1 ? "" : "s") (! lists)"
        }
        return t
    }

    package var keyHints: [KeyHint] {
        isTypingFilter
            ? [KeyHint("type", "to filter"), .select("keep"), KeyHint([.back], "clear")]
            : [
                .moveUpDown, .select("open"), KeyHint("/", "filter"), KeyHint("g", "groups"), KeyHint("f", "star"),
                KeyHint("v", "cards"),
                .help, isRoot ? .quit : .back
            ]
    }

    package var keyHelp: [KeyHelp] {
        [
            KeyHelp("/", "filter as you type (name, organisation, email, phone)"),
            KeyHelp("v", "list or cards"),
            KeyHelp("g", "groups: favourites, the cards' groups and organisations; Enter shows one in the list"),
            KeyHelp("f", "mark or unmark the contact as a favourite (for this session)"),
            KeyHelp("!", "the problems met reading the files (also listed on exit)"),
            KeyHelp(
                "a–z  #",
                "jump to a letter (Shift+letter for \(takenLetters.map(String.init).joined(separator: " "))), # to names in other scripts"
            )
        ]
    }

    package func makeLayout() -> any GridLayout {
        let layout = FlowLayout()
        apply(arrangement, to: layout)
        layout.headerReferenceSize = Size(width: 0, height: 1)
        layout.sectionHeadersPinToVisibleBounds = true
        return layout
    }

    private func apply(_ a: Arrangement, to layout: FlowLayout) {
        switch a {
        case .list:
            layout.itemSize = Size(width: FlowLayout.fullLine, height: 1)
            layout.estimatedItemSize = .zero
            layout.minimumLineSpacing = 0
            layout.sectionInset = .zero
        case .cards:
            layout.itemSize = ContactCardCell.size
            layout.estimatedItemSize = ContactCardCell.size // cards size themselves
            layout.minimumLineSpacing = 1
            layout.minimumInteritemSpacing = 2
            layout.sectionInset = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        }
    }

    package func registerCells(in gridView: GridView) {
        gridView.register(ContactRowCell.self)
        gridView.register(ContactCardCell.self)
        gridView.register(SectionHeaderCell.self, forSupplementaryViewOfKind: .header)
    }

    package func attach(to gridView: GridView, context: ScreenContext) {
        grid = gridView
        isRoot = context.isRoot
        // g opens the groups and G jumps to its letter here: not the grid's first and last
        // (Home and End are), and so not in the help either.
        gridView.keyBindings.bind(.character("g"), to: nil)
        gridView.keyBindings.bind(.character("G"), to: nil)
        // Sections by letter, items by contact: filtering applies a snapshot, and the focus stays
        // on its contact wherever it lands (or on the nearest one left when it is filtered out).
        let contents = GridDiffableDataSource<String, Int>(gridView: gridView) { [weak self] grid, ip, _ in
            self?.cell(in: grid, at: ip) ?? GridCell()
        }
        contents.supplementaryViewProvider = { [weak self] grid, kind, ip in
            self?.header(in: grid, ofKind: kind, at: ip)
        }
        self.contents = contents
        showDirectory()
        guard let paths = pendingPaths else { return }
        let mailbox = context.mailbox
        BackgroundThread.start(name: "gk-contacts") { [weak self] in
            let loaded = ContactSources.load(paths: paths)
            let directory = ContactDirectory(store: loaded.store)
            let problems = loaded.problems, readGroups = directory.groupReader, store = loaded.store
            mailbox.post { self?.finishLoading(directory, problems: problems) }
            // Then the groups, ready for the first `g`, on a thread that yields to the one
            // putting the list on screen.
            BackgroundThread.start(name: "gk-groups", lowPriority: true) {
                let groups = readGroups()
                mailbox.post { self?.keep(groups, readFrom: store) }
            }
        }
    }

    /// Groups read on the loading thread, kept by the directory whose cards they were read from.
    private func keep(_ groups: ContactDirectory.AllGroups, readFrom store: ContactStore) {
        guard directory.store === store else { return }
        directory.keep(groups)
        groupsKept = true
    }

    /// Whether the groups read on the loading thread have reached the directory (for tests).
    package private(set) var groupsKept = false

    private func finishLoading(_ loaded: ContactDirectory, problems: [String]) {
        directory = loaded
        self.problems = problems
        pendingPaths = nil
        showDirectory()
    }

    /// Applies what the directory shows now as a snapshot (one O(n) diff, one batch).
    private func showDirectory() {
        guard let contents else { grid?.reloadData(); return }
        var snapshot = GridSnapshot<String, Int>()
        for section in directory.sections {
            snapshot.appendSections([section.letter])
            snapshot.appendItems(section.members, toSection: section.letter)
        }
        // Letters and contact indexes are unique by construction, so this cannot throw.
        try? contents.apply(snapshot)
    }

    // MARK: Content

    /// The diffable data source made in `attach`: the counts are its snapshot's.
    package func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { contents }

    private func cell(in gridView: GridView, at indexPath: IndexPath) -> GridCell {
        switch arrangement {
        case .list:
            let cell = gridView.dequeue(ContactRowCell.self, for: indexPath)
            cell.row = directory.row(at: indexPath)
            cell.isFavourite =
                !choices.favourites.isEmpty && choices.favourites.contains(directory.contactIndex(at: indexPath))
            return cell
        case .cards:
            let cell = gridView.dequeue(ContactCardCell.self, for: indexPath)
            cell.contact = directory.contact(at: indexPath)
            return cell
        }
    }

    private func header(in gridView: GridView, ofKind kind: ElementKind, at indexPath: IndexPath) -> GridCell? {
        let header = gridView.dequeueSupplementary(SectionHeaderCell.self, ofKind: kind, for: indexPath)
        let section = directory.sections[indexPath.section]
        header.title = section.letter
        header.detail = section.members.count.formatted
        return header
    }

    /// Enter or a double click opens the contact.
    package func gridView(_ gridView: GridView, didSelectItemAt indexPath: IndexPath) {
        gridView.deselectItem(at: indexPath)
    }

    package func action(forSelectedItemAt indexPath: IndexPath, in gridView: GridView) -> ScreenAction {
        .push(ContactDetailScreen(contact: directory.contact(at: indexPath)))
    }

    // MARK: Keys

    /// Lower-case letters that mean something else here: the grid's and navigation's bindings,
    /// and this screen's own `v`. Shift+letter jumps for those.
    private var takenLetters: [Character] {
        let bound = (grid?.keyBindings ?? .standard).entries.compactMap { e -> Character? in
            if case .character(let c) = e.key, c.isLetter, c.isLowercase { return c } else { return nil }
        }
        return bound + ["v", "g", "f"].filter { !bound.contains($0) }
    }

    package func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .character("!") where !problems.isEmpty:
            return .push(MessagesScreen("Problems", messages: problems))
        case .character("v"):
            arrangement = arrangement == .list ? .cards : .list
            if let flow = gridView.flowLayout { apply(arrangement, to: flow) }
            gridView.reloadData() // same sections and items: the focus stays on its contact
            return .handled
        case .escape where !directory.filter.isEmpty:
            searchController?.isActive = false // empties the bar, which filters again
            if !directory.filter.isEmpty { refilter("", gridView) }
            return .handled
        case .escape where directory.group != nil:
            directory.setGroup(nil)
            showDirectory()
            return .handled
        case .character("g") where !isLoading:
            choices.group = directory.group
            return .push(
                ContactGroupsScreen(directory: directory, choices: choices) { [weak self, weak gridView] group in
                    guard let self else { return }
                    directory.setGroup(group)
                    showDirectory()
                    gridView?.setNeedsDisplay()
                })
        case .character("f"):
            guard let f = gridView.focusedIndexPath, f.section < directory.sections.count else { return .handled }
            let index = directory.contactIndex(at: f)
            if let at = choices.favourites.firstIndex(of: index) {
                choices.favourites.remove(at: at)
            } else {
                choices.favourites.append(index)
            }
            gridView.reloadItems(at: [f])
            return .handled
        case .character(let c) where c == "#" || c.isLetter && (c.isUppercase || !takenLetters.contains(c)):
            if let s = directory.section(forLetter: c) {
                gridView.focusItem(at: IndexPath(item: 0, section: s));
                gridView.scrollToItem(at: IndexPath(item: 0, section: s), at: .top)
            }
            return .handled
        default:
            return .ignored
        }
    }

    /// Applies a new filter; the snapshot keeps the focus on its contact.
    private func refilter(_ text: String, _ gridView: GridView) {
        directory.setFilter(text)
        showDirectory()
        gridView.contentUnavailableConfiguration =
            text.isEmpty
            ? nil
            : ContentUnavailableConfiguration(
                image: "⌕", text: "No contacts match “\(text)”", secondaryText: "Esc clears the search.")
        gridView.setNeedsDisplay()
    }

    /// The search bar's text changed (a key, a paste, a cancel): filter once.
    package func updateSearchResults(for searchController: SearchController) {
        guard let grid else { return }
        refilter(searchController.searchBar.text, grid)
    }

    // MARK: Overlay

    package func drawOverlay(in canvas: Canvas, gridView: GridView) {
        if isLoading {
            canvas.drawCenteredMessage("Reading contacts…", in: gridView.frame)
        } else if directory.count == 0 {
            var message = "No contacts."
            if let first = problems.first { message += "\n\n" + first }
            if problems.count > 1 {
                let more = problems.count - 1
                message += "\n(and \(more) more \(more == 1 ? "problem" : "problems"): ! lists them)"
            }
            canvas.drawCenteredMessage(message, in: gridView.frame)
        }
    }
}
