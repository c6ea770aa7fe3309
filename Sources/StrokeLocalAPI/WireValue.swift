import StrokeJSON

/// A JSON value with ordered object members, as the local API writes it.
///
/// The order of members is the order they were built in, so the same answer is
/// byte-identical on every run. Doubles are written in Swift's shortest
/// round-trip form, so a client parsing the number gets the very same `Double`
/// the local model computed (the LVO parity of issue 13 depends on it).
public indirect enum WireValue: Sendable, Equatable {
    /// An object; members keep their order.
    case object([(String, WireValue)])
    /// An array.
    case array([WireValue])
    /// A string.
    case string(String)
    /// A floating-point number (finite; a non-finite value is written as `null`).
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The compact JSON text of the value.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the compact JSON text of the value to `out`.
    public func write(to out: inout String) {
        switch self {
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                out += JSONText.quote(key)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .string(let s): out += JSONText.quote(s)
        case .number(let d): out += Self.numberText(d)
        case .integer(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// The member `key` of an object, if present.
    public subscript(key: String) -> WireValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The member names of an object, in order (empty for other values).
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.0)
    }

    /// Shortest round-trip form with a decimal point or exponent (`5.0`, `0.51`, `1e-05`); `-0.0` as `0.0`.
    static func numberText(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == 0 { return "0.0" }
        return String(describing: d)
    }

    public static func == (a: WireValue, b: WireValue) -> Bool { a.text == b.text }
}
