import StrokeModels
import TriageLocalization

/// Routing advice for a finished assessment that has a location.
///
/// Returns nothing for now; the stroke-centers work fills it in, and the
/// walkthrough and module commands show whatever it returns.
enum RoutingAdvisor {
    /// The routing section for an assessment, or `nil` without a location or data.
    static func advise(_ assessment: Assessment, localizer: Localizer) -> RoutingSummary? { nil }
}

/// A routing decision ready to show.
struct RoutingSummary: Sendable {
    /// Human-readable lines (localized, hedged), ending with the alternatives.
    let lines: [String]
    /// The `route` JSON object.
    let json: JSONValue
}
