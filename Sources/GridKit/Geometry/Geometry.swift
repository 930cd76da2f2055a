/// A position in terminal cells: `x` is the column, `y` the row, both from the top-left.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Column, from the left.
    public var x: Int
    /// Row, from the top.
    public var y: Int
    /// The point at column `x`, row `y`.
    public init(x: Int, y: Int) { self.x = x; self.y = y }
    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)
    /// Debug text: `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// A size of `width` columns by `height` rows.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// No size at all.
    public static let zero = Size(width: 0, height: 0)
    /// Debug text: `W×H`.
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle of terminal cells; `maxX`/`maxY` are exclusive.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// Columns and rows.
    public var size: Size
    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rectangle from its corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left column.
    public var minX: Int { origin.x }
    /// The top row.
    public var minY: Int { origin.y }
    /// One past the right column.
    public var maxX: Int { origin.x + size.width }
    /// One past the bottom row.
    public var maxY: Int { origin.y + size.height }
    /// Columns.
    public var width: Int { size.width }
    /// Rows.
    public var height: Int { size.height }
    /// The middle column (rounded down).
    public var midX: Int { origin.x + size.width / 2 }
    /// The middle row (rounded down).
    public var midY: Int { origin.y + size.height / 2 }
    /// True when it covers no cell.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether the point is inside (`maxX`/`maxY` are outside).
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// Whether `r` lies wholly inside.
    public func contains(_ r: Rect) -> Bool {
        r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }
    /// Whether the two share at least one cell (empty rectangles share none).
    public func intersects(_ r: Rect) -> Bool {
        !isEmpty && !r.isEmpty && r.minX < maxX && r.maxX > minX && r.minY < maxY && r.maxY > minY
    }
    /// The overlap of two rectangles; an empty rectangle when they do not meet.
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The same size, moved.
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    /// The rectangle shrunk by `insets` on each side (never below zero size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: max(0, width - insets.left - insets.right),
            height: max(0, height - insets.top - insets.bottom))
    }
    /// Debug text: `(x, y, W×H)`.
    public var description: String { "(\(minX), \(minY), \(width)×\(height))" }
}

/// Insets in terminal cells, as UIKit's `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    /// Rows above.
    public var top: Int
    /// Columns on the left.
    public var left: Int
    /// Rows below.
    public var bottom: Int
    /// Columns on the right.
    public var right: Int
    /// Insets on each side, zero by default.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No insets.
    public static let zero = EdgeInsets()
}

/// An item's address: its section and its position within the section.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, from 0.
    public var section: Int
    /// The item within its section, from 0.
    public var item: Int
    /// UIKit's argument order: item first.
    public init(item: Int, section: Int) { self.item = item; self.section = section }
    /// Reading order: by section, then item.
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
    /// Debug text: `[section, item]`.
    public var description: String { "[\(section), \(item)]" }
}
