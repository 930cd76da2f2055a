import Foundation
import GridKit
import Testing

/// griddemo's manual (Sources/griddemo/README.md) shows the keys every screen has: the key map itself.
@Suite struct KeyTableTests {
    @Test func manualKeyTableIsTheStandardBindings() throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/griddemo/README.md")
        let text = try String(contentsOf: manual, encoding: .utf8)
        let table = "| keys | does |\n|---|---|\n" + KeyBindings.standard.markdownRows + "\n\n"
        #expect(
            text.contains(table),
            "griddemo's manual: the key table differs from KeyBindings.standard; it should read:\n\(table)")
    }

    @Test func bindingsCanBeChanged() {
        var keys = KeyBindings.standard
        #expect(
            keys.action(for: .backspace) == .deleteItem,
            "Backspace deletes a row with a delete accessory, as Delete does")
        keys.backspaceGoesBack = true
        #expect(keys.action(for: .backspace) == .back && keys.help.contains { $0.keys.contains("Backspace") })
        keys.bind(.character("j"), to: nil)
        #expect(keys.action(for: .character("j")) == nil && keys.keys(for: .moveDown) == [.down])
    }
}
