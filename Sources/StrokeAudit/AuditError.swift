import StrokeModels

/// The one error type of the audit module.
///
/// A struct wrapping a private enum, so cases can be added without breaking
/// callers. `code` is stable (`audit.keyFileUnsafe`); the message's localization
/// key is `audit.error.<reason>`; `detail` is a file path or a library message for
/// `--verbose` and never holds a patient value or key material.
public struct AuditError: TriageError, Hashable, CustomStringConvertible {
    private enum Kind: String, Sendable, Hashable {
        case keyFileUnsafe, keyFileUnreadable, keyFileInvalid, keyFileWrite
        case passphraseRequired, passphraseWrong
        case wrongKey, databaseUnavailable, databaseLocked, diskFull, databaseCorrupt
        case assessmentErased, unknownAssessment, exportWrite, exportUnreadable
        case manifestInvalid, publicKeyInvalid, invalidRange, logMissing
        case keyFileNotAFile, staleKeyFile, foreignLog, logBehindHead, headMissing, headInvalid, headWrite
        case databaseNewer, newLogRequired, logExists
    }

    /// Every case, in declaration order (for `codes`).
    private static let allKinds: [Kind] = [
        .keyFileUnsafe, .keyFileUnreadable, .keyFileInvalid, .keyFileWrite, .passphraseRequired, .passphraseWrong,
        .wrongKey, .databaseUnavailable, .databaseLocked, .diskFull, .databaseCorrupt,
        .assessmentErased, .unknownAssessment, .exportWrite, .exportUnreadable,
        .manifestInvalid, .publicKeyInvalid, .invalidRange, .logMissing,
        .keyFileNotAFile, .staleKeyFile, .foreignLog, .logBehindHead, .headMissing, .headInvalid, .headWrite,
        .databaseNewer, .newLogRequired, .logExists,
    ]

    private let kind: Kind
    /// Technical detail for `--verbose` (a path, an SQLite message); never patient data.
    public let detail: String?

    private init(_ kind: Kind, _ detail: String? = nil) {
        self.kind = kind
        self.detail = detail
    }

    /// Stable code `audit.<reason>`, e.g. `"audit.keyFileUnsafe"`.
    public var code: String { "audit.\(kind.rawValue)" }

    /// The reason part of the code, e.g. `"keyFileUnsafe"` (the suffix of the message and hint keys).
    public var reason: String { kind.rawValue }

    /// Every code of this type.
    public static let codes = allKinds.map { "audit.\($0.rawValue)" }

    /// The localization key of the one-line message.
    public var localizationKey: String { "audit.error.\(kind.rawValue)" }

    /// The one-line message (its one argument is the detail: a path or a library message).
    public var message: Message { Message(localizationKey, [.text(detail ?? "")]) }

    /// The path or library message, for `--verbose` (same as `detail`).
    public var cause: String? { detail }

    /// The reasons with a recovery suggestion (`audit.hint.<reason>`).
    static let hinted: Set<String> = ["keyFileUnsafe", "passphraseRequired", "wrongKey", "databaseLocked", "diskFull",
                                      "logMissing", "staleKeyFile", "foreignLog", "logBehindHead", "headMissing",
                                      "databaseNewer", "newLogRequired"]

    /// What to do, for the reasons that have a suggestion (`audit.hint.<reason>`).
    public var hint: Message? { Self.hinted.contains(reason) ? Message("audit.hint.\(reason)") : nil }

    /// `usage` (64) for `audit init --new-log` where a log exists;
    /// `unavailable` (69) when the database is locked, unavailable or the disk full;
    /// `invalidData` (65) for a bad manifest, public key, export, range, identifier, a
    /// corrupt or missing database, a database from a newer version or an invalid head
    /// file; `failure` (1) for key-file problems (unsafe, unreadable, invalid, not a
    /// file, wrong, stale, passphrase, a key file that signed another log) and a log that
    /// disagrees with its signed head (foreignLog, logBehindHead, headMissing).
    public var category: ErrorCategory {
        switch kind {
        case .databaseLocked, .databaseUnavailable, .diskFull: .unavailable
        case .manifestInvalid, .publicKeyInvalid, .exportUnreadable, .invalidRange, .unknownAssessment,
             .databaseCorrupt, .logMissing, .headInvalid, .databaseNewer: .invalidData
        case .logExists: .usage
        default: .failure
        }
    }

    /// The code and detail (for logs of developers; no patient data).
    public var description: String { detail.map { "\(code): \($0)" } ?? code }

    /// The key file can be read or written by group or others.
    public static func keyFileUnsafe(_ path: String) -> AuditError { AuditError(.keyFileUnsafe, path) }
    /// The key file cannot be read.
    public static func keyFileUnreadable(_ path: String) -> AuditError { AuditError(.keyFileUnreadable, path) }
    /// The key file is not a valid stroke-triage key file.
    public static func keyFileInvalid(_ path: String) -> AuditError { AuditError(.keyFileInvalid, path) }
    /// The key file could not be written.
    public static func keyFileWrite(_ path: String) -> AuditError { AuditError(.keyFileWrite, path) }
    /// The key file is protected and no passphrase was given.
    public static let passphraseRequired = AuditError(.passphraseRequired)
    /// The passphrase does not open the key file.
    public static let passphraseWrong = AuditError(.passphraseWrong)
    /// The key file does not belong to this audit database.
    public static let wrongKey = AuditError(.wrongKey)
    /// The database cannot be opened or written.
    public static func databaseUnavailable(_ detail: String) -> AuditError { AuditError(.databaseUnavailable, detail) }
    /// Another process holds the write lock beyond the busy timeout.
    public static func databaseLocked(_ detail: String) -> AuditError { AuditError(.databaseLocked, detail) }
    /// The disk is full.
    public static func diskFull(_ detail: String) -> AuditError { AuditError(.diskFull, detail) }
    /// The file is not an audit database or is damaged beyond reading.
    public static func databaseCorrupt(_ detail: String) -> AuditError { AuditError(.databaseCorrupt, detail) }
    /// Events cannot be added to an assessment whose key was erased.
    public static let assessmentErased = AuditError(.assessmentErased)
    /// No assessment with that identifier is in the log.
    public static func unknownAssessment(_ id: String) -> AuditError { AuditError(.unknownAssessment, id) }
    /// The export file could not be written.
    public static func exportWrite(_ path: String) -> AuditError { AuditError(.exportWrite, path) }
    /// The export file or its manifest could not be read.
    public static func exportUnreadable(_ path: String) -> AuditError { AuditError(.exportUnreadable, path) }
    /// The manifest is not a valid stroke-triage manifest.
    public static func manifestInvalid(_ detail: String) -> AuditError { AuditError(.manifestInvalid, detail) }
    /// The public key is not a base64 Ed25519 key (or a file holding one).
    public static let publicKeyInvalid = AuditError(.publicKeyInvalid)
    /// There is no audit database at this path yet.
    public static func logMissing(_ path: String) -> AuditError { AuditError(.logMissing, path) }
    /// The key-file path is a directory or another non-regular file.
    public static func keyFileNotAFile(_ path: String) -> AuditError { AuditError(.keyFileNotAFile, path) }
    /// The key file is from an older key epoch than the log (a copy from before a rotation).
    public static func staleKeyFile(_ detail: String) -> AuditError { AuditError(.staleKeyFile, detail) }
    /// The database belongs to another log than the head file beside the key file.
    public static func foreignLog(_ detail: String) -> AuditError { AuditError(.foreignLog, detail) }
    /// The database does not contain the head file's signed head (records deleted or an older copy put back).
    public static func logBehindHead(_ detail: String) -> AuditError { AuditError(.logBehindHead, detail) }
    /// The head file is missing or unreadable while the log holds records.
    public static func headMissing(_ path: String) -> AuditError { AuditError(.headMissing, path) }
    /// A file given as a signed head is not one (or cannot be read).
    public static func headInvalid(_ path: String) -> AuditError { AuditError(.headInvalid, path) }
    /// The head file cannot be written.
    public static func headWrite(_ path: String) -> AuditError { AuditError(.headWrite, path) }
    /// The database was written by a newer version of stroke-triage (its schema version is higher than this one knows).
    public static func databaseNewer(_ detail: String) -> AuditError { AuditError(.databaseNewer, detail) }
    /// The key file has signed a log that is not here (deleted with its head file?):
    /// a new log over it needs `audit init --new-log`, which is recorded.
    public static func newLogRequired(_ detail: String) -> AuditError { AuditError(.newLogRequired, detail) }
    /// `audit init --new-log` where a log already exists (it starts a log only where the old one is gone).
    public static func logExists(_ path: String) -> AuditError { AuditError(.logExists, path) }
    /// A date range whose start lies after its end.
    public static let invalidRange = AuditError(.invalidRange)
}
