import Foundation
import GridKit
import Testing

/// The README's table of the keys every screen has is the key map itself.
@Suite struct KeyTableTests {
    @Test func readmeKeyTableIsTheStandardBindings() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table = "| keys | does |\n|---|---|\n" + KeyBindings.standard.markdownRows + "\n\n"
        #expect(text.contains(table), "README's key table differs from KeyBindings.standard; it should read:\n\(table)")
    }

    @Test func bindingsCanBeChanged() {
        var keys = KeyBindings.standard
        #expect(keys.action(for: .backspace) == .deleteItem, "Backspace deletes a row with a delete accessory, as Delete does")
        keys.backspaceGoesBack = true
        #expect(keys.action(for: .backspace) == .back && keys.help.contains { $0.keys.contains("Backspace") })
        keys.bind(.character("j"), to: nil)
        #expect(keys.action(for: .character("j")) == nil && keys.keys(for: .moveDown) == [.down])
    }
}
