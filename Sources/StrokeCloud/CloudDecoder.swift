import Foundation
import StrokeJSON
import StrokeModels

/// Decoders for every documented answer shape (docs/cloud-contract.md). The content
/// type is ignored, numbers may be integers or floats, missing optional
/// members are tolerated, and drivers come as a flat map or as
/// positive/negative lists.
public enum CloudDecoder {
    /// predict_coma_ich: `probability` (or `ich_probability`) and drivers.
    /// `drivers.kind` is not trusted: `PlaceholderRule` judges the values themselves.
    public static func coma(_ body: [UInt8]) throws(CloudError) -> CloudAnswer {
        let root = try object(body)
        let p = try probability(root, keys: ["probability", "ich_probability"])
        return CloudAnswer(probability: p, drivers: try self.drivers(root["drivers"], negativesAreMagnitudes: false),
                           modelName: root["model"]?.stringValue, claimedSource: claimedSource(root))
    }

    /// predict_limited_data_ich: `ich_probability` and signed driver lists.
    public static func limited(_ body: [UInt8]) throws(CloudError) -> CloudAnswer {
        let root = try object(body)
        let p = try probability(root, keys: ["ich_probability", "probability"])
        return CloudAnswer(probability: p, drivers: try drivers(root["drivers"], negativesAreMagnitudes: false),
                           modelName: root["model"]?.stringValue, claimedSource: claimedSource(root))
    }

    /// predict_full_stroke: `ich_prediction` (flat SHAP map) and optional `lvo_prediction`
    /// (lists whose `negative` weights are magnitudes). A malformed `lvo_prediction`
    /// is dropped, as it is only a fallback for predict_lvo.
    public static func fullStroke(_ body: [UInt8]) throws(CloudError) -> FullStrokeAnswer {
        let root = try object(body)
        guard let ichNode = root["ich_prediction"]?.dictionary else { throw .wrongTypes("ich_prediction") }
        let ich = CloudAnswer(probability: try probability(ichNode, keys: ["probability"], prefix: "ich_prediction."),
                              drivers: try drivers(ichNode["drivers"], negativesAreMagnitudes: false),
                              modelName: ichNode["model"]?.stringValue, claimedSource: claimedSource(ichNode))
        var lvo: CloudAnswer?
        if let lvoNode = root["lvo_prediction"]?.dictionary,
           let p = try? probability(lvoNode, keys: ["probability"], prefix: "lvo_prediction."),
           let d = try? drivers(lvoNode["drivers"], negativesAreMagnitudes: true) {
            let meta = lvoNode["drivers"]?.dictionary?["meta"]?.dictionary
            lvo = CloudAnswer(probability: p, drivers: d, modelName: lvoNode["model"]?.stringValue, riskLevel: meta?["riskLevel"]?.stringValue,
                              claimedSource: claimedSource(lvoNode))
        }
        return FullStrokeAnswer(ich: ich, lvo: lvo)
    }

    /// predict_lvo: the unrounded `probability`, `model`, and `risk_factors` as drivers
    /// (`impact: "decrease"` makes the contribution negative; `feature`, where a
    /// stroke-triage server sends it beside the reference's `name`, is the key).
    public static func lvo(_ body: [UInt8]) throws(CloudError) -> CloudAnswer {
        let root = try object(body)
        let p = try probability(root, keys: ["probability"])
        var drivers: [Driver] = []
        if case .array(let factors)? = root["risk_factors"] {
            for factor in factors {
                guard let f = factor.dictionary, let name = f["feature"]?.stringValue ?? f["name"]?.stringValue,
                      let c = f["contribution"]?.doubleValue else { continue }
                drivers.append(DriverCatalogue.cloudDriver(name: name, weight: f["impact"]?.stringValue == "decrease" ? -abs(c) : abs(c)))
            }
        }
        return CloudAnswer(probability: p, drivers: drivers, modelName: root["model"]?.stringValue, riskLevel: root["risk_level"]?.stringValue,
                           claimedSource: claimedSource(root))
    }

    /// The `source` label of a stroke-triage local API's answer (`local` or `baseline`); nil otherwise.
    static func claimedSource(_ object: [String: JSONValue]) -> PredictionSource? {
        switch object["source"]?.stringValue {
        case "local": return .local
        case "baseline": return .baseline
        default: return nil
        }
    }

    /// authenticate-research-access login: `session_token` and `expires_at`.
    public static func session(_ body: [UInt8]) throws(CloudError) -> ResearchSession {
        let root = try object(body)
        if case .bool(false)? = root["success"] { throw .wrongTypes("success") }
        guard let token = root["session_token"]?.stringValue, !token.isEmpty else { throw .wrongTypes("session_token") }
        guard let expires = root["expires_at"]?.stringValue else { throw .wrongTypes("expires_at") }
        return ResearchSession(token: token, expiresAt: expires)
    }

    /// authenticate-research-access validate_session: whether the answer says `success: true`.
    public static func accepted(_ body: [UInt8]) -> Bool {
        guard let root = try? object(body) else { return false }
        return root["success"] == .bool(true)
    }

    /// The text of an error answer, for "cloud answered 422: …".
    ///
    /// A stroke-triage server's answer (a dotted `code` starting `api.`, with `error` as the
    /// message string, or `error` as an object holding `code` and `message`) is shown whole:
    /// its messages name the field, the allowed range and the value the user gave, nothing
    /// else. Any other server's `error` (else `message`) text is cut at the first colon
    /// (details after it may echo inputs). Control characters are removed; at most
    /// `maxErrorText` characters.
    public static func errorText(_ body: [UInt8]) -> String? {
        guard let root = try? object(body) else { return nil }
        let raw: String
        var ours = false
        if let nested = root["error"]?.dictionary, let message = nested["message"]?.stringValue {
            raw = message
            ours = nested["code"]?.stringValue?.hasPrefix("api.") == true
        } else if let text = root["error"]?.stringValue ?? root["message"]?.stringValue {
            raw = text
            ours = root["code"]?.stringValue?.hasPrefix("api.") == true
        } else {
            return nil
        }
        let head = ours ? raw : raw.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? raw
        let clean = String(head.unicodeScalars.filter { !isControl($0) }.prefix(ours ? maxErrorText : 100))
            .trimmingCharacters(in: CharacterSet(charactersIn: ours ? " " : " ."))
        return clean.isEmpty ? nil : clean
    }

    /// The longest error text shown from a stroke-triage server's answer.
    public static let maxErrorText = 240

    private static func probability(_ object: [String: JSONValue], keys: [String], prefix: String = "") throws(CloudError) -> Double {
        for key in keys {
            guard let node = object[key] else { continue }
            guard let p = node.doubleValue, (0...1).contains(p) else { throw .wrongTypes(prefix + key) }
            return p
        }
        throw .wrongTypes(prefix + keys[0])
    }

    /// Drivers from a flat map (`{"feature": weight}`, non-numbers skipped, e.g.
    /// `{"error": …}`) or from `positive` / `negative` lists of `{label, weight}`.
    static func drivers(_ node: JSONValue?, negativesAreMagnitudes: Bool) throws(CloudError) -> [Driver] {
        guard let node, let members = node.dictionary else { return [] }
        guard members["positive"] != nil || members["negative"] != nil else {
            return members.compactMap { key, value in value.doubleValue.map { DriverCatalogue.cloudDriver(name: key, weight: $0) } }
        }
        var result: [Driver] = []
        for (list, negative) in [("positive", false), ("negative", true)] {
            guard let entries = members[list] else { continue }
            guard case .array(let items) = entries else { throw .wrongTypes("drivers.\(list)") }
            for item in items {
                guard let entry = item.dictionary, let label = entry["label"]?.stringValue, let weight = entry["weight"]?.doubleValue else {
                    throw .wrongTypes("drivers.\(list)")
                }
                // A stroke-triage server puts its key in `feature` beside the label a reference client shows.
                let name = entry["feature"]?.stringValue ?? label
                result.append(DriverCatalogue.cloudDriver(name: name, weight: negative && negativesAreMagnitudes ? -abs(weight) : weight))
            }
        }
        return result
    }

    /// Parses a body into its top-level object, whatever the content type said:
    /// invalid JSON (including bare NaN / Infinity tokens) is a malformed answer,
    /// valid JSON of the wrong shape is a wrong-types answer.
    static func object(_ body: [UInt8]) throws(CloudError) -> [String: JSONValue] {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: body)
        } catch {
            throw .malformedJSON("not valid JSON (\(body.count) bytes)")
        }
        guard let members = root.dictionary else { throw .wrongTypes("(top level)") }
        return members
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
