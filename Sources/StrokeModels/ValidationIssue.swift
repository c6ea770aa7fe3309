// A blocking problem with one input, and the range of values an input allows.

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

/// The values an input may take: optional bounds, and whether it must be whole.
public struct AllowedRange: Sendable, Hashable, Codable {
    /// The smallest allowed value, or `nil` when unbounded below.
    public let lower: Double?
    /// The largest allowed value, or `nil` when unbounded above.
    public let upper: Double?
    /// `true` when the lower bound itself is not allowed (e.g. GFAP > 0).
    public let lowerExclusive: Bool
    /// `true` when only whole numbers are allowed.
    public let integer: Bool

    /// Creates a range; all values must be finite.
    public init(lower: Double? = nil, upper: Double? = nil, lowerExclusive: Bool = false, integer: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.lowerExclusive = lowerExclusive
        self.integer = integer
    }

    /// Whether `value` is finite and inside the range.
    public func contains(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        if integer && value.rounded() != value { return false }
        if let lower {
            if lowerExclusive ? value <= lower : value < lower { return false }
        }
        if let upper, value > upper { return false }
        return true
    }

    /// The range as a localizable phrase, e.g. "29–10001" or "> 0".
    public var message: Message {
        let kind = integer ? "whole" : "number"
        switch (lower, upper) {
        case let (low?, high?):
            return Message("range.\(kind).between", [.number(low, maxFractionDigits: 6), .number(high, maxFractionDigits: 6)])
        case let (low?, nil):
            return Message(lowerExclusive ? "range.\(kind).above" : "range.\(kind).atLeast", [.number(low, maxFractionDigits: 6)])
        case let (nil, high?):
            return Message("range.\(kind).atMost", [.number(high, maxFractionDigits: 6)])
        case (nil, nil):
            return Message("range.\(kind).any")
        }
    }

    /// The range in plain notation for help texts, e.g. "29–10001", "≥ 0", "> 0"
    /// (help texts take it as an argument and never type a range in).
    public var compactText: String {
        func plain(_ x: Double) -> String { x.rounded() == x && abs(x) < 1e15 ? String(Int(x)) : String(x) }
        switch (lower, upper) {
        case let (low?, high?): return plain(low) + "–" + plain(high)
        case let (low?, nil): return (lowerExclusive ? "> " : "≥ ") + plain(low)
        case let (nil, high?): return "≤ " + plain(high)
        case (nil, nil): return "any"
        }
    }
}
