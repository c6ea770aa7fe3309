/// Text that came from a user or a file, made safe to show on a terminal.
public extension String {
    /// The string with every control character written as a visible escape
    /// (`\u{1B}` for ESC, `\n` for a line feed, `\t` for a tab), so that input
    /// quoted in a message can never move the cursor, retitle the window or
    /// reorder text: C0 and C1 controls, DEL, and the Unicode bidirectional
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where Self.isControl(scalar):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
