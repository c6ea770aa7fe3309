// A finished assessment and what goes with it: where it was recorded, the routing shown, and the app version every record names.

import Foundation
import StrokeCenters
import StrokeJSON
import StrokeModels

/// A finished assessment with what was shown beside it: routing, and when it was computed.
///
/// The engine's `AssessmentSession` returns it; every front-end renders it
/// (`AssessmentJSON`, `ResultRenderer`, `HandoverReport`).
public struct AssessmentOutcome: Sendable {
    /// The assessment.
    public let assessment: Assessment
    /// The routing advice, when a location was given and advice is available.
    public let routing: RoutingSummary?
    /// The decision (`ClinicalDecision`), made once from the assessment; every form renders this one.
    public let decision: ClinicalDecision
    /// When the assessment was computed.
    public let computedAt: Date
    /// Where the prediction was recorded: its event in the audit log, or `nil`
    /// when it was not recorded (the warning was shown when it failed).
    public var recordedAs: RecordedEvent? = nil

    /// An outcome of these parts with its decision (else the default protocol's).
    public init(assessment: Assessment, routing: RoutingSummary?, computedAt: Date, recordedAs: RecordedEvent? = nil,
                decision: ClinicalDecision? = nil) {
        self.assessment = assessment
        self.routing = routing
        self.decision = decision ?? ClinicalDecision(assessment)
        self.computedAt = computedAt
        self.recordedAs = recordedAs
    }
}

/// One event in the audit log: its sequence number and the log's database file.
public struct RecordedEvent: Sendable, Hashable {
    /// The event's sequence number.
    public let sequence: Int64
    /// The audit database it was written to.
    public let database: String

    /// The event `sequence` in the log at `database`.
    public init(sequence: Int64, database: String) {
        self.sequence = sequence
        self.database = database
    }
}

/// A routing decision ready to show.
public struct RoutingSummary: Sendable {
    /// Human-readable lines (localized, hedged), ending with the alternatives.
    public let lines: [String]
    /// The `route` JSON object.
    public let json: JSONValue
    /// The suggested destination with its drive time, when the data cover the origin.
    public let destination: RankedCenter?
    /// The transfer plan after the destination (drip-and-ship, neurosurgery), if any.
    public let transferPlan: RankedCenter?
    /// Whether a destination could be suggested (inside the data's coverage, data readable).
    public var covered: Bool { destination != nil }
    /// The outcome model's trace, when the routing carries an expected-outcome estimate (`--explain`).
    public let outcomeTrace: ModelTrace?
    /// The protocol's `coverage.maxMinutesToStrokeUnit` when no listed stroke unit lies within it (coverage `beyond`).
    public let beyondStrokeUnitMinutes: Double?
    /// Whether the transfer plan is for neurosurgery (a likely or uncertain ICH), not thrombectomy.
    public let transferForNeurosurgery: Bool

    /// A summary of these lines and JSON object, and the destination when one is suggested.
    public init(lines: [String], json: JSONValue, destination: RankedCenter? = nil, transferPlan: RankedCenter? = nil,
                outcomeTrace: ModelTrace? = nil, beyondStrokeUnitMinutes: Double? = nil, transferForNeurosurgery: Bool = false) {
        self.beyondStrokeUnitMinutes = beyondStrokeUnitMinutes
        self.transferForNeurosurgery = transferForNeurosurgery
        self.lines = lines
        self.json = json
        self.destination = destination
        self.transferPlan = transferPlan
        self.outcomeTrace = outcomeTrace
    }
}

/// Facts about this build of the app.
public enum AppInfo {
    /// The app version, reported by `--version` and in every record.
    public static let version = "0.1.0"
}
