import StrokeJSON
import Foundation
import StrokeAudit
import StrokeModels
import TriageLocalization
import TriageRendering

/// Records the events of a session in the audit log.
///
/// The log is opened lazily on the first event (`--audit-db` / `--key-file`,
/// else the default locations, see `AuditSetup`). Every method returns nil
/// when the event was recorded, or a warning (`audit.warning.notRecorded`
/// naming the reason) when it was not, so the caller still shows its result
/// and says that it was not recorded. Never throws.
public struct AuditTrail: Sendable {
    /// A trail that records nothing (calculator commands).
    public static let disabled = AuditTrail(recorder: nil)

    private let recorder: AuditRecorder?

    private init(recorder: AuditRecorder?) { self.recorder = recorder }

    /// The trail for these settings (the default log unless configured otherwise).
    public static func make(_ options: AuditSettings, config: AppConfig,
                            environment: [String: String] = ProcessEnvironment.values) -> AuditTrail {
        AuditTrail(recorder: AuditRecorder(location: AuditSetup.location(options, config: config, environment: environment),
                                           context: AuditSetup.context(config: config, environment: environment)))
    }

    /// A trail writing to an explicit location (tests, hidden helpers).
    public static func make(location: AuditLog.Location, context: AuditLog.Context) -> AuditTrail {
        AuditTrail(recorder: AuditRecorder(location: location, context: context))
    }

    /// The disclaimer was accepted.
    public func disclaimerAccepted() -> Message? { record(.disclaimerAccepted, .object([])) }

    /// An assessment of a module started (a new assessment, with its own data key).
    public func assessmentStarted(_ module: TriageModule) -> Message? {
        recorder?.startAssessment()
        return record(.assessmentStarted, .object([("module", .string(module.rawValue))]), inAssessment: true)
    }

    /// A prediction was generated: inputs, outputs, sources, versions, fallback reasons, and the
    /// decision shown (`decision`, else the default protocol's).
    public func predictionGenerated(_ assessment: Assessment, decision: ClinicalDecision? = nil) -> Message? {
        record(.predictionGenerated, AssessmentJSON.assessment(assessment, decision: decision), inAssessment: true)
    }

    /// A routing decision was shown (the `route` JSON object).
    public func routingDecided(_ decision: JSONValue) -> Message? {
        record(.routingDecided, .object([("route", decision)]), inAssessment: true)
    }

    /// A pre-notification event (`notify.sent` in the assessment, `notify.delivered`,
    /// `notify.updated`): case id, hospital, urgency, ETA, delivery state; never the case.
    public func notification(_ type: AuditEventType, _ payload: JSONValue, inAssessment: Bool) -> Message? {
        record(type, payload, inAssessment: inAssessment)
    }

    /// A research-access login succeeded.
    public func loggedIn() -> Message? { record(.loggedIn, .object([])) }
    /// The research-access session was ended.
    public func loggedOut() -> Message? { record(.loggedOut, .object([])) }
    /// An error was shown to the user (its code only, never patient values).
    public func errorShown(code: String) -> Message? { record(.errorShown, .object([("code", .string(code))])) }

    /// The last event this trail recorded, if any (for "Recorded in the audit log as event N").
    public var lastRecorded: RecordedEvent? { recorder?.lastRecorded }

    /// True once the log refused a write to protect its evidence (a stale key
    /// file, a foreign database, a log behind its signed head): the command
    /// shows its result and then exits 1.
    public var refusedWrite: Bool { recorder?.refused ?? false }

    /// The current assessment's identifier (for `audit erase --assessment`), if one started.
    public var assessmentID: String? { recorder?.currentAssessment }

    private func record(_ type: AuditEventType, _ payload: JSONValue, inAssessment: Bool = false) -> Message? {
        guard let recorder else { return nil }
        do {
            try recorder.append(type, payload: Data(payload.serialized().utf8), inAssessment: inAssessment)
            return nil
        } catch let error as AuditError {
            if error.refusesWrite { recorder.markRefused() }
            return Message("audit.warning.notRecorded", [.message(Message(error.localizationKey, [.text(error.detail ?? "")]))])
        } catch {
            return Message("audit.warning.notRecorded", [.key("audit.error.databaseUnavailable")])
        }
    }
}

/// Owns the lazily opened log of one process and the current assessment.
/// A lock serializes its few mutable fields; the log itself is thread-safe.
private final class AuditRecorder: @unchecked Sendable {
    private let location: AuditLog.Location
    private let context: AuditLog.Context
    private let lock = NSLock()
    private var log: AuditLog?
    private var assessment: String?
    private var last: RecordedEvent?

    private var wasRefused = false

    init(location: AuditLog.Location, context: AuditLog.Context) {
        self.location = location
        self.context = context
    }

    deinit { log?.close() }

    var currentAssessment: String? { lock.withLock { assessment } }

    var lastRecorded: RecordedEvent? { lock.withLock { last } }

    /// True once a write was refused to protect the log's evidence.
    public var refused: Bool { lock.withLock { wasRefused } }

    func markRefused() { lock.withLock { wasRefused = true } }

    func startAssessment() { lock.withLock { assessment = AuditLog.newAssessmentID() } }

    func append(_ type: AuditEventType, payload: Data, inAssessment: Bool) throws {
        let (log, assessment): (AuditLog, String?) = try lock.withLock {
            if self.log == nil { self.log = try AuditLog.open(location, context: context) }
            if inAssessment, self.assessment == nil { self.assessment = AuditLog.newAssessmentID() }
            return (self.log!, inAssessment ? self.assessment : nil)
        }
        let receipt = try log.append(type, payload: payload, assessment: assessment)
        lock.withLock { last = RecordedEvent(sequence: receipt.sequence, database: location.database.path) }
    }
}
