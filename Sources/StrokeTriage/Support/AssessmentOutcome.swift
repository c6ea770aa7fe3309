import Foundation
import StrokeModels

/// A finished assessment with what was shown beside it: routing, and when it was computed.
struct AssessmentOutcome: Sendable {
    /// The assessment.
    let assessment: Assessment
    /// The routing advice, when a location was given and advice is available.
    let routing: RoutingSummary?
    /// When the assessment was computed.
    let computedAt: Date
}
