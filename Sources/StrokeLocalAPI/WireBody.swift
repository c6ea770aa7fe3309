import Foundation
import StrokeModels

/// A request body of the Cloud Functions contract, read leniently as the
/// functions read it: numbers as integers or floats, yes/no fields as `0|1`,
/// `true|false` or `"yes"|"no"` (also numeric strings such as `"70"`).
/// Members this route does not use are ignored, as the functions ignore them.
public struct WireBody: Sendable {
    /// The body's members (scalars only; nested values are kept as `.other`).
    let members: [String: Scalar]

    /// One member's value.
    enum Scalar: Decodable, Sendable, Equatable {
        case number(Double), bool(Bool), string(String), null, other

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null } else if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let d = try? c.decode(Double.self) { self = .number(d) }
            else if let s = try? c.decode(String.self) { self = .string(s) }
            else { self = .other }
        }
    }

    /// Parses a body.
    /// - Throws: `LocalAPIError.invalidJSON` or `.notAnObject`.
    public init(_ bytes: some Collection<UInt8>) throws(LocalAPIError) {
        // Hot path: a flat object of plain scalars, read without JSONDecoder (same result; see FlatJSONScanner).
        if let fast = bytes.withContiguousStorageIfAvailable(FlatJSONScanner.members), let fast {
            members = fast
            return
        }
        let data = Data(bytes)
        do {
            members = try JSONDecoder().decode([String: Scalar].self, from: data)
        } catch {
            if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil { throw .notAnObject }
            throw .invalidJSON
        }
    }

    /// A required number (a numeric string is accepted, as the functions accept it).
    public func number(_ field: String) throws(LocalAPIError) -> Double {
        switch members[field] {
        case nil, .null?: throw .missingField(field)
        case .number(let d)?: return d
        case .string(let s)?:
            guard let d = Double(s.trimmingCharacters(in: .whitespaces)) else { throw .wrongType(field, expected: "a number") }
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
