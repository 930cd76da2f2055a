/// How many columns a terminal gives emoji sequences, as measured at start (cursor position
/// reports after writing one of each).
///
/// GridKit lays a sequence out in two columns, as Unicode and most current terminals do. A
/// terminal without ZWJ support draws `👩‍💻` as its two emoji in four; one without flags draws
/// `🇯🇵` as two boxed letters. Sent whole there, the sequence would overrun the cells after it,
/// so the frame writer sends what fits the two columns instead: the first emoji of a ZWJ or
/// skin-tone sequence, a flag's country code in letters.
package struct EmojiSequenceWidths: Equatable, Sendable {
    /// A ZWJ sequence (`👩‍💻`).
    package var joined: Int
    /// A flag (two regional indicators, `🇯🇵`).
    package var flag: Int
    /// An emoji with a skin tone (`👍🏽`).
    package var modified: Int

    /// Creates widths; 2 is what a terminal that shows the sequences as one emoji gives.
    package init(joined: Int = 2, flag: Int = 2, modified: Int = 2) {
        self.joined = joined
        self.flag = flag
        self.modified = modified
    }
}
