import StrokeModels

extension RiskLevel {
    /// The English word the output uses for the level.
    var englishWord: String {
        switch self {
        case .low: return "low"
        case .medium: return "medium"
        case .high: return "high"
        case .critical: return "critical"
        }
    }
}
