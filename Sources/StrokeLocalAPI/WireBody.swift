import Foundation
import StrokeJSON
import StrokeModels

/// A request body of the Cloud Functions contract, read leniently as the
/// functions read it: numbers as integers or floats, yes/no fields as `0|1`,
/// `true|false` or `"yes"|"no"` (also numeric strings such as `"70"`).
/// Members this route does not use are ignored, as the functions ignore them.
public struct WireBody: Sendable {
    /// The body's members (scalars only; nested values are kept as `.other`).
    let members: [String: Scalar]

    /// One member's value.
    enum Scalar: Sendable {
        case number(Double), bool(Bool), string(String), null, other

        init(_ value: JSONValue) {
            switch value {
            case .null: self = .null
            case .bool(let b): self = .bool(b)
            case .integer, .number: self = value.doubleValue.map(Scalar.number) ?? .other
            case .string(let s): self = .string(s)
            case .array, .object: self = .other
            }
        }
    }

    /// Parses a body (StrokeJSON's reader; a repeated member is refused, as on `/v1`).
    /// - Throws: `LocalAPIError.invalidJSON`, `.notAnObject` or `.duplicateField`.
    public init(_ bytes: some Collection<UInt8>) throws(LocalAPIError) {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: Array(bytes))
        } catch {
            throw .invalidJSON
        }
        guard case .object(let pairs) = root else { throw .notAnObject }
        if let name = root.firstDuplicateMember { throw .duplicateField(name) }
        var members: [String: Scalar] = [:]
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs { members[key] = Scalar(value) }
        self.members = members
    }

    /// A required number (a numeric string is accepted, as the functions accept it, when it
    /// is a decimal number in the one grammar of `DecimalNumber`: not `"0x46"` or `" 70"`).
    public func number(_ field: String) throws(LocalAPIError) -> Double {
        switch members[field] {
        case nil, .null?: throw .missingField(field)
        case .number(let d)?: return d
        case .string(let s)?:
            guard let d = DecimalNumber.parse(s) else { throw .notADecimal(field, given: s) }
            return d
        default: throw .wrongType(field, expected: "a number")
        }
    }

    /// A required whole number within `Int`; a fraction is a range error naming `allowed`.
    public func integer(_ field: String, allowed: AllowedRange) throws(LocalAPIError) -> Int {
        let d = try number(field)
        guard d.rounded() == d, abs(d) < 1e15 else {
            throw .outOfRange(field, allowed: WireRange.text(allowed), given: WireRange.valueText(d))
        }
        return Int(d)
    }

    /// A required yes/no field: `0|1`, `true|false`, `"yes"|"no"`, `"true"|"false"`, `"1"|"0"`.
    public func flag(_ field: String) throws(LocalAPIError) -> Bool {
        switch members[field] {
        case nil, .null?: throw .missingField(field)
        case .bool(let b)?: return b
        case .number(let d)? where d == 0 || d == 1: return d == 1
        case .string(let s)?:
            switch s.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: break
            }
        default: break
        }
        throw .wrongType(field, expected: "0 or 1 (also true/false or \"yes\"/\"no\")")
    }
}

/// How the API writes allowed ranges and given values in messages.
public enum WireRange {
    /// `29…10001`, `≥ 0`, `> 0`, `any finite number`; `whole number` when only integers are allowed.
    public static func text(_ range: AllowedRange) -> String {
        let kind = range.integer ? "whole number " : ""
        switch (range.lower, range.upper) {
        case let (low?, high?): return "\(kind)\(valueText(low))…\(valueText(high))"
        case let (low?, nil): return "\(kind)\(range.lowerExclusive ? ">" : "≥") \(valueText(low))"
        case let (nil, high?): return "\(kind)≤ \(valueText(high))"
        case (nil, nil): return range.integer ? "any whole number" : "any finite number"
        }
    }

    /// A value as given: whole numbers without a fraction, others in shortest form.
    public static func valueText(_ d: Double) -> String {
        guard d.isFinite else { return "not a finite number" }
        if d.rounded() == d, abs(d) < 1e15 { return String(Int(d)) }
        return String(describing: d)
    }
}
