/// A position in terminal cells: `x` is the column, `y` the row, both from the top-left.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle of terminal cells; `maxX`/`maxY` are exclusive.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Int { origin.x }
    public var minY: Int { origin.y }
    public var maxX: Int { origin.x + size.width }
    public var maxY: Int { origin.y + size.height }
    public var width: Int { size.width }
    public var height: Int { size.height }
    public var midX: Int { origin.x + size.width / 2 }
    public var midY: Int { origin.y + size.height / 2 }
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
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }
    public var description: String { "(\(minX), \(minY), \(width)×\(height))" }
}

/// Insets in terminal cells, as UIKit's `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Int
    public var left: Int
    public var bottom: Int
    public var right: Int
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
}

/// An item's address: its section and its position within the section.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    /// UIKit's argument order: item first.
    public init(item: Int, section: Int) { self.item = item; self.section = section }
    /// Reading order: by section, then item.
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
    public var description: String { "[\(section), \(item)]" }
}
