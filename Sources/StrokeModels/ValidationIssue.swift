/// A blocking problem with one input: which field, what is allowed, what was given.
public struct ValidationIssue: Sendable, Hashable, Codable {
    /// The field the problem is about.
    public let field: InputField
    /// What the field allows.
    public let allowed: AllowedRange
    /// The value that was given.
    public let given: Double
    /// Set when the problem is a relation between fields rather than a range.
    public let relation: Relation?

    /// A rule that ties two fields together.
    public enum Relation: String, Sendable, Hashable, Codable {
        /// Systolic must be above diastolic (swapped values are the usual cause).
        case systolicAboveDiastolic
    }

    /// Creates an out-of-range issue.
    public init(field: InputField, allowed: AllowedRange, given: Double, relation: Relation? = nil) {
        self.field = field
        self.allowed = allowed
        self.given = given
        self.relation = relation
    }

    /// The user-facing message: field name, allowed range and given value.
    public var message: Message {
        let value: MessageArgument = given.isFinite ? .number(given, maxFractionDigits: 6) : .text(String(describing: given))
        if relation == .systolicAboveDiastolic {
            return Message("error.validation.systolicAboveDiastolic", [value])
        }
        return Message("error.validation.range", [.key(field.messageKey), .text(unitSuffix), .message(allowed.message), value])
    }

    private var unitSuffix: String { field.unit.map { " \($0)" } ?? "" }
}
