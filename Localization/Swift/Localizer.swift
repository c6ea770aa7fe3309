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
        // A flag that names a language decides alone: the environment (a copy of every
        // variable) is read only when it is needed (the local API asks once per request).
        if let flag, let language = Language(tag: flag) { return Localizer(language: language) }
        return Localizer(language: Language.resolve(flag: flag, environment: ProcessEnvironment.values))
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
        let dot = UInt8(ascii: "."), zero = UInt8(ascii: "0")
        var digits = Self.fixedDigits(value, fractionDigits: max(0, maxFractionDigits))
        if digits.contains(dot) {
            while digits.last == zero { digits.removeLast() }
            if digits.last == dot { digits.removeLast() }
        }
        if digits == [UInt8(ascii: "-"), zero] { return "0" }
        if language == .de, let point = digits.firstIndex(of: dot) { digits[point] = UInt8(ascii: ",") }
        return String(decoding: digits, as: UTF8.self)
    }

    /// A probability 0…1 as a percent with a space, e.g. "52 %": whole percents unless a
    /// threshold needs more digits (`PercentDisplay`, "29.96 %"); "< 1 %" and "> 99 %" at the extremes.
    public func percent(_ probability: Double, edges: [Double] = PercentDisplay.edges) -> String {
        if probability < PercentDisplay.floor { return "< " + number(1, maxFractionDigits: 0) + " %" }
        if probability >= PercentDisplay.ceiling { return "> " + number(99, maxFractionDigits: 0) + " %" }
        guard case .number(let value, let digits) = PercentDisplay.argument(probability, edges: edges) else { return "" }
        return number(value, maxFractionDigits: digits) + " %"
    }

    /// Every key of a language, over all its tables.
    public static func keys(_ language: Language) -> Set<String> {
        Set(Catalog.shared.table(language).keys)
    }

    /// Keys defined in more than one table of a language (each key has one home).
    public static func duplicateKeys(_ language: Language) -> [String] { Catalog.shared.duplicates(language) }

    /// `value` with exactly `fractionDigits` decimals, as C's `%.Nf` writes it: the
    /// conversion `String(format:)` hands to `snprintf` on Linux, without Foundation's
    /// formatter (a format string and an `NSString` for every number).
    static func fixed(_ value: Double, fractionDigits: Int) -> String {
        String(decoding: fixedDigits(value, fractionDigits: fractionDigits), as: UTF8.self)
    }

    /// The UTF-8 bytes of `fixed`: glibc's `strfromd` (`%.Nf` without C varargs, whose
    /// Swift bridge costs more than the conversion), else `vsnprintf` with `%.*f`.
    static func fixedDigits(_ value: Double, fractionDigits: Int) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { small -> [UInt8] in
            let count: Int
            if let strfromd = Self.strfromd, fractionDigits < Self.fixedFormats.count {
                count = Int(Self.fixedFormats[fractionDigits].withUnsafeBufferPointer { strfromd(small.baseAddress, small.count, $0.baseAddress, value) })
            } else {
                count = Int(withVaList([Int32(clamping: fractionDigits), value]) { vsnprintf(small.baseAddress, small.count, "%.*f", $0) })
            }
            if count < small.count { return Array(UnsafeRawBufferPointer(start: small.baseAddress, count: max(count, 0))) }
            // Very large values: the exact length is known now.
            var large = [CChar](repeating: 0, count: count + 1)
            _ = large.withUnsafeMutableBufferPointer { buffer in
                withVaList([Int32(clamping: fractionDigits), value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.*f", $0) }
            }
            return large.prefix(count).map { UInt8(bitPattern: $0) }
        }
    }

    /// `%.0f` … `%.15f` as C strings.
    private static let fixedFormats: [[CChar]] = (0...15).map { Array("%.\($0)f".utf8CString) }

    /// glibc's `int strfromd(char *str, size_t n, const char *format, double fp)` (glibc 2.25+),
    /// which Swift's C module does not declare; nil where the C library lacks it.
    private static let strfromd: (@convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafePointer<CChar>?, Double) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "strfromd") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafePointer<CChar>?, Double) -> Int32).self)
    }()

    /// Fills `%@`, `%N$@` and `%%` in a template. Works on UTF-8 bytes: the markers
    /// are ASCII, which never occurs inside a multi-byte character.
    private func fill(_ template: String, _ arguments: [MessageArgument]) -> String {
        let percent = UInt8(ascii: "%"), at = UInt8(ascii: "@"), dollar = UInt8(ascii: "$")
        var template = template
        return template.withUTF8 { bytes -> String in
            guard bytes.contains(percent) else { return String(decoding: bytes, as: UTF8.self) }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 32)
            var next = 0
            var i = 0
            while i < bytes.count {
                guard bytes[i] == percent else { output.append(bytes[i]); i += 1; continue }
                // The spec runs to the first `@` or `%` after the marker (or to the end).
                let start = i + 1
                var end = start
                while end < bytes.count {
                    end += 1
                    if bytes[end - 1] == at || bytes[end - 1] == percent { break }
                }
                i = end
                let spec = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if spec.count == 1, spec[0] == percent { output.append(percent); continue }
                let position: Int
                if spec.count == 1, spec[0] == at {
                    position = next
                    next += 1
                } else if spec.count >= 2, spec[spec.count - 2] == dollar, spec[spec.count - 1] == at,
                          let n = Int(String(decoding: UnsafeBufferPointer(rebasing: spec.dropLast(2)), as: UTF8.self)) {
                    position = n - 1
                } else {
                    output.append(percent)
                    output.append(contentsOf: spec)
                    continue
                }
                if position >= 0, position < arguments.count { output.append(contentsOf: argument(arguments[position]).utf8) }
            }
            return String(decoding: output, as: UTF8.self)
        }
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
final class Catalog: Sendable {
    static let shared = Catalog()
    // Lazily initialised, once, by the runtime: no lock on the lookup path.
    private static let english = merged(.en)
    private static let german = merged(.de)

    func table(_ language: Language) -> [String: String] {
        switch language {
        case .en: Self.english
        case .de: Self.german
        }
    }

    private static func merged(_ language: Language) -> [String: String] {
        var merged: [String: String] = [:]
        for (_, entries) in parsed(language) {
            for entry in entries { merged[entry.key] = entry.value }
        }
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
