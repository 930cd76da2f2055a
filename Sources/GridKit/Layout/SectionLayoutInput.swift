/// What a layout needs to know about one section: its count, metrics and item sizes.
package struct SectionLayoutInput {
    package enum Sizes {
        /// Every item has this size.
        case uniform(Size)
        /// One size per item, in order.
        case varied([Size])
        /// Self-sizing: every item starts at this size; measured cells then set their own
        /// main-axis extent.
        case selfSizing(estimated: Size)
    }
    package var count: Int
    package var sizes: Sizes
    package var inset: EdgeInsets
    package var lineSpacing: Int
    package var interitemSpacing: Int
    package var headerSize: Size
    package var footerSize: Size

    package init(
        count: Int, sizes: Sizes, inset: EdgeInsets = .zero, lineSpacing: Int = 0, interitemSpacing: Int = 0,
        headerSize: Size = .zero, footerSize: Size = .zero
    ) {
        self.count = count; self.sizes = sizes; self.inset = inset; self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing; self.headerSize = headerSize; self.footerSize = footerSize
    }
}
