import Foundation
import StrokeModels

/// Renders localized text: looks a key up in the user's language, falls back
/// to English and then to the key itself, and formats numbers for the locale.
public struct Localizer: Sendable {
    /// The language in use.
    public let language: Language

    /// Creates a localizer for a language.
    public init(language: Language) { self.language = language }

    /// A localizer for the flag and process environment (see `Language.resolve`).
    public static func forUser(flag: String?) -> Localizer {
        Localizer(language: Language.resolve(flag: flag, environment: ProcessInfo.processInfo.environment))
    }

    /// The text of a key with positional arguments filled in.
    public func text(_ key: String, _ arguments: [MessageArgument] = []) -> String {
        let template = Catalog.shared.lookup(key, language)
        return fill(template, arguments)
    }

    /// Renders a model message.
    public func render(_ message: Message) -> String { text(message.key, message.arguments) }

    /// A number with at most `maxFractionDigits` decimals, trailing zeros trimmed,
    /// with the language's decimal separator ("27.4" / "27,4"). No grouping.
    public func number(_ value: Double, maxFractionDigits: Int) -> String {
        guard value.isFinite else { return String(describing: value) }
        var text = String(format: "%.\(max(0, maxFractionDigits))f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return language == .de ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// A probability 0…1 as a whole percent with a space, e.g. "52 %".
    public func percent(_ probability: Double) -> String {
        number((probability * 100).rounded(), maxFractionDigits: 0) + " %"
    }

    /// Every key of a language, over all its tables.
    public static func keys(_ language: Language) -> Set<String> {
        Set(Catalog.shared.table(language).keys)
    }

    /// Keys defined in more than one table of a language (each key has one home).
    public static func duplicateKeys(_ language: Language) -> [String] { Catalog.shared.duplicates(language) }

    private func fill(_ template: String, _ arguments: [MessageArgument]) -> String {
        var output = ""
        var next = 0
        var chars = template.makeIterator()
        while let c = chars.next() {
            guard c == "%" else { output.append(c); continue }
            var spec = ""
            while let d = chars.next() {
                spec.append(d)
                if d == "@" || d == "%" { break }
            }
            if spec == "%" { output.append("%"); continue }
            let position: Int
            if spec == "@" { position = next; next += 1 }
            else if spec.hasSuffix("$@"), let n = Int(spec.dropLast(2)) { position = n - 1 }
            else { output += "%" + spec; continue }
            output += position < arguments.count ? argument(arguments[position]) : ""
        }
        return output
    }

    private func argument(_ argument: MessageArgument) -> String {
        switch argument {
        // Text arguments may quote user input or a dataset: never let a control character through.
        case .text(let text): return text.escapingControlCharacters
        case .number(let value, let digits): return number(value, maxFractionDigits: digits)
        case .message(let message): return render(message)
        }
    }
}

/// The parsed tables, each language loaded on first use (a command that
/// speaks English never parses the German tables).
final class Catalog: @unchecked Sendable {
    static let shared = Catalog()
    private let lock = NSLock()
    private var tables: [Language: [String: String]] = [:]

    func table(_ language: Language) -> [String: String] {
        lock.lock()
        defer { lock.unlock() }
        if let table = tables[language] { return table }
        var merged: [String: String] = [:]
        for (_, entries) in Self.parsed(language) {
            for entry in entries { merged[entry.key] = entry.value }
        }
        tables[language] = merged
        return merged
    }

    /// Keys defined in more than one table of a language.
    func duplicates(_ language: Language) -> [String] {
        var seen = Set<String>()
        var duplicates: [String] = []
        for (_, entries) in Self.parsed(language) {
            for entry in entries where !seen.insert(entry.key).inserted { duplicates.append(entry.key) }
        }
        return duplicates
    }

    func lookup(_ key: String, _ language: Language) -> String {
        if let text = table(language)[key] { return text }
        if language != .en, let text = table(.en)[key] { return text }
        return key
    }

    /// Every table of a language, parsed; a malformed table is a build defect
    /// caught by the tests and is skipped at run time.
    private static func parsed(_ language: Language) -> [(area: String, entries: [(key: String, value: String)])] {
        StringTables.tables(language).map { ($0.area, (try? StringsTable.parse($0.bytes)) ?? []) }
    }
}

/// Test hook: parses every table and reports the first malformed one.
public enum LocalizationSelfCheck {
    /// Throws a description of the first table that does not parse.
    public static func parseAll() throws {
        for language in Language.allCases {
            for table in StringTables.tables(language) {
                do { _ = try StringsTable.parse(table.bytes) }
                catch { throw SelfCheckError(description: "\(table.area).\(language.rawValue).strings: \(error)") }
            }
        }
    }

    /// A malformed table.
    public struct SelfCheckError: Error, CustomStringConvertible {
        /// Which table and where.
        public let description: String
    }
}
