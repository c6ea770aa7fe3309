#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeModels

/// The error of a batch run as a whole (a bad row is not an error: it is
/// reported and the run continues). Codes `batch.<reason>`; a failed read or
/// write midway is BatchStreaming's `StreamingError`.
public struct BatchError: TriageError, Hashable {
    private enum Kind: Sendable, Hashable {
        case cannotOpenInput(path: String, errno: Int32)
        case cannotCreateOutput(path: String, errno: Int32)
        case outputIsInput(path: String)
        case noHeader
        case unknownColumn(name: String, allowed: [String])
        case missingColumn(name: String)
        case duplicateColumn(name: String)
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

    /// The reason part of the code.
    private var reason: String {
        switch kind {
        case .cannotOpenInput: return "cannotOpenInput"
        case .cannotCreateOutput: return "cannotCreateOutput"
        case .outputIsInput: return "outputIsInput"
        case .noHeader: return "noHeader"
        case .unknownColumn: return "unknownColumn"
        case .missingColumn: return "missingColumn"
        case .duplicateColumn: return "duplicateColumn"
        }
    }

    /// Stable code `batch.<reason>`, e.g. `batch.unknownColumn`.
    public var code: String { "batch." + reason }

    /// Every code of this type.
    public static let codes = ["cannotOpenInput", "cannotCreateOutput", "outputIsInput", "noHeader", "unknownColumn",
                               "missingColumn", "duplicateColumn"].map { "batch." + $0 }

    /// The one-line message (key `batch.error.<reason>`; paths and column names, never cell values).
    public var message: Message { Message("batch.error." + reason, arguments.map { .text($0) }) }

    /// The system's reason for a file that cannot be opened or created, for `--verbose`.
    public var cause: String? { errorNumber == 0 ? nil : String(cString: strerror(errorNumber)) }

    /// `usage` (64) for an output that is the input, `invalidData` (65) for a bad header, else `failure` (1).
    public var category: ErrorCategory { isUsage ? .usage : isInvalidData ? .invalidData : .failure }

    /// For a bad header: how to name the columns.
    public var hint: Message? { isHeaderError ? Message("batch.hint.columns") : nil }

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
        default: return false
        }
    }

    /// The message arguments (paths and column names; never cell values).
    public var arguments: [String] {
        switch kind {
        case .cannotOpenInput(let path, _), .cannotCreateOutput(let path, _), .outputIsInput(let path): return [path]
        case .noHeader: return []
        case .unknownColumn(let name, let allowed): return [name, allowed.joined(separator: ", ")]
        case .missingColumn(let name), .duplicateColumn(let name): return [name]
        }
    }

    /// The system error number behind an I/O failure, else 0.
    public var errorNumber: Int32 {
        switch kind {
        case .cannotOpenInput(_, let e), .cannotCreateOutput(_, let e): return e
        default: return 0
        }
    }
}
