#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeModels

/// Why an output file (report, audit export, batch output) was not written.
/// Nothing is left behind in any of these cases: no partial file, no changed mode.
public struct OutputFileError: TriageError, Hashable {
    /// What went wrong; the raw value is the localization key of the message.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The path is a symbolic link and `--force` was not given.
        case symbolicLink = "output.symbolicLink"
        /// The file exists and the command replaces files only with `--force`.
        case exists = "output.exists"
        /// The path names a directory.
        case directory = "output.directory"
        /// The path names a block device, a socket or another kind of file that is never written.
        case unsupportedKind = "output.unsupportedKind"
        /// The file (or its temporary sibling) could not be created.
        case cannotCreate = "output.cannotCreate"
        /// Writing, flushing or renaming failed.
        case cannotWrite = "output.cannotWrite"
        /// The disk (or the quota) is full.
        case diskFull = "output.diskFull"
    }

    /// The path as the user gave it.
    public let path: String
    /// What went wrong.
    public let reason: Reason
    /// The C `errno` of a failed system call, else 0.
    public let errorNumber: Int32

    /// Creates an error; `errno` values meaning "disk full" become `.diskFull`.
    public init(path: String, reason: Reason, errorNumber: Int32 = 0) {
        self.path = path
        self.errorNumber = errorNumber
        if reason == .cannotWrite || reason == .cannotCreate, errorNumber == ENOSPC || errorNumber == EDQUOT {
            self.reason = .diskFull
        } else {
            self.reason = reason
        }
    }

    /// Stable dotted code `output.<reason>`, e.g. `output.exists`.
    public var code: String {
        switch reason {
        case .symbolicLink: "output.symbolicLink"
        case .exists: "output.exists"
        case .directory: "output.directory"
        case .unsupportedKind: "output.unsupportedKind"
        case .cannotCreate: "output.cannotCreate"
        case .cannotWrite: "output.cannotWrite"
        case .diskFull: "output.diskFull"
        }
    }

    /// Every code of this type.
    public static var codes: [String] { Reason.allCases.map { OutputFileError(path: "", reason: $0).code } }

    /// The one-line message naming the path (its localization key is `reason.rawValue`).
    public var message: Message { Message(reason.rawValue, [.text(path)]) }

    /// For a full disk: free space or write elsewhere.
    public var hint: Message? { reason == .diskFull ? Message("output.hint.diskFull") : nil }

    /// The system's reason for `--verbose` (same as `systemReason`).
    public var cause: String? { systemReason }

    /// `ioError` (74) for a full disk, `cannotCreate` (73) for a refused path (link,
    /// existing file, directory, device kind), `failure` (1) for other system failures.
    public var category: ErrorCategory {
        switch reason {
        case .diskFull: .ioError
        case .symbolicLink, .exists, .directory, .unsupportedKind: .cannotCreate
        case .cannotCreate, .cannotWrite: .failure
        }
    }

    /// The system's text for `errorNumber`, for `--verbose`; nil when there is none.
    public var systemReason: String? {
        errorNumber == 0 ? nil : String(cString: strerror(errorNumber))
    }
}
