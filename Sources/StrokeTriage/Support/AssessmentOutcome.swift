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
    /// Where the prediction was recorded: its event in the audit log, or `nil`
    /// when it was not recorded (the warning was shown when it failed).
    var recordedAs: RecordedEvent? = nil
}

/// One event in the audit log: its sequence number and the log's database file.
struct RecordedEvent: Sendable, Hashable {
    /// The event's sequence number.
    let sequence: Int64
    /// The audit database it was written to.
    let database: String
}
