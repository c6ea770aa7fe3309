import StrokeModels
import StrokeJSON

/// Request bodies with the exact field names of cloud-api.md; booleans are sent as 1/0.
public enum CloudRequest {
    /// predict_coma_ich: `{"gfap_value"}`.
    public static func coma(_ i: TriageInputs) -> String {
        json([("gfap_value", number(i.gfap))])
    }

    /// predict_limited_data_ich: age, pressures, GFAP, reduced vigilance.
    public static func limited(_ i: TriageInputs) -> String {
        json([
            ("age_years", integer(i.age)), ("systolic_bp", integer(i.systolic)), ("diastolic_bp", integer(i.diastolic)),
            ("gfap_value", number(i.gfap)), ("vigilanzminderung", flag(i.reducedVigilance)),
        ])
    }

    /// predict_full_stroke: the 13 fields.
    public static func fullStroke(_ i: TriageInputs) -> String {
        json([
            ("age_years", integer(i.age)), ("systolic_bp", integer(i.systolic)), ("diastolic_bp", integer(i.diastolic)),
            ("gfap_value", number(i.gfap)), ("fast_ed_score", integer(i.fastEd)),
            ("headache", flag(i.headache)), ("beinparese", flag(i.legParesis)), ("eye_deviation", flag(i.eyeDeviation)),
            ("armparese", flag(i.armParesis)), ("vigilanzminderung", flag(i.reducedVigilance)),
            ("atrial_fibrillation", flag(i.atrialFibrillation)), ("anticoagulated_noak", flag(i.anticoagulated)),
            ("antiplatelets", flag(i.antiplatelets)),
        ])
    }

    /// predict_lvo: `{"gfap_value", "fast_ed_score"}`.
    public static func lvo(_ i: TriageInputs) -> String {
        json([("gfap_value", number(i.gfap)), ("fast_ed_score", integer(i.fastEd))])
    }

    /// authenticate-research-access login.
    public static func login(password: String) -> String {
        json([("action", JSONText.quote("login")), ("password", JSONText.quote(password))])
    }

    /// authenticate-research-access session check.
    public static func validate(token: String) -> String {
        json([("action", JSONText.quote("validate_session")), ("session_token", JSONText.quote(token))])
    }

    /// The empty object the warm-up posts.
    public static let warmUp = "{}"

    private static func json(_ members: [(String, String)]) -> String {
        "{" + members.map { JSONText.quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    private static func integer(_ value: Int?) -> String { value.map(String.init) ?? "null" }
    private static func flag(_ value: Bool) -> String { value ? "1" : "0" }

    /// Finite numbers in Swift's shortest round-trip form (valid JSON); whole numbers without a fraction.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(describing: value)
    }
}
