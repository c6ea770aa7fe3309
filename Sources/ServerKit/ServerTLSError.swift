import StrokeModels

/// The one error type of the servers' TLS set-up (`ServerTLS`): a stable dotted code,
/// one English sentence, what to do next, and a detail (a path, a flag, the TLS
/// library's reason) that never holds key material.
public struct ServerTLSError: TriageError, Hashable, CustomStringConvertible {
    private enum Kind: String, Sendable, Hashable, CaseIterable {
        case optionMissing, certificateUnreadable, certificateInvalid, keyUnreadable, keyUnsafe, keyInvalid
    }

    private let kind: Kind
    /// Technical detail: the missing flag, a path, or the TLS library's reason.
    public let detail: String?

    private init(_ kind: Kind, _ detail: String?) {
        self.kind = kind
        self.detail = detail
    }

    /// Stable dotted code, e.g. `tls.keyUnsafe`.
    public var code: String { "tls.\(kind.rawValue)" }

    /// Every code of this type.
    public static let codes = Kind.allCases.map { "tls.\($0.rawValue)" }

    /// The English sentence as a message (the servers' operator texts are not localized).
    public var message: Message { .untranslated(englishMessage) }

    /// The detail, for `--verbose`.
    public var cause: String? { detail }

    /// `usage` (64) when only one of the two flags was given; `invalidData` (65) for a
    /// certificate or key file that cannot be used.
    public var category: ErrorCategory { kind == .optionMissing ? .usage : .invalidData }

    /// The exit status of a server failing to start with this error.
    public var exitCode: Int32 { category.exitStatus }

    /// One English sentence for the operator.
    public var englishMessage: String {
        switch kind {
        case .optionMissing: "--tls-cert and --tls-key are given together or not at all"
        case .certificateUnreadable: "The TLS certificate file cannot be read"
        case .certificateInvalid: "The TLS certificate file holds no usable PEM certificate"
        case .keyUnreadable: "The TLS key file cannot be read"
        case .keyUnsafe: "The TLS key file is readable by other users"
        case .keyInvalid: "The TLS key file holds no usable PEM private key, or not the certificate's key"
        }
    }

    /// What the operator can do next.
    public var recoverySuggestion: String {
        switch kind {
        case .optionMissing: "Give the missing flag named in the detail (docs/tls.md)."
        case .certificateUnreadable, .keyUnreadable: "Check the path and that this user may read the file."
        case .certificateInvalid: "Give the certificate chain in PEM form, the server's certificate first (docs/tls.md)."
        case .keyUnsafe: "Make the key file private: chmod 600 FILE."
        case .keyInvalid: "Give the private key of the certificate, in PEM form (docs/tls.md)."
        }
    }

    /// The code, message and detail.
    public var description: String { detail.map { "\(code): \(englishMessage) (\($0))" } ?? "\(code): \(englishMessage)" }

    /// Only one of `--tls-cert` and `--tls-key` was given (the detail names the missing one).
    public static func optionMissing(_ flag: String) -> ServerTLSError { ServerTLSError(.optionMissing, "missing \(flag)") }
    /// The certificate file cannot be read (the detail is its path and the system's reason).
    public static func certificateUnreadable(_ detail: String) -> ServerTLSError { ServerTLSError(.certificateUnreadable, detail) }
    /// The certificate file holds no PEM certificate (the detail is its path and the library's reason).
    public static func certificateInvalid(_ detail: String) -> ServerTLSError { ServerTLSError(.certificateInvalid, detail) }
    /// The key file cannot be read (the detail is its path and the system's reason).
    public static func keyUnreadable(_ detail: String) -> ServerTLSError { ServerTLSError(.keyUnreadable, detail) }
    /// The key file's mode lets the group or others read it (the detail is its path and mode).
    public static func keyUnsafe(_ detail: String) -> ServerTLSError { ServerTLSError(.keyUnsafe, detail) }
    /// The key file holds no PEM key, or one that does not match the certificate (the detail says which).
    public static func keyInvalid(_ detail: String) -> ServerTLSError { ServerTLSError(.keyInvalid, detail) }
}
