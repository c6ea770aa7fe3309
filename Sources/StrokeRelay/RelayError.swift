import StrokeModels

/// The one error type of the relay module (administration and database).
///
/// `code` is stable (`relay.hospitalExists`); `detail` names a hospital, a
/// setting or a library message, never a key or case data.
public struct RelayError: OperatorError, Hashable {
    private enum Kind: String, Sendable, Hashable, CaseIterable {
        case configurationInvalid, databaseUnavailable, schemaTooNew, hospitalExists, hospitalUnknown,
             hospitalIdInvalid, publicKeyInvalid, centerUnknown
    }

    private let kind: Kind
    /// Technical detail for `--verbose` (a hospital id, a setting, a library message).
    public let detail: String?

    private init(_ kind: Kind, _ detail: String?) {
        self.kind = kind
        self.detail = detail
    }

    /// Stable dotted code, e.g. `relay.hospitalUnknown`.
    public var code: String { "relay.\(kind.rawValue)" }

    /// Every code of this type.
    public static let codes = Kind.allCases.map { "relay.\($0.rawValue)" }

    /// The detail, for `--verbose` (a hospital id, a setting, a library message).
    public var cause: String? { detail }

    /// `usage` (64) for a setting, `invalidData` (65) for a hospital id or key, `unavailable` (69)
    /// for the database, `failure` (1) for a schema newer than this relay.
    public var category: ErrorCategory {
        switch kind {
        case .configurationInvalid: .usage
        case .hospitalExists, .hospitalUnknown, .hospitalIdInvalid, .publicKeyInvalid, .centerUnknown: .invalidData
        case .databaseUnavailable: .unavailable
        case .schemaTooNew: .failure
        }
    }

    /// One English sentence for the operator.
    public var englishMessage: String {
        switch kind {
        case .configurationInvalid: "A relay setting is invalid"
        case .databaseUnavailable: "The PostgreSQL database cannot be reached or refused the request"
        case .schemaTooNew: "The database's relay schema is newer than this relay"
        case .hospitalExists: "A hospital with this id is already registered"
        case .hospitalUnknown: "No registered hospital has this id"
        case .hospitalIdInvalid: "A hospital id has 1–64 characters of A–Z a–z 0–9 . _ -"
        case .publicKeyInvalid: "The key is not a hospital key sthk1.<X25519>.<Ed25519> (the output of `board keygen`)"
        case .centerUnknown: "No stroke center of the dataset has this id"
        }
    }

    /// What the operator can do next.
    public var recoverySuggestion: String {
        switch kind {
        case .configurationInvalid: "Check the flag named in the detail (see docs/prenotify.md)."
        case .databaseUnavailable: "Check that PostgreSQL runs and that the URL's user may connect (see docs/server.md)."
        case .schemaTooNew: "Run the newer relay, or restore a database of this version."
        case .hospitalExists: "Remove the hospital first to change its key (`relay remove-hospital`)."
        case .hospitalUnknown: "List the hospitals with `relay list-hospitals`."
        case .hospitalIdInvalid: "Use an id like STROKE-CENTER-1."
        case .publicKeyInvalid: "Copy the whole key that `stroke-triage-server board keygen` printed."
        case .centerUnknown: "Find the center's id with `stroke-triage centers --near PLACE`."
        }
    }

    /// The exit code of a command failing with this error (`category.exitStatus`): 64 usage,
    /// 65 invalid data, 69 database unavailable, 1 otherwise.
    public var exitCode: Int32 { category.exitStatus }

    /// A setting is missing or malformed (the detail names it).
    public static func configurationInvalid(_ detail: String) -> RelayError { RelayError(.configurationInvalid, detail) }
    /// PostgreSQL failed (the detail is the server's message, never a bound value).
    public static func databaseUnavailable(_ detail: String) -> RelayError { RelayError(.databaseUnavailable, detail) }
    /// The database was migrated by a newer relay.
    public static func schemaTooNew(_ version: Int) -> RelayError { RelayError(.schemaTooNew, "relay schema version \(version)") }
    /// The hospital id is taken.
    public static func hospitalExists(_ id: String) -> RelayError { RelayError(.hospitalExists, id) }
    /// No hospital with that id.
    public static func hospitalUnknown(_ id: String) -> RelayError { RelayError(.hospitalUnknown, id) }
    /// The hospital id is malformed.
    public static func hospitalIdInvalid(_ id: String) -> RelayError { RelayError(.hospitalIdInvalid, id) }
    /// The public key does not parse.
    public static let publicKeyInvalid = RelayError(.publicKeyInvalid, nil)
    /// `--center` names no stroke center of the dataset.
    public static func centerUnknown(_ id: String) -> RelayError { RelayError(.centerUnknown, id) }
}
