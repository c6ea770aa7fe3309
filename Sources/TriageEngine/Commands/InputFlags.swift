import StrokeModels
import TriageLocalization

/// The one-shot commands' input flags, derived from the input catalogue (`InputKey`): a number
/// input is `--flag VALUE` or `--flag=VALUE` (`DecimalFlag`'s grammar), a yes/no finding a bare
/// `--flag`. The commands capture the words argument-parser does not know and hand them here,
/// so a new catalogue input is a flag of every command whose module reads it, with its help.
///
/// ```swift
/// let values = try InputFlags.values(["--age", "70", "--headache"], accepting: [.age, .headache], required: [.age])
/// values[.age]        // 70
/// values[.headache]   // 1
/// ```
public enum InputFlags {
    /// A usage problem of the input flags, worded as argument-parser words its own.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        /// The message.
        public let description: String
    }

    /// The values of the given words by key. Every word must be a flag of `accepting`; a repeated
    /// flag's last value counts, as for argument-parser's own options.
    /// - Throws: `Problem` for an unknown word, a missing or invalid value, or a
    ///   missing required flag (the first in catalogue order).
    public static func values(_ words: [String], accepting keys: [InputKey], required: [InputKey]) throws(Problem) -> [InputKey: Double] {
        let byFlag = Dictionary(uniqueKeysWithValues: keys.map { ($0.flag, $0) })
        var values: [InputKey: Double] = [:]
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard word.hasPrefix("--"), let key = byFlag[String(parts[0])] else {
                throw Problem(description: word.hasPrefix("-")
                    ? "Unknown option '\(word)'" : "Unexpected argument '\(word)'")
            }
            if key.isBoolean {
                guard parts.count == 1 else { throw Problem(description: "The flag '\(key.flag)' does not take a value") }
                values[key] = 1
                continue
            }
            let text: String
            if parts.count == 2 {
                text = String(parts[1])
            } else if index < words.count, !words[index].hasPrefix("--") {
                text = words[index]
                index += 1
            } else {
                throw Problem(description: "Missing value for '\(usage(key))'")
            }
            // A result below the input's range (GFAP `<29`, `below`) is recorded as 0, which the catalogue
            // reads as "below range" (`TriageInputs(module:values:)`).
            if key.belowRangeWords.contains(text.lowercased()) {
                values[key] = 0
                continue
            }
            do {
                values[key] = try DecimalFlag.double(text)
            } catch {
                throw Problem(description: "The value '\(text)' is invalid for '\(usage(key))': \(error)")
            }
        }
        if let missing = required.first(where: { values[$0] == nil }) {
            throw Problem(description: "Missing expected argument '\(usage(missing))'")
        }
        return values
    }

    /// `--age <age>` for a number input, `--headache` for a finding.
    public static func usage(_ key: InputKey) -> String {
        key.isBoolean ? key.flag : "\(key.flag) <\(key.valueName)>"
    }

    /// The usage line of a command taking `keys`: required flags first as given, then the optional ones.
    public static func usageLine(_ command: String, _ keys: [InputKey], required: [InputKey]) -> String {
        let words = keys.map { required.contains($0) ? usage($0) : "[\(usage($0))]" }
        return (["stroke-triage", command] + words + ["[<options>]"]).joined(separator: " ")
    }

    /// The help block listing `keys` as argument-parser lists options (lines of at most 78 columns,
    /// so its wrapping leaves them alone): the flag, what the input is (`InputKey.helpKey`, English),
    /// its allowed values and unit, and whether it is required.
    public static func help(_ keys: [InputKey], required: [InputKey], localizer: Localizer = Localizer(language: .en)) -> String {
        let column = 26
        var lines = ["INPUTS:"]
        for key in keys {
            var text = localizer.text(key.helpKey)
            if let range = key.allowedRange { text += " (\(range.compactText)\(key.field?.unit.map { " \($0)" } ?? ""))" }
            text += required.contains(key) ? "; required." : "."
            let flag = "  " + usage(key)
            var wrapped = wrap(text, width: 78 - column)
            if flag.count + 2 <= column {
                lines.append(flag.padding(toLength: column, withPad: " ", startingAt: 0) + wrapped.removeFirst())
            } else {
                lines.append(flag)
            }
            lines += wrapped.map { String(repeating: " ", count: column) + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// A FAST-ED item's help for the `fast-ed` command: the walkthrough's question for it (its points), in English.
    public static func fastEdItemHelp(_ field: InputField) -> String {
        Localizer(language: .en).text("walk.question.item.\(field.rawValue)") + "."
    }

    /// Words of `text` in lines of at most `width` characters (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
