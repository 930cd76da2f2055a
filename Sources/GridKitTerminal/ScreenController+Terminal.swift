import GridKit

extension ScreenController {
    /// A controller that draws on `terminal`. With `quitsWhenRootPops`, going back from the
    /// first screen (Esc, q) ends the run; without, it does nothing there and only `.quit`
    /// (Ctrl-C) ends it. `keyBindings` says what the keys do, for every screen's grid and for
    /// navigation.
    ///
    /// The host a controller draws on (`ScreenHost`) is the package's own seam: a `Terminal`
    /// here, a headless host in `GridKitTesting`'s harnesses.
    public convenience init(
        host terminal: Terminal, quitsWhenRootPops: Bool = false, keyBindings: KeyBindings = .standard
    ) {
        self.init(host: terminal as any ScreenHost, quitsWhenRootPops: quitsWhenRootPops, keyBindings: keyBindings)
    }
}
