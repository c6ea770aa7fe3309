/// The error of a batch run as a whole (a bad row is not an error: it is
/// reported and the run continues).
public struct BatchError: Error, Sendable, Hashable {
    private enum Kind: Sendable, Hashable {
        case cannotOpenInput(path: String, errno: Int32)
        case cannotCreateOutput(path: String, errno: Int32)
        case outputIsInput(path: String)
        case noHeader
        case unknownColumn(name: String, allowed: [String])
        case missingColumn(name: String)
        case duplicateColumn(name: String)
        case stream(code: String, errno: Int32)
    }

    private let kind: Kind

    /// The input file cannot be opened.
    public static func cannotOpenInput(_ path: String, errno: Int32) -> BatchError { BatchError(kind: .cannotOpenInput(path: path, errno: errno)) }
    /// The output file cannot be created.
    public static func cannotCreateOutput(_ path: String, errno: Int32) -> BatchError { BatchError(kind: .cannotCreateOutput(path: path, errno: errno)) }
    /// The output file is the input file.
    public static func outputIsInput(_ path: String) -> BatchError { BatchError(kind: .outputIsInput(path: path)) }
    /// CSV input without a header row.
    public static let noHeader = BatchError(kind: .noHeader)
    /// A header names a column the module does not read.
    public static func unknownColumn(_ name: String, allowed: [String]) -> BatchError { BatchError(kind: .unknownColumn(name: name, allowed: allowed)) }
    /// A required column is absent from the header.
    public static func missingColumn(_ name: String) -> BatchError { BatchError(kind: .missingColumn(name: name)) }
    /// A header names a column twice.
    public static func duplicateColumn(_ name: String) -> BatchError { BatchError(kind: .duplicateColumn(name: name)) }
    /// Reading or writing failed midway.
    public static func stream(code: String, errno: Int32) -> BatchError { BatchError(kind: .stream(code: code, errno: errno)) }

    /// Stable code, also the localization key of the message.
    public var code: String {
        switch kind {
        case .cannotOpenInput: return "batch.error.cannotOpenInput"
        case .cannotCreateOutput: return "batch.error.cannotCreateOutput"
        case .outputIsInput: return "batch.error.outputIsInput"
        case .noHeader: return "batch.error.noHeader"
        case .unknownColumn: return "batch.error.unknownColumn"
        case .missingColumn: return "batch.error.missingColumn"
        case .duplicateColumn: return "batch.error.duplicateColumn"
        case .stream(let code, _): return code
        }
    }

    /// Whether writing the output failed (mapped to `OutputFileError` by `BatchFiles`).
    public var isWriteFailure: Bool {
        if case .stream(let code, _) = kind { return code == "batch.stream.writeFailed" }
        return false
    }

    /// Whether the command line is at fault (exit 64).
    public var isUsage: Bool {
        if case .outputIsInput = kind { return true }
        return false
    }

    /// Whether the CSV header is at fault.
    public var isHeaderError: Bool {
        switch kind {
        case .noHeader, .unknownColumn, .missingColumn, .duplicateColumn: return true
        default: return false
        }
    }

    /// Whether the input's layout is at fault (exit 65) rather than the system (exit 1).
    public var isInvalidData: Bool {
        switch kind {
        case .noHeader, .unknownColumn, .missingColumn, .duplicateColumn: return true
        case .stream(let code, _): return code == "batch.stream.lineTooLong"
        default: return false
        }
    }

    /// The message arguments (paths and column names; never cell values).
    public var arguments: [String] {
        switch kind {
        case .cannotOpenInput(let path, _), .cannotCreateOutput(let path, _), .outputIsInput(let path): return [path]
        case .noHeader, .stream: return []
        case .unknownColumn(let name, let allowed): return [name, allowed.joined(separator: ", ")]
        case .missingColumn(let name), .duplicateColumn(let name): return [name]
        }
    }

    /// The system error number behind an I/O failure, else 0.
    public var errorNumber: Int32 {
        switch kind {
        case .cannotOpenInput(_, let e), .cannotCreateOutput(_, let e), .stream(_, let e): return e
        default: return 0
        }
    }
}
