import Foundation

/// A JSON value as the fake cloud writes it (keys in the order given).
indirect enum FakeJSON {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case array([FakeJSON])
    case object(KeyValuePairs<String, FakeJSON>)
    /// A value copied from the request, already JSON.
    case verbatim(String)

    var text: String {
        switch self {
        case .number(let value): return "\(value)"
        case .integer(let value): return "\(value)"
        case .string(let value):
            return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .bool(let value): return value ? "true" : "false"
        case .array(let values): return "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.map { FakeJSON.string($0.key).text + ": " + $0.value.text }.joined(separator: ", ") + "}"
        case .verbatim(let text): return text
        }
    }
}

/// The fake cloud's answers to well-formed requests: the contract of reference/cloud-api.md,
/// with `predict_lvo` answering exactly the local LVO model's numbers (models.md section 2).
enum FakeCloudAnswers {
    /// (status, body) for `function`; `seen` counts the run's requests (the `stepped` noise).
    static func answer(function: String, body: [String: Any], fault: String, seen: Int) -> (Int, FakeJSON) {
        let number = { (key: String) in (body[key] as? NSNumber)?.doubleValue ?? 0 }
        switch function {
        case "predict_coma_ich":
            let gfap = number("gfap_value")
            if fault == "stepped" || fault == "stepped-exact" {
                let step = steps.first { gfap < $0.upTo }?.p ?? 0.8
                let p = fault == "stepped-exact" ? step : round4(step + noise[seen % noise.count])
                return (200, .object([
                    "probability": .number(p), "ich_probability": .number(p),
                    "decision": .object(["threshold": .number(0.5), "meets_threshold": .bool(true), "recommendation": .string("x")]),
                    "drivers": .object([
                        "kind": .string("simple_gfap_based"), "units": .string("contribution"),
                        "positive": .array([.object(["label": .string("gfap_value"), "weight": .number(0.5)])]), "negative": .array([]),
                        "meta": .object(["gfap_level": .string("high"), "note": .string("x")]),
                    ]),
                    "confidence": .number(0.7),
                ]))
            }
            let p = round4(min(0.99, gfap / (gfap + 500)))
            return (200, .object([
                "probability": .number(p), "ich_probability": .number(p),
                "drivers": .object([
                    "kind": .string(fault == "simple-kind" ? "simple_gfap_based" : "fake_trained_model"), "units": .string("logit"),
                    "positive": .array([.object(["label": .string("gfap_value"), "weight": .integer(1)])]), "negative": .array([]),
                ]),
            ]))
        case "predict_limited_data_ich":
            return (200, .object([
                "ich_probability": .number(0.42),
                "decision": .object(["threshold": .number(0.8), "meets_threshold": .bool(false), "recommendation": .string("x")]),
                "drivers": .object([
                    "kind": .string("logistic_contributions"), "units": .string("logit"),
                    "positive": .array([.object(["label": .string("gfap_value"), "weight": .number(1.2)])]),
                    "negative": .array([.object(["label": .string("age_years"), "weight": .number(-0.3)])]),
                    "intercept": .number(-1.1), "contrib_sum": .number(0.9), "logit_total": .number(-0.2),
                ]),
            ]))
        case "predict_full_stroke":
            let missing = fullStrokeFields.filter { body[$0] == nil }
            if !missing.isEmpty {
                return (400, .object(["error": .string("Invalid or missing input data: " + missing.joined(separator: ", "))]))
            }
            let (p, gc, fc) = lvoProbability(gfap: number("gfap_value"), fastEd: number("fast_ed_score"))
            var positive: [FakeJSON] = fc >= 0 ? [driver("fast_ed_score", abs(fc))] : []
            var negative: [FakeJSON] = fc < 0 ? [driver("fast_ed_score", abs(fc))] : []
            if gc >= 0 { positive.append(driver("gfap_value", abs(gc))) } else { negative.append(driver("gfap_value", abs(gc))) }
            let ich: FakeJSON = fault == "ties"
                ? .object(["anticoagulated_noak": .number(0.1), "beinparese": .number(-0.1), "antiplatelets": .number(0.1), "age_years": .number(0)])
                : .object(["age_years": .number(0.12), "gfap_value": .number(0.9), "headache": .number(-0.05)])
            // The reference rounds lvo_prediction's probability to 4 decimals.
            return (200, .object([
                "ich_prediction": .object(["probability": .number(0.31), "drivers": ich]),
                "lvo_prediction": .object([
                    "probability": .number(round4(p)),
                    "drivers": .object([
                        "kind": .string("new_model_calibrated"), "units": .string("logit_contribution"),
                        "positive": .array(positive), "negative": .array(negative),
                        "meta": .object(["riskLevel": .string(riskLevel(p)), "interpretation": .string("x")]),
                    ]),
                ]),
            ]))
        case "predict_lvo":
            guard body["gfap_value"] != nil, body["fast_ed_score"] != nil else {
                return (400, .object([
                    "error": .string("Missing required parameters"),
                    "required": .array([.string("gfap_value"), .string("fast_ed_score")]),
                    "received": .array(body.keys.sorted().map { .string($0) }),
                ]))
            }
            var (p, gc, fc) = lvoProbability(gfap: number("gfap_value"), fastEd: number("fast_ed_score"))
            if fault == "drift" { p += 0.01 }
            let fastEd = verbatim(body["fast_ed_score"]), gfap = verbatim(body["gfap_value"])
            var factors: [FakeJSON] = [factor("fast_ed_score", fastEd, fc)]
            if fault == "refnames" {
                factors = [factor(fc >= 0 ? "High FAST-ED Score" : "Low FAST-ED Score", fastEd, fc),
                           factor(gc >= 0 ? "Low GFAP" : "High GFAP", gfap, gc)]
            }
            return (200, .object([
                "probability": .number(p), "is_lvo": .integer(p >= 0.333333 ? 1 : 0), "risk_level": .string(riskLevel(p)),
                "model": .string("Production LVO Model v1.0"), "risk_factors": .array(factors),
                "interpretation": .string("x"), "confidence": .number(0.8), "threshold": .number(0.333333), "warnings": .array([]),
                "debug": .object(["gfap_transformed": .number(0), "logit_calibrated": .number(0)]),
            ]))
        case "authenticate-research-access":
            guard fault != "login-bad", body["password"] as? String == "correct horse" else {
                return (401, .object(["success": .bool(false), "message": .string("Invalid credentials"), "rate_limit_remaining": .integer(4)]))
            }
            return (200, .object([
                "success": .bool(true), "session_token": .string(String(repeating: "ab", count: 32)),
                "expires_at": .string("2099-01-01T00:00:00Z"), "session_duration": .integer(14400), "message": .string("ok"),
            ]))
        default:
            return (404, .object(["error": .string("Not found")]))
        }
    }

    /// The local LVO model (models.md section 2): probability, GFAP and FAST-ED contributions.
    static func lvoProbability(gfap: Double, fastEd: Double) -> (Double, Double, Double) {
        let lambda = -0.825559
        let used = min(max(fastEd, 0), 16)
        let g = (pow(gfap + 1, lambda) - 1) / lambda
        let f = (used - 3.701422) / 2.306173
        let gc = -0.826450 * g, fc = 1.651521 * f
        let z = -0.408314 + gc + fc
        return (1 / (1 + exp(-(1.117420 * z - 1.032167))), gc, fc)
    }

    private static let steps: [(upTo: Double, p: Double)] = [(50, 0.1), (100, 0.25), (200, 0.4), (500, 0.6), (.infinity, 0.8)]
    private static let noise = [0.031, -0.027, 0.012, -0.044]
    private static let fullStrokeFields = [
        "age_years", "systolic_bp", "diastolic_bp", "gfap_value", "fast_ed_score", "headache", "beinparese", "eye_deviation",
        "armparese", "vigilanzminderung", "atrial_fibrillation", "anticoagulated_noak", "antiplatelets",
    ]

    /// predict_lvo's own scale (cloud-api.md): high ≥ 0.7, moderate ≥ 0.4, else low.
    private static func riskLevel(_ p: Double) -> String { p >= 0.7 ? "high" : p >= 0.4 ? "moderate" : "low" }

    private static func round4(_ value: Double) -> Double { (value * 10_000).rounded(.toNearestOrEven) / 10_000 }

    private static func driver(_ label: String, _ weight: Double) -> FakeJSON {
        .object(["label": .string(label), "weight": .number(weight)])
    }

    private static func factor(_ name: String, _ value: FakeJSON, _ contribution: Double) -> FakeJSON {
        .object(["name": .string(name), "value": value, "impact": .string(contribution >= 0 ? "increase" : "decrease"),
                 "contribution": .number(abs(contribution))])
    }

    private static func verbatim(_ value: Any?) -> FakeJSON {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else { return .verbatim("null") }
        return .verbatim(String(decoding: data, as: UTF8.self))
    }
}
