/// Text that came from a user, a file or another device, made safe to show on a terminal.
public extension String {
    /// The string with every control character written as a visible escape
    /// (`\u{1B}` for ESC, `\n` for a line feed, `\t` for a tab), so that input
    /// quoted in a message can never move the cursor, retitle the window or
    /// reorder text: C0 and C1 controls, DEL, the Unicode bidirectional
    /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the
    /// directional marks (U+200E, U+200F, U+061C) and the line and paragraph
    /// separators (U+2028, U+2029).
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isTerminalControl) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.isTerminalControl:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// JSON text with every control character that JSON allows raw inside a string
    /// (DEL, C1, the bidirectional controls and marks, U+2028/U+2029) written as a
    /// `\uXXXX` escape: the same JSON value, but a line that `cat` or `less` shows
    /// in order and without terminal effects. C0 controls are escaped by every
    /// JSON writer already (they may not appear raw in JSON).
    var escapingControlCharactersInJSON: String {
        guard unicodeScalars.contains(where: { $0.value >= 0x7F && $0.isTerminalControl }) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 16)
        for scalar in unicodeScalars {
            if scalar.value >= 0x7F, scalar.isTerminalControl {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

public extension Unicode.Scalar {
    /// True for a character that must never reach an operator's terminal raw: C0 and
    /// C1 controls, DEL, the bidirectional embeddings, overrides and isolates
    /// (U+202A–U+202E, U+2066–U+2069), the directional marks (U+200E, U+200F,
    /// U+061C) and the line and paragraph separators (U+2028, U+2029).
    var isTerminalControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
