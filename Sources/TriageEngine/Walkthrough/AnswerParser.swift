import StrokeModels

/// Parses typed answers: numbers with '.' or ',' as the decimal separator,
/// yes/no in English and German, and `lat,lon` coordinates. Pure functions.
public enum AnswerParser {
    /// The words taken as yes (case-insensitive).
    public static let yesWords: Set<String> = ["y", "yes", "j", "ja"]
    /// The words taken as no (case-insensitive).
    public static let noWords: Set<String> = ["n", "no", "nein"]

    /// The text without leading and trailing spaces, tabs and carriage returns.
    public static func trimmed(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        var slice = Substring(text)
        while let first = slice.first, blank(first) { slice.removeFirst() }
        while let last = slice.last, blank(last) { slice.removeLast() }
        return String(slice)
    }

    /// `true` for yes, `false` for no, `nil` for anything else.
    public static func yesNo(_ text: String) -> Bool? {
        let word = trimmed(text).lowercased()
        if yesWords.contains(word) { return true }
        if noWords.contains(word) { return false }
        return nil
    }

    /// A finite decimal number; one ',' is read as the decimal point.
    /// Signs, digits and one separator only (no exponents, no grouping).
    public static func number(_ text: String) -> Double? {
        let t = trimmed(text)
        guard !t.isEmpty else { return nil }
        var body = Substring(t)
        var sign = ""
        if let first = body.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        var digits = 0, separators = 0
        var normalized = sign
        for c in body {
            if c.isASCII, c.isNumber { digits += 1; normalized.append(c) }
            else if c == "." || c == "," { separators += 1; normalized.append(".") }
            else { return nil }
        }
        guard digits > 0, separators <= 1, let value = Double(normalized), value.isFinite else { return nil }
        return value
    }

    /// A coordinate typed as `lat,lon` ('.' decimals), `lat;lon` or `lat lon`
    /// (either decimal separator). Ranges are checked by the caller.
    public static func coordinate(_ text: String) -> Coordinate? {
        let t = trimmed(text)
        var parts: [Substring]
        if t.contains(";") {
            parts = t.split(separator: ";", omittingEmptySubsequences: false)
        } else if t.contains(" ") || t.contains("\t") {
            parts = t.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if parts.count == 2 {
                parts = parts.map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
            }
        } else {
            parts = t.split(separator: ",", omittingEmptySubsequences: false)
        }
        guard parts.count == 2, let lat = number(String(parts[0])), let lon = number(String(parts[1])) else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }
}
