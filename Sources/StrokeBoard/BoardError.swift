import StrokeModels

/// The one error type of the board module: a stable dotted code, one English
/// sentence, what to do next, and a detail (a path, a setting, a status)
/// that never holds a key or case data.
public struct BoardError: OperatorError, Hashable {
    private enum Kind: String, Sendable, Hashable, CaseIterable {
        case configurationInvalid, keyFileUnreadable, keyFileExists, keyFileNotWritten, relayUnavailable, relayRefused
    }

    private let kind: Kind
    /// Technical detail (a path, a setting, an HTTP status or refusal code).
    public let detail: String?

    private init(_ kind: Kind, _ detail: String?) {
        self.kind = kind
        self.detail = detail
    }

    /// Stable dotted code, e.g. `board.keyFileUnreadable`.
    public var code: String { "board.\(kind.rawValue)" }

    /// Every code of this type.
    public static let codes = Kind.allCases.map { "board.\($0.rawValue)" }

    /// The detail, for `--verbose` (a path, a setting, an HTTP status or refusal code).
    public var cause: String? { detail }

    /// `usage` (64) for a setting, `invalidData` (65) for an unreadable key file, `cannotCreate`
    /// (73) when keygen cannot write its file, `unavailable` (69) for the relay, `failure` (1)
    /// when the relay refused.
    public var category: ErrorCategory {
        switch kind {
        case .configurationInvalid: .usage
        case .keyFileUnreadable: .invalidData
        case .keyFileExists, .keyFileNotWritten: .cannotCreate
        case .relayUnavailable: .unavailable
        case .relayRefused: .failure
        }
    }

    /// One English sentence for the operator.
    public var englishMessage: String {
        switch kind {
        case .configurationInvalid: "A board setting is invalid"
        case .keyFileUnreadable: "The hospital key file cannot be read or is not a key file written by `board keygen`"
        case .keyFileExists: "The key file already exists; it is never overwritten"
        case .keyFileNotWritten: "The key file could not be written"
        case .relayUnavailable: "The relay cannot be reached"
        case .relayRefused: "The relay refused the board's request"
        }
    }

    /// What the operator can do next.
    public var recoverySuggestion: String {
        switch kind {
        case .configurationInvalid: "Check the flag named in the detail (see docs/prenotify.md)."
        case .keyFileUnreadable: "Give the file that `board keygen --out FILE` wrote (mode 0600)."
        case .keyFileExists: "Choose another path, or move the old key away if it is really no longer needed."
        case .keyFileNotWritten:
            "Check that the directory exists and that the account the command runs as may write there: a command given "
                + "--data runs as the station's account, not root (docs/station.md); the detail names the system's reason."
        case .relayUnavailable: "Check the relay URL and that the relay runs; the board keeps retrying."
        case .relayRefused: "Check that the hospital is registered with this key (`relay list-hospitals`)."
        }
    }

    /// The exit code of a command failing with this error (`category.exitStatus`): 64 usage,
    /// 65 invalid data, 69 service unavailable, 73 cannot create, 1 otherwise.
    public var exitCode: Int32 { category.exitStatus }

    /// A setting is missing or malformed (the detail names it).
    public static func configurationInvalid(_ detail: String) -> BoardError { BoardError(.configurationInvalid, detail) }
    /// The key file cannot be read or parsed (the detail is its path).
    public static func keyFileUnreadable(_ path: String) -> BoardError { BoardError(.keyFileUnreadable, path) }
    /// `keygen` refuses to overwrite (the detail is the path).
    public static func keyFileExists(_ path: String) -> BoardError { BoardError(.keyFileExists, path) }
    /// `keygen` could not write (the detail is the path and the system's reason).
    public static func keyFileNotWritten(_ detail: String) -> BoardError { BoardError(.keyFileNotWritten, detail) }
    /// The relay did not answer (the detail is the transport's reason).
    public static func relayUnavailable(_ detail: String) -> BoardError { BoardError(.relayUnavailable, detail) }
    /// The relay answered with a refusal (the detail is the status and code).
    public static func relayRefused(_ detail: String) -> BoardError { BoardError(.relayRefused, detail) }
}
