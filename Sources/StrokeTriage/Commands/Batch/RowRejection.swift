import StrokeModels
import TriageRendering

/// Why one input row was rejected. The reason names the column and, for
/// ranges, what is allowed — never the value given (it may be patient data).
enum RowRejection: Error, Sendable, Hashable {
    /// A cell that must be a number is not one.
    case notANumber(column: String)
    /// A number cell that overflows (`1e400`) or is not a number (`nan`).
    case notFinite(column: String)
    /// A cell that must be yes/no is not one.
    case notABoolean(column: String)
    /// A required input is empty or absent.
    case missing(column: String)
    /// A value outside what the rules allow.
    case outOfRange(column: String, allowed: AllowedRange)
    /// Systolic not above diastolic.
    case pressures
    /// A CSV row with a different number of fields than the header.
    case fieldCount(found: Int, expected: Int)
    /// A JSON Lines row that is not one flat object.
    case notJSON
    /// A JSON key the module does not read.
    case unknownKey(String)
    /// A JSON key given twice.
    case duplicateKey
    /// The prediction service failed for this row (auto mode); `code` is the error's stable code.
    case serviceFailed(code: String)
    /// The row is longer than `LineReader.maximumLineLength`; it was skipped unread.
    case tooLong

    /// The reason as a localizable message.
    var message: Message {
        switch self {
        case .notANumber(let column): return Message("batch.reason.notANumber", [.text(column)])
        case .notFinite(let column): return Message("batch.reason.notFinite", [.text(column)])
        case .notABoolean(let column): return Message("batch.reason.notABoolean", [.text(column)])
        case .missing(let column): return Message("batch.reason.missing", [.text(column)])
        case .outOfRange(let column, let allowed): return Message("batch.reason.outOfRange", [.text(column), .message(allowed.message)])
        case .pressures: return Message("batch.reason.pressures")
        case .fieldCount(let found, let expected):
            return Message("batch.reason.fieldCount", [.text(String(found)), .text(String(expected))])
        case .notJSON: return Message("batch.reason.notJSON")
        case .unknownKey(let key): return Message("batch.reason.unknownKey", [.text(key)])
        case .duplicateKey: return Message("batch.reason.duplicateKey")
        case .serviceFailed(let code): return Message("batch.reason.serviceFailed", [.text(code)])
        case .tooLong: return Message("batch.reason.tooLong")
        }
    }

    /// The rejection for a model error: its first issue, named by the file's column.
    static func from(_ error: ModelsError, format: BatchFormat) -> RowRejection {
        let issue = error.issues[0]
        if issue.relation == .systolicAboveDiastolic { return .pressures }
        let column = InputKey(field: issue.field).map(format.name) ?? issue.field.rawValue
        if issue.given.isNaN { return .missing(column: column) }
        if issue.given.isInfinite { return .notFinite(column: column) }
        return .outOfRange(column: column, allowed: issue.allowed)
    }
}
