import Foundation

/// Case- and diacritic-insensitive keys for place and center names.
public enum PlaceFolding {
    /// Lower-cased, ß → ss, ä/ö/ü → ae/oe/ue, other diacritics removed,
    /// hyphens, underscores and runs of spaces made single spaces.
    public static func fold(_ text: String) -> String { fold(text, umlautsAsE: true) }

    /// Like `fold`, but umlauts become plain vowels ("Munchen" for "München").
    public static func foldPlain(_ text: String) -> String { fold(text, umlautsAsE: false) }

    private static func fold(_ text: String, umlautsAsE: Bool) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var ascii = true
        for scalar in text.lowercased().unicodeScalars {
            let replacement: String?
            switch scalar {
            case "ß": replacement = "ss"
            case "ä": replacement = umlautsAsE ? "ae" : "a"
            case "ö": replacement = umlautsAsE ? "oe" : "o"
            case "ü": replacement = umlautsAsE ? "ue" : "u"
            default: replacement = nil
            }
            if scalar == " " || scalar == "-" || scalar == "_" || scalar == "\t" {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            if let replacement { out.append(contentsOf: replacement.unicodeScalars) } else {
                if scalar.value >= 0x80 { ascii = false }
                out.append(scalar)
            }
        }
        let folded = String(out)
        // ICU transforms are slow: only names with other diacritics need one.
        return ascii ? folded : (folded.applyingTransform(.stripDiacritics, reverse: false) ?? folded)
    }
}
