import GridKit
import GridKitTesting
import Testing

@testable import Demos

/// The numbers grid placed by `CompositionalLayout` draws what the `FlowLayout` grid draws,
/// through the same keys, at a width the tiles fill exactly (7 tiles of 12 and 6 gaps, the
/// insets and the scroll bar: 93 columns); at other widths the flow layout spreads the leftover
/// space between tiles (justified) where the composed group keeps it at the end, as UIKit's does.
@MainActor @Suite struct ComposedNumbersTests {
    @Test func composedTilesDrawAsTheFlowGridDoes() {
        let keys = "down*7,right*3,pgdn*3,end,up*2,left"
        let flow = ScreenHarness(size: Size(width: 93, height: 30)).run(
            NumbersScreen(count: 100_000, arrangement: .grid), keys: keys)
        let composed = ScreenHarness(size: Size(width: 93, height: 30)).run(
            NumbersScreen(count: 100_000, arrangement: .compositional), keys: keys)
        let flowText = flow.frame.text.replacingOccurrences(of: "· grid", with: "·"),
            composedText = composed.frame.text.replacingOccurrences(of: "· compositional", with: "·")
        #expect(composedText == flowText, "\n\(composedText)\n---- flow:\n\(flowText)")
        #expect(
            composed.focusedIndexPath == flow.focusedIndexPath && (composed.focusedIndexPath?.section ?? 0) > 90,
            "\(String(describing: composed.focusedIndexPath))")
    }
}
