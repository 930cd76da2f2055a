import GridKit

extension InputEvent {
    /// Parses a compact key script: `down*3, pgdn, enter, text:abc, esc, resize:40x12`.
    /// Single characters stand for themselves (`q`, `?`, `/`); `ctrl-c` is Ctrl plus a letter,
    /// `alt-b` Alt plus a character; `del` is Delete; `paste:abc` is one bracketed paste.
    public static func script(_ s: String) -> [InputEvent] {
        var out: [InputEvent] = []
        for raw in s.split(separator: ",") {
            let token = String(raw).trimmed()
            var name = token, count = 1
            if let star = token.lastIndex(of: "*"), let n = Int(token[token.index(after: star)...]) {
                name = String(token[..<star]); count = n
            }
            let events: [InputEvent]
            switch name {
            case "up": events = [.key(.up)]
            case "down": events = [.key(.down)]
            case "left": events = [.key(.left)]
            case "right": events = [.key(.right)]
            case "pgup": events = [.key(.pageUp)]
            case "pgdn": events = [.key(.pageDown)]
            case "home": events = [.key(.home)]
            case "end": events = [.key(.end)]
            case "enter": events = [.key(.enter)]
            case "esc": events = [.key(.escape)]
            case "tab": events = [.key(.tab)]
            case "space": events = [.key(.character(" "))]
            case "bs": events = [.key(.backspace)]
            case "del": events = [.key(.delete)]
            default:
                if name.hasPrefix("text:") {
                    events = name.dropFirst(5).map { InputEvent.key(.character($0)) }
                } else if name.hasPrefix("resize:"), let size = parseSize(name.dropFirst(7)) {
                    events = [.resize(size)]
                } else if name.hasPrefix("paste:") {
                    events = [.paste(String(name.dropFirst(6)))]
                } else if name.hasPrefix("alt-"), name.count == 5 {
                    events = [.key(.alt(name.last!))]
                } else if name.hasPrefix("ctrl-"), name.count == 6 {
                    events = [.key(.control(name.last!))]
                } else if name.count == 1 {
                    events = [.key(.character(name.first!))]
                } else {
                    preconditionFailure("unknown key '\(name)' in script")
                }
            }
            for _ in 0..<count { out += events }
        }
        return out
    }
}

private func parseSize(_ s: Substring) -> Size? {
    let parts = s.split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
    return Size(width: w, height: h)
}

extension String {
    fileprivate func trimmed() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
