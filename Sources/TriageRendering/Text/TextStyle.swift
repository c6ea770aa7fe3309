import StrokeModels

/// How human text looks: ANSI colour on or off, and the width lines wrap at.
///
/// A plain value: the front-end decides it (the CLI turns colour on only on a
/// TTY with `NO_COLOR` unset and without `--no-color`). Colour never carries
/// meaning alone (levels are always written in words).
public struct TextStyle: Sendable, Hashable {
    /// Whether ANSI colour is used.
    public let colour: Bool
    /// The line width human output wraps at.
    public let width: Int

    /// A style; the default is plain text at 80 columns (reports, tests).
    public init(colour: Bool = false, width: Int = 80) {
        self.colour = colour
        self.width = width
    }

    /// Bold text (headings).
    public func bold(_ text: String) -> String { paint(text, "1") }

    /// A risk level's word, coloured by level when colour is on.
    public func level(_ text: String, _ level: RiskLevel) -> String {
        switch level {
        case .low: return paint(text, "32")
        case .medium: return paint(text, "33")
        case .high: return paint(text, "31")
        case .critical: return paint(text, "1;31")
        }
    }

    /// Warning lines (they also start with "!").
    public func warning(_ text: String) -> String { paint(text, "33") }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Wraps one line, keeping its indent; continuation lines of an indented
    /// line (bullets, lists of centers) go two columns further.
    public func wrapKeepingIndent(_ line: String) -> [String] {
        let lead = String(line.prefix { $0 == " " })
        return wrap(String(line.dropFirst(lead.count)), indent: lead, hangingIndent: lead.isEmpty ? "" : lead + "  ")
    }

    /// Wraps text at word boundaries to `width` columns; continuation lines get `hangingIndent`.
    public func wrap(_ text: String, indent: String = "", hangingIndent: String? = nil) -> [String] {
        let continuation = hangingIndent ?? indent
        var lines: [String] = []
        var current = indent
        var currentWidth = indent.count
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = Self.visibleWidth(String(word))
            if lineHasWord && currentWidth + 1 + wordWidth > width {
                lines.append(current)
                current = continuation + word
                currentWidth = continuation.count + wordWidth
            } else {
                if lineHasWord { current += " "; currentWidth += 1 }
                current += word
                currentWidth += wordWidth
            }
            lineHasWord = true
        }
        lines.append(current)
        return lines
    }

    /// Display width without ANSI escapes (one column per character).
    public static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for c in text {
            if inEscape { if c == "m" { inEscape = false }; continue }
            if c == "\u{1B}" { inEscape = true; continue }
            width += 1
        }
        return width
    }

    /// Pads text with spaces to a display width.
    public static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - visibleWidth(text)))
    }
}
