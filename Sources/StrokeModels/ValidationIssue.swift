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
        if relation == .systolicAboveDiastolic, given.isFinite {
            return Message("error.validation.systolicAboveDiastolic", [Self.exactValue(given)])
        }
        return Self.rangeMessage(field: Message(field.messageKey), unitSuffix: unitSuffix, allowed: allowed, given: given)
    }

    /// The one wording of "value outside its range" (also used by the routing
    /// settings): a non-finite value (`1e400`, `nan`) is called "not a finite
    /// number", and a finite one is shown exactly (see `exactValue`).
    public static func rangeMessage(field: Message, unitSuffix: String, allowed: AllowedRange, given: Double) -> Message {
        guard given.isFinite else {
            return Message("error.validation.notFinite", [.message(field), .text(unitSuffix), .message(allowed.message)])
        }
        return Message("error.validation.range", [.message(field), .text(unitSuffix), .message(allowed.message), exactValue(given)])
    }

    /// A given value as the user typed it, never rounded into something else:
    /// up to 6 decimals in the user's locale when that is exact, otherwise the
    /// shortest round-trip form (`4.9e-324` is not shown as `0`).
    public static func exactValue(_ value: Double) -> MessageArgument {
        if abs(value) < 1e9, (value * 1e6).rounded() / 1e6 == value {
            return .number(value, maxFractionDigits: 6)
        }
        return .text(String(describing: value))
    }

    private var unitSuffix: String { field.unit.map { " \($0)" } ?? "" }
}
