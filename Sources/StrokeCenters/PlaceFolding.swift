import Foundation

/// Case- and diacritic-insensitive keys for place and center names.
public enum PlaceFolding {
    /// Lower-cased, ß → ss, ä/ö/ü → ae/oe/ue, other diacritics removed,
    /// hyphens and runs of spaces made single spaces.
    public static func fold(_ text: String) -> String {
        var s = text.lowercased()
        for (from, to) in [("ß", "ss"), ("ä", "ae"), ("ö", "oe"), ("ü", "ue")] {
            s = s.replacingOccurrences(of: from, with: to)
        }
        return normalize(s)
    }

    /// Like `fold`, but umlauts become plain vowels ("Munchen" for "München").
    public static func foldPlain(_ text: String) -> String {
        normalize(text.lowercased().replacingOccurrences(of: "ß", with: "ss"))
    }

    private static func normalize(_ s: String) -> String {
        let stripped = s.applyingTransform(.stripDiacritics, reverse: false) ?? s
        let spaced = stripped.map { $0 == "-" || $0 == "_" ? " " : $0 }
        return String(spaced).split(separator: " ").joined(separator: " ")
    }
}
