/// What a `FlowLayout` asks its grid's delegate (UIKit's `UICollectionViewDelegateFlowLayout`):
/// sizes, insets and spacings per item or section. Every method is optional; nil means "use
/// the layout's property".
@MainActor
public protocol GridDelegateFlowLayout: GridDelegate {
    func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size?
    func gridView(_ gridView: GridView, layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets?
    func gridView(_ gridView: GridView, layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Int?
    func gridView(_ gridView: GridView, layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) -> Int?
    func gridView(_ gridView: GridView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size?
    func gridView(_ gridView: GridView, layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size?
}

extension GridDelegateFlowLayout {
    /// Default: nil, the layout's property.
    public func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? { nil }
    /// Default: nil, the layout's property.
    public func gridView(_ gridView: GridView, layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? {
        nil
    }
    /// Default: nil, the layout's property.
    public func gridView(_ gridView: GridView, layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Int?
    { nil }
    /// Default: nil, the layout's property.
    public func gridView(_ gridView: GridView, layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int)
        -> Int?
    { nil }
    /// Default: nil, the layout's property.
    public func gridView(_ gridView: GridView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int)
        -> Size?
    { nil }
    /// Default: nil, the layout's property.
    public func gridView(_ gridView: GridView, layout: FlowLayout, referenceSizeForFooterInSection section: Int)
        -> Size?
    { nil }
}

extension GridView {
    /// The layout as a `FlowLayout`, when it is one (for its flow-only properties).
    public var flowLayout: FlowLayout? { layout as? FlowLayout }
}
