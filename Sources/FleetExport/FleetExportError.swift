import OutputFiles

/// The one error type of the fleet export module: key files, the
/// public-keys file and writing an export. Verification problems are not
/// errors but `FleetProblem`s in the verification's report.
///
/// `code` is stable (`fleet.keyFileInvalid`); `detail` names a path or a
/// field and never holds key material.
public struct FleetExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// A key file cannot be read or is not the expected kind of key.
        case keyFileInvalid
        /// A key file is readable by other users (it must be 0600).
        case keyFilePermissions
        /// The public-keys file cannot be read or is malformed.
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

    /// Stable dotted code, e.g. `fleet.exportNotEmpty`.
    public var code: String { output?.code ?? "fleet.\(kind.rawValue)" }

    /// One English sentence.
    public var message: String {
        switch kind {
        case .keyFileInvalid: "The key file cannot be read or holds another kind of key"
        case .keyFilePermissions: "The key file is readable by other users; it must have mode 0600"
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

    /// The exit code: 73 refused output, 74 disk full, 64 a bad key or keys file given on the command line, 1 otherwise.
    public var processExitCode: Int32 {
        switch kind {
        case .exportNotEmpty: 73
        case .outputRefused: output?.reason == .diskFull ? 74 : output?.reason == .cannotWrite || output?.reason == .cannotCreate ? 1 : 73
        case .keyFileInvalid, .keyFilePermissions, .publicKeysInvalid: 64
        }
    }

    /// The code, message and detail.
    public var description: String { "\(code): \(message) (\(detail))" }
}
