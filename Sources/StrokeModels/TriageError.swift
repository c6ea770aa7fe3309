// The error protocol every module's error conforms to, its categories and exit statuses, and this module's own error.

/// The one error protocol of stroke-triage: every library module's error type conforms.
///
/// An error has a stable dotted `code` (`domain.reason`, e.g. `audit.keyFileUnsafe`,
/// `cloud.dns`, `centers.unknownPlace`), a user-facing `message` (a localization key
/// with its arguments, rendered by TriageLocalization's `Localizer`), an optional
/// technical `cause` for `--verbose`, and a `category` that decides the exit status
/// of a command failing with it. Neither the message nor the cause ever holds a
/// patient value, a request body, a key or a token.
///
/// Codes are a public contract: scripts, audit events (`error.shown`) and batch
/// rejections carry them. A code never changes its meaning; new codes may be added.
/// `docs/errors.md` lists every code, and a test checks the list against `codes`.
///
/// ```swift
/// func report(_ error: any Error, localizer: Localizer, verbose: Bool) -> Int32 {
///     guard let error = error as? any TriageError else { return ErrorCategory.failure.exitStatus }
///     print("Error: \(localizer.render(error.message)) [\(error.code)]")
///     if verbose, let cause = error.cause { print("  cause: \(cause)") }
///     return error.category.exitStatus        // e.g. 65 for models.invalidInput
/// }
/// ```
public protocol TriageError: Error, Sendable {
    /// Stable dotted code `domain.reason`, e.g. `audit.keyFileUnsafe`.
    var code: String { get }
    /// The user-facing one-line message, localized through its key; never a patient value or a secret.
    var message: Message { get }
    /// Technical detail (a path, a library's own text, an `errno` reason) for `--verbose`, if any.
    var cause: String? { get }
    /// What kind of failure this is; decides the exit status.
    var category: ErrorCategory { get }
    /// A recovery suggestion shown after the message, if there is one (default: none).
    var hint: Message? { get }
    /// Every code this type can produce (for the documentation and its test).
    static var codes: [String] { get }
}

extension TriageError {
    /// No recovery suggestion.
    public var hint: Message? { nil }
}

/// What kind of failure an error is, and the exit status (sysexits.h) a command ends with.
public enum ErrorCategory: String, Sendable, Hashable, CaseIterable {
    /// The command line is at fault: a flag, an argument, a setting given (64, EX_USAGE).
    case usage
    /// The input data is at fault: a value out of range, a malformed file (65, EX_DATAERR).
    case invalidData
    /// A required service is unavailable: the cloud, the database, a lock (69, EX_UNAVAILABLE).
    case unavailable
    /// An output file was refused: it exists, is a link or a directory (73, EX_CANTCREAT).
    case cannotCreate
    /// Input or output failed: the disk is full (74, EX_IOERR).
    case ioError
    /// A configuration file is broken (78, EX_CONFIG).
    case config
    /// The user interrupted the command (130, as after SIGINT).
    case interrupted
    /// Anything else (1).
    case failure

    /// The process exit status of a one-shot command failing with an error of this category.
    public var exitStatus: Int32 {
        switch self {
        case .usage: 64
        case .invalidData: 65
        case .unavailable: 69
        case .cannotCreate: 73
        case .ioError: 74
        case .config: 78
        case .interrupted: 130
        case .failure: 1
        }
    }
}

extension Message {
    /// The localization key of `untranslated(_:)`: its text is the argument itself.
    public static let untranslatedKey = "error.untranslated"

    /// A message that is English text, not a key (the operator-facing errors of the
    /// server modules, which are not localized). It renders as the text in every language.
    public static func untranslated(_ text: String) -> Message { Message(untranslatedKey, [.text(text)]) }

    /// The English text of an `untranslated(_:)` message; nil for a localized one.
    public var untranslatedText: String? {
        guard key == Self.untranslatedKey, case .text(let text)? = arguments.first else { return nil }
        return text
    }
}

/// The error of the clinical-models module: one or more inputs are invalid.
public struct ModelsError: TriageError, Hashable {
    /// Every blocking problem found, in the order the fields are asked.
    public let issues: [ValidationIssue]

    /// Wraps a single issue.
    public init(_ issue: ValidationIssue) { self.issues = [issue] }

    /// Wraps several issues; there must be at least one.
    public init(issues: [ValidationIssue]) {
        precondition(!issues.isEmpty, "ModelsError needs at least one issue")
        self.issues = issues
    }

    /// Stable code `models.invalidInput`.
    public var code: String { "models.invalidInput" }
    /// Every code of this type.
    public static let codes = ["models.invalidInput"]
    /// The localization key of the headline ("Invalid input"), separate from the code.
    public static let headlineKey = "error.invalidInput"
    /// The first issue's message, which names the field, range and value.
    public var message: Message { issues[0].message }
    /// With several issues, how many and which fields (never their values).
    public var cause: String? {
        issues.count > 1 ? "\(issues.count) invalid inputs: " + issues.map(\.field.rawValue).joined(separator: ", ") : nil
    }
    /// Invalid input data (exit 65).
    public var category: ErrorCategory { .invalidData }
}
