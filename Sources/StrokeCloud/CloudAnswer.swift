import StrokeModels

/// One probability as a Cloud Function answered it.
public struct CloudAnswer: Sendable, Hashable {
    /// Probability 0…1.
    public let probability: Double
    /// Signed drivers (negative lowers the probability).
    public let drivers: [Driver]
    /// The function's own model name, when it gives one (`model` of predict_lvo).
    public let modelName: String?
    /// The function's own risk label (`risk_level` of predict_lvo, `drivers.meta.riskLevel`
    /// of predict_full_stroke's `lvo_prediction`), on its own scale.
    public let riskLevel: String?
    /// The answer's own `source` label when a stroke-triage local API
    /// (`stroke-triage-server api`) served it: `local` or `baseline`. The Cloud
    /// Functions send none. `CloudPredictionService` trusts the label only when it
    /// reproduces the number with that local model itself.
    public let claimedSource: PredictionSource?

    /// Creates an answer.
    public init(probability: Double, drivers: [Driver], modelName: String? = nil, riskLevel: String? = nil,
                claimedSource: PredictionSource? = nil) {
        self.probability = probability
        self.drivers = drivers
        self.modelName = modelName
        self.riskLevel = riskLevel
        self.claimedSource = claimedSource
    }
}

/// The answer of predict_full_stroke: ICH, and LVO when present.
public struct FullStrokeAnswer: Sendable, Hashable {
    /// The ICH part (`ich_prediction`).
    public let ich: CloudAnswer
    /// The LVO part (`lvo_prediction`), if present and well-formed.
    public let lvo: CloudAnswer?
}

/// A research-access session as the login answered it.
public struct ResearchSession: Sendable, Hashable, Codable {
    /// The session token (64 hex). Never printed or logged.
    public let token: String
    /// Expiry as ISO-8601 text, e.g. `"2026-01-01T12:00:00Z"`.
    public let expiresAt: String

    /// Creates a session.
    public init(token: String, expiresAt: String) {
        self.token = token
        self.expiresAt = expiresAt
    }
}
