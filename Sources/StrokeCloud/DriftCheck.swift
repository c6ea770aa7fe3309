import StrokeModels

/// Whether a cloud LVO probability disagrees with the local model, judged
/// at the precision the answer carries: predict_lvo sends the unrounded
/// number, predict_full_stroke's `lvo_prediction` one rounded to 4 decimals
/// (`0.512` for the local 0.5119570957664139 is no drift).
public enum DriftCheck {
    /// The tolerance for an unrounded answer (floating-point noise between implementations).
    public static let minimumTolerance = 1e-6

    /// Half a unit in the last decimal place of `value` as it was written
    /// (its shortest round-trip form): `0.512` → 0.0005, `0.5` → 0.05.
    public static func halfUnitInLastPlace(_ value: Double) -> Double {
        var half = 0.5
        for _ in 0..<decimals(of: value) { half /= 10 }
        return half
    }

    /// The decimal places of `value`'s shortest round-trip form (`0.512` → 3, `1e-06` → 6, `0.5` → 1).
    public static func decimals(of value: Double) -> Int {
        let text = String(describing: value).lowercased()
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(of: "e") {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var fraction = mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
        if fraction == 1, mantissa.hasSuffix(".0") { fraction = 0 }
        return min(40, max(0, fraction - exponent))
    }

    /// The tolerance used for `cloud`: half a unit in its last place, at least `minimumTolerance`.
    public static func tolerance(for cloud: Double) -> Double {
        max(minimumTolerance, halfUnitInLastPlace(cloud))
    }

    /// The tolerance exceeded when the two disagree beyond it, else nil.
    public static func drift(cloud: Double, local: Double) -> Double? {
        let tolerance = tolerance(for: cloud)
        return abs(cloud - local) > tolerance ? tolerance : nil
    }
}

/// The Cloud Functions' own risk scale (their `risk_level`, docs/cloud-contract.md): `moderate`
/// from 40 %, `high` from 70 %. The note that the cloud reads a risk differently names these edges.
enum CloudRiskScale {
    /// Lower bound of the cloud's `moderate`.
    static let moderateFrom = 0.40
    /// Lower bound of the cloud's `high`.
    static let highFrom = 0.70
}

extension RiskLevel {
    /// This level in the Cloud Functions' words (`low`, `moderate`, `high`),
    /// to tell when their `risk_level` reads differently; `critical` has no equivalent.
    var cloudEquivalent: String {
        switch self {
        case .low: "low"
        case .medium: "moderate"
        case .high: "high"
        case .critical: "critical"
        }
    }
}
