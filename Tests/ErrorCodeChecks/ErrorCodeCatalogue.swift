import Foundation
import StrokeModels
import TriageLocalization

/// Checks error types against the one error protocol and the documented list in
/// `docs/errors.md` (test support: the code checks of several test targets share it).
///
/// ```swift
/// let problems = try ErrorCodeCatalogue.load().problems(AuditError.self, samples: [AuditError.wrongKey])
/// #expect(problems.isEmpty, "\(problems)")
/// ```
public struct ErrorCodeCatalogue: Sendable {
    /// One documented code: its row in `docs/errors.md`.
    public struct Entry: Sendable, Hashable {
        /// The code, e.g. `audit.keyFileUnsafe`.
        public let code: String
        /// The type named in the section heading, e.g. `AuditError`.
        public let type: String
        /// The exit statuses listed in the row (several when the category depends on the value).
        public let exitStatuses: Set<Int32>
    }

    /// The form every code has: `domain.reason`.
    public static var pattern: Regex<Substring> { #/^[a-z]+\.[a-zA-Z]+$/# }

    /// The repository's root (this file is Tests/ErrorCodeChecks/…).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every documented code, by code.
    public let entries: [String: Entry]
    /// Problems of the document itself (a code listed twice, a row outside a section).
    public let documentProblems: [String]

    /// Parses `docs/errors.md`: sections `### \`domain\` — TypeName (Module)` holding
    /// rows `| \`domain.reason\` | 65 | meaning |` (exit column: numbers separated by `/`).
    public static func load() throws -> ErrorCodeCatalogue {
        let text = try String(contentsOf: root.appendingPathComponent("docs/errors.md"), encoding: .utf8)
        var entries: [String: Entry] = [:]
        var problems: [String] = []
        var type: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") {
                type = line.firstMatch(of: #/— ([A-Za-z]+) \(/#).map { String($0.1) }
                continue
            }
            guard let row = line.firstMatch(of: #/^\| `([^`]+)` \| ([0-9/ ]+) \|/#) else { continue }
            let code = String(row.1)
            guard let type else { problems.append("\(code): row outside a type's section"); continue }
            let statuses = Set(row.2.split(separator: "/").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) })
            if entries[code] != nil { problems.append("\(code): listed twice") }
            entries[code] = Entry(code: code, type: type, exitStatuses: statuses)
        }
        return ErrorCodeCatalogue(entries: entries, documentProblems: problems)
    }

    /// Everything wrong with `type`: a code not of the form `domain.reason`, codes
    /// repeated, a code not documented in the type's own section or documented with
    /// another exit status, a documented code the type does not have, and samples
    /// (values covering every code) whose code is not in `codes` or whose message key is
    /// missing in English or German.
    public func problems<E: TriageError>(_ type: E.Type, samples: [E]) -> [String] {
        let name = String(describing: type)
        var out: [String] = []
        let codes = E.codes
        if Set(codes).count != codes.count { out.append("\(name): a code is listed twice in codes") }
        for code in codes {
            if code.wholeMatch(of: Self.pattern) == nil { out.append("\(code): not of the form domain.reason") }
            guard let entry = entries[code] else { out.append("\(code): not in docs/errors.md"); continue }
            if entry.type != name { out.append("\(code): documented under \(entry.type), produced by \(name)") }
        }
        for entry in entries.values where entry.type == name && !codes.contains(entry.code) {
            out.append("\(entry.code): documented for \(name), which does not produce it")
        }
        let sampled = Set(samples.map(\.code))
        for code in codes where !sampled.contains(code) { out.append("\(code): no sample value in the test") }
        let english = Localizer.keys(.en), german = Localizer.keys(.de)
        for sample in samples {
            if !codes.contains(sample.code) { out.append("\(sample.code): produced by \(name) but not in its codes") }
            for key in Self.keys(of: sample.message) where !english.contains(key) || !german.contains(key) {
                out.append("\(sample.code): message key \(key) is missing in Localization/en or /de")
            }
            if let entry = entries[sample.code], !entry.exitStatuses.contains(sample.category.exitStatus) {
                out.append("\(sample.code): exits \(sample.category.exitStatus), documented \(entry.exitStatuses.sorted())")
            }
        }
        return out
    }

    /// The key of a message and of every message nested in its arguments.
    static func keys(of message: Message) -> [String] {
        [message.key] + message.arguments.flatMap { argument -> [String] in
            if case .message(let nested) = argument { return keys(of: nested) }
            return []
        }
    }
}
