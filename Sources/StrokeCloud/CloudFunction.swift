import StrokeModels

/// The prediction Cloud Functions and the research-access function
/// (docs/cloud-contract.md); the raw value is the path segment under the base URL.
public enum CloudFunction: String, Sendable, Hashable, CaseIterable {
    /// ICH from GFAP alone (coma module).
    case comaICH = "predict_coma_ich"
    /// ICH from age, blood pressure, GFAP and vigilance (limited module).
    case limitedICH = "predict_limited_data_ich"
    /// ICH and LVO from all 13 fields (full module).
    case fullStroke = "predict_full_stroke"
    /// LVO from GFAP and FAST-ED.
    case lvo = "predict_lvo"
    /// Research-access login and session validation.
    case researchAccess = "authenticate-research-access"

    /// The inputs the function's request carries (`CloudRequest`), as keys of the
    /// assessment's JSON `inputs` object: each ICH function sends its module's inputs.
    public var inputKeys: [String] {
        // Only the inputs the contract carries: blood glucose is never sent.
        func sent(_ module: TriageModule) -> [String] { InputKey.contractKeys(for: module).map(\.json) }
        switch self {
        case .comaICH: return sent(.coma)
        case .limitedICH: return sent(.limited)
        case .fullStroke: return sent(.full)
        case .lvo: return OfflinePredictionService.lvoInputs
        case .researchAccess: return []
        }
    }
}
