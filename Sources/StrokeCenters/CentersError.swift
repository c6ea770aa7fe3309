import StrokeJSON
import StrokeModels

/// The one error type of the stroke-centers module.
///
/// Every case names what went wrong in a localizable `message` (the record
/// and field for dataset problems, the field, range and value for inputs);
/// `code` is stable (`centers.unknownPlace`); the message's localization key is
/// `centers.error.<reason>` (the range message of the models for an input).
public struct CentersError: TriageError, Hashable {
    private let kind: Kind
    /// Technical detail for `--verbose` (never a patient value).
    public let cause: String?

    private enum Kind: Sendable, Hashable {
        case unreadable(file: String)
        case malformedJSON(dataset: String, line: Int, column: Int, reason: String)
        case unsupportedFormat(dataset: String)
        case emptyDataset(dataset: String)
        case missingField(record: String, field: String)
        case invalidField(record: String, field: String, expected: String)
        case coordinateOutOfRange(record: String, field: String, value: Double)
        case duplicateID(record: String, first: String)
        case duplicateSite(record: String, other: String)
        case inputOutOfRange(field: Message, range: AllowedRange, value: Double)
        case unknownPlace(name: String)
        case ambiguousPlace(name: String, candidates: [String])
        case noEligibleCenter(requirement: String)
    }

    private init(_ kind: Kind, cause: String? = nil) {
        self.kind = kind
        self.cause = cause
    }

    /// A dataset file could not be read.
    public static func unreadable(file: String, cause: String?) -> CentersError { .init(.unreadable(file: file), cause: cause) }
    /// A dataset is not valid JSON.
    public static func malformedJSON(dataset: String, line: Int = 0, column: Int = 0, reason: String = "", cause: String?) -> CentersError {
        .init(.malformedJSON(dataset: dataset, line: line, column: column, reason: reason), cause: cause)
    }
    /// A dataset is neither a JSON array of centers nor a GeoJSON FeatureCollection.
    public static func unsupportedFormat(dataset: String) -> CentersError { .init(.unsupportedFormat(dataset: dataset)) }
    /// A dataset has no centers.
    public static func emptyDataset(dataset: String) -> CentersError { .init(.emptyDataset(dataset: dataset)) }
    /// A record lacks a required field.
    public static func missingField(record: String, field: String) -> CentersError {
        .init(.missingField(record: record, field: field))
    }
    /// A record's field has the wrong type or value.
    public static func invalidField(record: String, field: String, expected: String) -> CentersError {
        .init(.invalidField(record: record, field: field, expected: expected))
    }
    /// A record's latitude or longitude is out of range or not finite.
    public static func coordinateOutOfRange(record: String, field: String, value: Double) -> CentersError {
        .init(.coordinateOutOfRange(record: record, field: field, value: value))
    }
    /// Two records share an id.
    public static func duplicateID(record: String, first: String) -> CentersError {
        .init(.duplicateID(record: record, first: first))
    }
    /// Two records describe the same site.
    public static func duplicateSite(record: String, other: String) -> CentersError {
        .init(.duplicateSite(record: record, other: other))
    }
    /// A command input is outside its allowed range.
    public static func inputOutOfRange(field: Message, range: AllowedRange, value: Double) -> CentersError {
        .init(.inputOutOfRange(field: field, range: range, value: value))
    }
    /// A place name is not in the gazetteer.
    public static func unknownPlace(_ name: String) -> CentersError { .init(.unknownPlace(name: name)) }
    /// A place name matches several places.
    public static func ambiguousPlace(_ name: String, candidates: [String]) -> CentersError {
        .init(.ambiguousPlace(name: name, candidates: candidates))
    }
    /// No center in the dataset can serve a routing requirement.
    public static func noEligibleCenter(requirement: String) -> CentersError {
        .init(.noEligibleCenter(requirement: requirement))
    }

    /// Stable code `centers.<reason>`, e.g. `centers.unknownPlace`.
    public var code: String { "centers." + reason }

    /// Every code of this type.
    public static let codes = [
        "unreadable", "malformedJSON", "unsupportedFormat", "emptyDataset", "missingField", "invalidField",
        "coordinateOutOfRange", "duplicateID", "duplicateSite", "inputOutOfRange", "unknownPlace", "ambiguousPlace",
        "noEligibleCenter",
    ].map { "centers." + $0 }

    /// The reason part of the code.
    private var reason: String {
        switch kind {
        case .unreadable: "unreadable"
        case .malformedJSON: "malformedJSON"
        case .unsupportedFormat: "unsupportedFormat"
        case .emptyDataset: "emptyDataset"
        case .missingField: "missingField"
        case .invalidField: "invalidField"
        case .coordinateOutOfRange: "coordinateOutOfRange"
        case .duplicateID: "duplicateID"
        case .duplicateSite: "duplicateSite"
        case .inputOutOfRange: "inputOutOfRange"
        case .unknownPlace: "unknownPlace"
        case .ambiguousPlace: "ambiguousPlace"
        case .noEligibleCenter: "noEligibleCenter"
        }
    }

    /// The localization key of `message` (not the code: codes and texts change independently).
    private var key: String { "centers.error." + reason }

    /// `failure` (exit 1) for an unreadable file, `invalidData` (exit 65) for bad data or input values.
    public var category: ErrorCategory { isInvalidData ? .invalidData : .failure }

    /// `true` for problems with data or input values (exit 65), `false` for unreadable files.
    public var isInvalidData: Bool {
        if case .unreadable = kind { return false }
        return true
    }

    /// The candidates of an ambiguous place name (empty otherwise).
    public var candidates: [String] {
        if case .ambiguousPlace(_, let c) = kind { return c }
        return []
    }

    /// What to do: name a candidate, give coordinates, or check the file against the schema.
    public var hint: Message? {
        if !candidates.isEmpty { return Message("centers.hint.candidates", [.text(candidates.joined(separator: "; "))]) }
        switch kind {
        case .unknownPlace: return Message("centers.hint.useCoordinates")
        case .inputOutOfRange, .noEligibleCenter: return nil
        default: return Message("centers.hint.schema")
        }
    }

    /// The localizable one-line message.
    public var message: Message {
        switch kind {
        case .unreadable(let file), .unsupportedFormat(let file), .emptyDataset(let file):
            return Message(key, [.text(file)])
        case .malformedJSON(let file, let line, let column, let reason):
            // Where to look (issue 46): the line and column of the syntax error.
            // The JSON reader's fixed reasons in the user's language (`json.reason.<name>`).
            let why: MessageArgument = JSONError.Reason(rawValue: reason).map { .key("json.reason.\($0.name)") } ?? .text(reason)
            return Message(key, [.text(file), .number(Double(line), maxFractionDigits: 0), .number(Double(column), maxFractionDigits: 0), why])
        case .missingField(let record, let field):
            return Message(key, [.text(record), .text(field)])
        case .invalidField(let record, let field, let expected):
            // Minutes: the outcome model's range, given as an argument (never typed into the strings).
            let range: [MessageArgument] = expected == "minutes" ? [.text(String(Int(OutcomeModel.maximumMinutes)))] : []
            return Message(key, [.text(record), .text(field), .message(Message("centers.expected.\(expected)", range))])
        case .coordinateOutOfRange(let record, let field, let value):
            let range = field == "lat" ? "−90…90" : "−180…180"
            return Message(key, [.text(record), .text(field), .text(range), .text(String(describing: value))])
        case .duplicateID(let record, let first), .duplicateSite(let record, let first):
            return Message(key, [.text(record), .text(first)])
        case .inputOutOfRange(let field, let range, let value):
            return ValidationIssue.rangeMessage(field: field, unitSuffix: "", allowed: range, given: value)
        case .unknownPlace(let name):
            return Message(key, [.text(name)])
        case .ambiguousPlace(let name, let candidates):
            return Message(key, [.text(name), .number(Double(candidates.count), maxFractionDigits: 0)])
        case .noEligibleCenter(let requirement):
            return Message(key, [.key("centers.requirement.\(requirement)")])
        }
    }
}
