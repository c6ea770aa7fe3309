import StrokeModels
import StrokeJSON

/// Request bodies with the exact field names of docs/cloud-contract.md; booleans are sent as 1/0.
public enum CloudRequest {
    /// predict_coma_ich: `{"gfap_value"}`.
    public static func coma(_ i: TriageInputs) -> String { body(i, InputKey.keys(for: .coma)) }

    /// predict_limited_data_ich: age, pressures, GFAP, reduced vigilance.
    public static func limited(_ i: TriageInputs) -> String { body(i, InputKey.keys(for: .limited)) }

    /// predict_full_stroke: the 13 fields.
    public static func fullStroke(_ i: TriageInputs) -> String { body(i, InputKey.keys(for: .full)) }

    /// predict_lvo: `{"gfap_value", "fast_ed_score"}`.
    public static func lvo(_ i: TriageInputs) -> String { body(i, [.gfap, .fastEd]) }

    /// The contract's body of `keys`, named by the catalogue (`InputKey.contractName`), in its order:
    /// GFAP as a number, the other numbers whole, findings as 1/0.
    static func body(_ i: TriageInputs, _ keys: [InputKey]) -> String {
        json(keys.compactMap { key in
            key.contractName.map { ($0, key == .gfap ? number(i.gfap ?? .nan) : key.isBoolean ? flag(i[key] == 1) : integer(i[key].map(Int.init))) }
        })
    }

    /// authenticate-research-access login.
    public static func login(password: String) -> String {
        json([("action", .string("login")), ("password", .string(password))])
    }

    /// authenticate-research-access session check.
    public static func validate(token: String) -> String {
        json([("action", .string("validate_session")), ("session_token", .string(token))])
    }

    /// The empty object the warm-up posts.
    public static let warmUp = "{}"

    private static func json(_ members: [(String, JSONValue)]) -> String {
        JSONValue.object(members).serialized()
    }

    private static func integer(_ value: Int?) -> JSONValue { value.map(JSONValue.integer) ?? .null }
    private static func flag(_ value: Bool) -> JSONValue { .integer(value ? 1 : 0) }

    /// The wire sends whole numbers without a fraction (`120`, as the web app does),
    /// other finite numbers in StrokeJSON's number form, non-finite as `null`.
    private static func number(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15 { return .integer(Int(value)) }
        return .number(value)
    }
}
