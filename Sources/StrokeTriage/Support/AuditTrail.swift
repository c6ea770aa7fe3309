import StrokeModels

/// Records the events of a session in the audit log.
///
/// A no-op for now; the audit issue backs it with the encrypted log. Every
/// method returns a warning when the event could not be recorded, so the
/// caller can still show the result and say it was not recorded.
struct AuditTrail: Sendable {
    /// A trail that records nothing (calculators with `--no-audit`).
    static let disabled = AuditTrail()

    /// The disclaimer was accepted.
    func disclaimerAccepted() -> Message? { nil }
    /// An assessment of a module started.
    func assessmentStarted(_ module: TriageModule) -> Message? { nil }
    /// A prediction was generated: inputs, outputs, sources, versions, fallback reasons.
    func predictionGenerated(_ assessment: Assessment) -> Message? { nil }
    /// An error was shown to the user (its code only, never patient values).
    func errorShown(code: String) -> Message? { nil }
}
