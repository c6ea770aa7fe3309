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
