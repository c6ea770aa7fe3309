import StrokeModels

/// The one error type of the CaseWire module: a stable dotted code, one
/// English sentence (not localized: operators and the relay see it) and what
/// to do next. Never holds a key or case data.
public struct CaseWireError: OperatorError, Hashable {
    private enum Kind: String, Sendable, Hashable, CaseIterable {
        case hospitalKeyInvalid, keyFileInvalid, sealFailed, caseIdInvalid, hospitalIdInvalid
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// Stable dotted code, e.g. `casewire.hospitalKeyInvalid`.
    public var code: String { "casewire.\(kind.rawValue)" }

    /// Every code of this type.
    public static let codes = Kind.allCases.map { "casewire.\($0.rawValue)" }

    /// No technical detail: the code and the message say it all.
    public var cause: String? { nil }

    /// `invalidData` (65) for every case, as the server commands exit today: a key,
    /// key file or id that does not parse, or a seal that failed on such a key.
    public var category: ErrorCategory { .invalidData }

    /// One English sentence.
    public var englishMessage: String {
        switch kind {
        case .hospitalKeyInvalid: "The hospital key is not of the form sthk1.<base64 X25519 key>.<base64 Ed25519 key>"
        case .keyFileInvalid: "The file is not a hospital key file written by `board keygen`"
        case .sealFailed: "The case could not be encrypted to the hospital's key"
        case .caseIdInvalid: "A case id has exactly 32 lowercase hex digits"
        case .hospitalIdInvalid: "A hospital id has 1–64 characters of A–Z a–z 0–9 . _ -"
        }
    }

    /// What to do next.
    public var recoverySuggestion: String {
        switch kind {
        case .hospitalKeyInvalid: "Copy the whole key that `stroke-triage-server board keygen` printed."
        case .keyFileInvalid: "Give the file that `stroke-triage-server board keygen --out FILE` wrote."
        case .sealFailed: "Check the hospital key; report the problem if it persists."
        case .caseIdInvalid: "Use the case id that the send printed."
        case .hospitalIdInvalid: "Use an id like STROKE-CENTER-1."
        }
    }

    /// A hospital public key text that does not parse.
    public static let hospitalKeyInvalid = CaseWireError(.hospitalKeyInvalid)
    /// A key file that does not parse.
    public static let keyFileInvalid = CaseWireError(.keyFileInvalid)
    /// HPKE sealing failed.
    public static let sealFailed = CaseWireError(.sealFailed)
    /// A malformed case id.
    public static let caseIdInvalid = CaseWireError(.caseIdInvalid)
    /// A malformed hospital id.
    public static let hospitalIdInvalid = CaseWireError(.hospitalIdInvalid)
}
