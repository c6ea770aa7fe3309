import StrokeModels

/// The one error type of the servers' TLS set-up (`ServerTLS`): a stable dotted code,
/// one English sentence, what to do next, and a detail (a path, a flag, the TLS
/// library's reason) that never holds key material.
public struct ServerTLSError: OperatorError, Hashable {
    private enum Kind: String, Sendable, Hashable, CaseIterable {
        case optionMissing, certificateUnreadable, certificateInvalid, keyUnreadable, keyUnsafe, keyInvalid, keyTooWeak,
             nameInvalid, alreadyInitialized, generationFailed
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

    /// The detail, for `--verbose`.
    public var cause: String? { detail }

    /// `usage` (64) when only one of the two flags was given; `failure` (1) when `tls init` could
    /// not make its files; `invalidData` (65) for a certificate, key, name or address that cannot be used.
    public var category: ErrorCategory {
        switch kind {
        case .optionMissing: .usage
        case .generationFailed: .failure
        default: .invalidData
        }
    }

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
        case .keyTooWeak: "The TLS certificate's RSA key has fewer than 2048 bits"
        case .nameInvalid: "The station's name is not a DNS name, or an address is not an IPv4 or IPv6 address"
        case .alreadyInitialized: "The station already has a TLS certificate; it is never overwritten"
        case .generationFailed: "The certificate authority or the server certificate could not be made"
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
        case .keyTooWeak: "Make a new key of 2048 bits or more (or ECDSA P-256), or use `stroke-triage-server tls init`."
        case .nameInvalid: "Give --name as the host name crews use (e.g. station.ems.example) and --ip as e.g. 10.0.0.5."
        case .alreadyInitialized: "To renew, remove server.pem and server.key from the directory named and run it again (the CA is kept)."
        case .generationFailed: "Check the detail; the CA files in the directory named must be the ones `tls init` made."
        }
    }

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
    /// An RSA key under 2048 bits (the detail names the file and the size).
    public static func keyTooWeak(_ detail: String) -> ServerTLSError { ServerTLSError(.keyTooWeak, detail) }
    /// `tls init --name` or `--ip` is malformed (the detail is the value).
    public static func nameInvalid(_ value: String) -> ServerTLSError { ServerTLSError(.nameInvalid, value) }
    /// `tls init` found a server certificate (the detail is its path).
    public static func alreadyInitialized(_ path: String) -> ServerTLSError { ServerTLSError(.alreadyInitialized, path) }
    /// Making or reading the CA or the certificate failed (the library's reason).
    public static func generationFailed(_ detail: String) -> ServerTLSError { ServerTLSError(.generationFailed, detail) }
}
