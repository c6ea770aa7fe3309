/// The kind of an audit event; the raw value is stored, hashed and exported.
public enum AuditEventType: String, Sendable, CaseIterable, Codable {
    /// The research-use disclaimer was accepted.
    case disclaimerAccepted = "disclaimer.accepted"
    /// An assessment of a module started.
    case assessmentStarted = "assessment.started"
    /// A prediction was generated (inputs, outputs, sources, versions, fallback reasons).
    case predictionGenerated = "prediction.generated"
    /// A routing decision was shown.
    case routingDecided = "routing.decided"
    /// A research-access login succeeded.
    case loggedIn = "session.login"
    /// The research-access session ended.
    case loggedOut = "session.logout"
    /// The log was exported.
    case exported = "audit.exported"
    /// Assessment keys were destroyed (crypto-shredding).
    case erased = "audit.erased"
    /// The master and signing keys were rotated.
    case keyRotated = "audit.keyRotated"
    /// A log from before signed heads was upgraded: it got a log id, a head and a head file.
    case upgraded = "audit.upgraded"
    /// A new log was started with `audit init --new-log` although its key file had signed
    /// another log (`previousLogs`) or a head file anchored one (`previousHead`).
    case newLog = "audit.newLog"
    /// A lost or damaged head file was replaced by the database's head (`audit head --reset`).
    case headReset = "audit.headReset"
    /// A hospital pre-notification was sealed and handed to the relay or queued
    /// (case id, hospital, urgency, ETA, delivery state; never the case itself).
    case notifySent = "notify.sent"
    /// A queued pre-notification (or follow-up) reached the relay later.
    case notifyDelivered = "notify.delivered"
    /// A pre-notification was followed up: a new ETA, arrived or cancelled.
    case notifyUpdated = "notify.updated"
    /// An error was shown to the user (its code only).
    case errorShown = "error.shown"
    /// A test or benchmark event (hidden stress appender).
    case test = "test"
}
