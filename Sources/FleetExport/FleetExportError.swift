import OutputFiles
import StrokeModels

/// The one error type of the fleet export module: key files, the
/// public-keys file and writing an export. Verification problems are not
/// errors but `FleetProblem`s in the verification's report.
///
/// `code` is stable (`fleet.keyFileInvalid`; a refused output file is
/// `fleet.outputRefused`, its own code in `output`); `detail` names a path or a
/// field and never holds key material.
public struct FleetExportError: TriageError, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A key file cannot be read or is not the expected kind of key.
        case keyFileInvalid
        /// A key file is readable by other users (it must be 0600).
        case keyFilePermissions
        /// The public-keys file is not there (or this account may not read it).
        case publicKeysMissing
        /// The public-keys file is not JSON (its line and column named) or not the expected object.
        case publicKeysInvalid
        /// The export directory exists and is not empty (`--force` writes into it).
        case exportNotEmpty
        /// An output file was refused or could not be written (the cause is `output`).
        case outputRefused
    }

    /// What went wrong.
    public let kind: Kind
    /// The path or field concerned.
    public let detail: String
    /// The output file's own error, for `outputRefused`.
    public let output: OutputFileError?

    /// Creates an error.
    public init(_ kind: Kind, _ detail: String, output: OutputFileError? = nil) {
        self.kind = kind
        self.detail = detail
        self.output = output
    }

    /// Stable dotted code `fleet.<kind>`, e.g. `fleet.exportNotEmpty`.
    public var code: String { "fleet.\(kind.rawValue)" }

    /// Every code of this type.
    public static let codes = Kind.allCases.map { "fleet.\($0.rawValue)" }

    /// One English sentence (the server's operator output).
    public var englishMessage: String {
        switch kind {
        case .keyFileInvalid: "The key file cannot be read or holds another kind of key"
        case .keyFilePermissions: "The key file is readable by other users; it must have mode 0600"
        case .publicKeysMissing: "The public-keys file was not found, or this account may not read it"
        case .publicKeysInvalid: "The public-keys file is not {\"collector\":KEY,\"devices\":{NAME:KEY,…}} with base64 Ed25519 keys"
        case .exportNotEmpty: "The export directory is not empty (give --force to write into it)"
        case .outputRefused:
            switch output?.reason {
            case .diskFull: "The disk is full; nothing partial was left behind"
            case .symbolicLink: "The output path is a symbolic link (give --force to follow it)"
            case .exists: "The output file exists (give --force to replace it)"
            default: "The output file cannot be written"
            }
        }
    }

    /// The localized one-line message naming the file (never key material): the
    /// output file's own message for a refused output; English for `exportNotEmpty`
    /// (only the server writes exports).
    public var message: Message {
        switch kind {
        case .publicKeysMissing: Message("fleetverify.error.publicKeysMissing", [.text(detail)])
        case .publicKeysInvalid: Message("fleetverify.error.publicKeys", [.text(detail)])
        case .keyFileInvalid, .keyFilePermissions: Message("fleetverify.error.keyFile", [.text(detail)])
        case .exportNotEmpty: .untranslated(englishMessage)
        case .outputRefused: output?.message ?? .untranslated(englishMessage)
        }
    }

    /// The output file's system reason, else the export directory that is not empty, for `--verbose`.
    public var cause: String? { output?.systemReason ?? (kind == .exportNotEmpty ? detail : nil) }

    /// A refused output file's hint; for a key file, how to create an organisation key.
    public var hint: Message? {
        if let output { return output.hint }
        switch kind {
        case .keyFileInvalid, .keyFilePermissions: return Message("fleetverify.hint.orgKey")
        case .publicKeysMissing, .publicKeysInvalid, .exportNotEmpty, .outputRefused: return nil
        }
    }

    /// `usage` (64) for a bad key or public-keys file given on the command line,
    /// `cannotCreate` (73) for a non-empty export directory, the output file's own
    /// category for a refused output (73 refused path, 74 disk full, 1 failed write).
    public var category: ErrorCategory {
        switch kind {
        case .exportNotEmpty: .cannotCreate
        case .outputRefused: output?.category ?? .cannotCreate
        case .keyFileInvalid, .keyFilePermissions, .publicKeysMissing, .publicKeysInvalid: .usage
        }
    }

    /// The exit code (`category.exitStatus`): 73 refused output, 74 disk full, 64 a bad key or keys file, 1 otherwise.
    public var processExitCode: Int32 { category.exitStatus }

    /// The code, message and detail.
    public var description: String { "\(code): \(englishMessage) (\(detail))" }
}
