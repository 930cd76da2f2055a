/// Told when the text of a `SearchController`'s search bar changed
/// (`UISearchResultsUpdating`): filter the content here, and apply it.
@MainActor
public protocol SearchResultsUpdating: AnyObject {
    /// The search bar's text changed (a key, a paste, or a cancel that emptied it): update
    /// what the screen shows to match `searchController.searchBar.text`.
    func updateSearchResults(for searchController: SearchController)
}

/// A search bar over a screen's grid (`UISearchController`). A screen that has one
/// (`Screen.searchController`) gets it on `/`: the bar shows on the grid's first row and has the
/// keys, each edit tells the `searchResultsUpdater`, Enter or ↓ hand the keys back to the grid
/// (the bar stays, with its text), Esc cancels (empties it and hides it), `/` takes it up again.
///
/// ```swift
/// lazy var searchController: SearchController? = {
///     let search = SearchController(placeholder: "name or number")
///     search.searchResultsUpdater = self
///     return search
/// }()
/// ```
@MainActor
public final class SearchController {
    /// The field the user types in; its text is the query.
    public let searchBar: TextField
    /// Told of every change to the query.
    public weak var searchResultsUpdater: (any SearchResultsUpdating)?
    /// Drawn before the field.
    public var prompt = "/ "
    /// Whether the bar shows. Setting it true gives the bar the keys; false cancels the search
    /// (empties the text and tells the updater when there was any).
    public var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            searchBar.isFirstResponder = isActive
            if !isActive && !searchBar.isEmpty {
                searchBar.text = ""
                searchResultsUpdater?.updateSearchResults(for: self)
            }
        }
    }

    /// A search controller whose bar shows `placeholder` while empty, and keeps at most
    /// `maxLength` characters.
    public init(placeholder: String = "Search", maxLength: Int = 4096) {
        searchBar = TextField(placeholder: placeholder, maxLength: maxLength)
        searchBar.editingChanged = { [unowned self] _ in searchResultsUpdater?.updateSearchResults(for: self) }
    }

    /// True while the bar has the keys.
    public var isEditing: Bool { isActive && searchBar.isFirstResponder }

    /// Takes the keys the bar has a use for: all editing while it has them, `/` to take them
    /// (`searchKey`), Esc to cancel. False leaves the event to the screen and the grid.
    package func handle(_ event: InputEvent, searchKey: Bool) -> Bool {
        if isEditing {
            switch event {
            case .key(.enter), .key(.down), .key(.tab):
                searchBar.isFirstResponder = false
                return true
            case .key(.escape):
                isActive = false
                return true
            case .key, .paste:
                _ = searchBar.handle(event)
                return true // every other key is the field's, used or not: none reaches the grid
            default:
                return false
            }
        }
        if searchKey {
            isActive = true
            searchBar.isFirstResponder = true
            return true
        }
        if isActive, event == .key(.escape) {
            isActive = false
            return true
        }
        return false
    }

    /// Draws the bar on row `y`, `width` wide: the prompt, then the field; a note at its right
    /// end when the last paste was cut.
    package func draw(in canvas: Canvas, y: Int, width: Int) {
        let promptStyle = Style(foreground: .cyan, attributes: .bold)
        canvas.fill(Rect(x: 0, y: y, width: width, height: 1), style: .plain)
        let used = canvas.drawText(prompt, at: Point(x: 0, y: y), style: promptStyle, maxWidth: width)
        var room = width - used
        if searchBar.wasTruncated {
            let note = " cut at \(searchBar.maxLength) characters"
            let w = TextWidth.width(of: note)
            if w < room / 2 {
                canvas.drawText(note, at: Point(x: width - w, y: y), style: Style(foreground: .yellow), maxWidth: w)
                room -= w
            }
        }
        searchBar.draw(in: canvas, at: Point(x: used, y: y), width: room)
    }
}
