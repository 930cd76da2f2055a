extension ScreenHost {
    /// A canvas of `size` that draws as this host shows: its colours, pictures, background and glyphs.
    func makeCanvas(size: Size) -> Canvas {
        let canvas = Canvas(size: size, colorMode: colorMode)
        canvas.graphicsMode = graphicsMode
        canvas.backgroundTone = backgroundTone
        canvas.glyphSet = glyphSet
        return canvas
    }

    /// The services this host gives a screen `depth` deep on the navigation stack.
    func screenContext(depth: Int) -> ScreenContext {
        ScreenContext(
            mailbox: mailbox, colorMode: colorMode, depth: depth, graphicsMode: graphicsMode,
            cellPixelSize: cellPixelSize,
            backgroundTone: backgroundTone, prepareImage: imagePreparer, prepareCells: cellPreparer, clock: clock,
            pictureSymbols: pictureSymbols)
    }
}
