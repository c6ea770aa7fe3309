import StrokeModels

/// The outcome of routing: where to go, what next, how urgent, and why.
public struct RoutingDecision: Sendable, Hashable {
    /// Which rule decided.
    public enum Category: String, Sendable, Hashable {
        /// ICH likely: nearest neurosurgical center.
        case neurosurgical
        /// ICH uncertain (or unknown): nearest neurosurgical or comprehensive center.
        case neurosurgicalOrComprehensive
        /// LVO likely, thrombectomy center within the extra-time limit: go there directly.
        case thrombectomy
        /// LVO likely, thrombectomy center too far: nearest thrombolysis hospital, then transfer.
        case dripAndShip
        /// Within the thrombolysis window: nearest thrombolysis-capable hospital.
        case thrombolysis
        /// Otherwise: nearest stroke unit or higher.
        case strokeUnit
    }

    /// How fast to go: the decision's one urgency vocabulary (`TriageUrgency`).
    public typealias Urgency = TriageUrgency

    /// The rule that decided.
    public let category: Category
    /// Where to go.
    public let destination: RankedCenter
    /// Where the patient may be transferred next, if anywhere.
    public let transferPlan: RankedCenter?
    /// How urgent.
    public let urgency: Urgency
    /// Hedged, localizable reasons, in order.
    public let reasons: [Message]
    /// The next-nearest centers that meet the same requirement.
    public let alternatives: [RankedCenter]
    /// Warnings (e.g. the dataset does not cover the origin).
    public let warnings: [Message]
    /// Extra minutes to the thrombectomy center vs the nearest thrombolysis hospital (LVO rule only).
    public let extraMinutes: Double?
}
