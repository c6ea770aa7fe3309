import StrokeModels

/// Records the events of a session in the audit log.
///
/// A no-op for now; the audit work backs it with the encrypted log. Every
/// method returns a warning when the event could not be recorded, so the
/// caller still shows its result and says that it was not recorded.
struct AuditTrail: Sendable {
    /// A trail that records nothing (calculator commands).
    static let disabled = AuditTrail()

    /// The trail for these options (the default log unless configured otherwise).
    static func make(_ options: AuditOptions, output: OutputOptions) -> AuditTrail { .disabled }

    /// The disclaimer was accepted.
    func disclaimerAccepted() -> Message? { nil }
    /// An assessment of a module started.
    func assessmentStarted(_ module: TriageModule) -> Message? { nil }
    /// A prediction was generated: inputs, outputs, sources, versions, fallback reasons.
    func predictionGenerated(_ assessment: Assessment) -> Message? { nil }
    /// A routing decision was shown (the `route` JSON object).
    func routingDecided(_ decision: JSONValue) -> Message? { nil }
    /// A research-access login succeeded.
    func loggedIn() -> Message? { nil }
    /// The research-access session was ended.
    func loggedOut() -> Message? { nil }
    /// An error was shown to the user (its code only, never patient values).
    func errorShown(code: String) -> Message? { nil }
}
