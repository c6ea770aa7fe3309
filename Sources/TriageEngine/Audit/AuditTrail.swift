import StrokeJSON
import Foundation
import StrokeAudit
import StrokeModels
import TriageLocalization
import TriageRendering

/// Records the events of a session in the audit log.
///
/// Events go through the log's one `AuditWriter`, which opens the log on the
/// first event (`--audit-db` / `--key-file`, else the default locations, see
/// `AuditSetup`) and groups concurrent appends into one transaction; trails made
/// with `make(sharing:)` share one writer (the local API: one log per process,
/// a trail per request). Every event is awaited (async, never blocking a thread). Every method returns nil
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
        make(location: AuditSetup.location(options, config: config, environment: environment),
             context: AuditSetup.context(config: config, environment: environment))
    }

    /// A trail writing to an explicit location (tests, hidden helpers).
    public static func make(location: AuditLog.Location, context: AuditLog.Context) -> AuditTrail {
        AuditTrail(recorder: AuditRecorder(writer: AuditWriter(location: location, context: context), ownsWriter: true))
    }

    /// A trail of its own (its own assessment) writing through `writer`, which other trails share.
    public static func make(sharing writer: AuditWriter) -> AuditTrail {
        AuditTrail(recorder: AuditRecorder(writer: writer, ownsWriter: false))
    }

    /// Ends the trail's own writer: what is queued is written, the log closed, before this returns.
    /// A one-shot command closes its trail before it ends, so nothing of the log is touched after
    /// it (a closing writer removes SQLite's side files by path). A trail sharing a writer
    /// (`make(sharing:)`: the server's) leaves it to its owner.
    public func close() async {
        guard let recorder, recorder.ownsWriter else { return }
        await recorder.closeWriter()
    }

    /// Runs `body` with a trail of its own for `options` and closes it afterwards (also when `body` throws).
    public static func using<T>(_ options: AuditSettings, config: AppConfig, _ body: (AuditTrail) async throws -> T) async throws -> T {
        let trail = make(options, config: config)
        return try await trail.closing { try await body(trail) }
    }

    /// Runs `body`, then closes the trail (also when `body` throws): see `close()`.
    public func closing<T>(_ body: () async throws -> T) async throws -> T {
        do {
            let result = try await body()
            await close()
            return result
        } catch {
            await close()
            throw error
        }
    }

    /// The disclaimer was accepted.
    public func disclaimerAccepted() async -> Message? { await record(.disclaimerAccepted, .object([])) }

    /// An assessment of a module started (a new assessment, with its own data key).
    public func assessmentStarted(_ module: TriageModule) async -> Message? {
        recorder?.startAssessment()
        return await record(.assessmentStarted, .object([("module", .string(module.rawValue))]), inAssessment: true)
    }

    /// A prediction was generated: inputs, outputs, sources, versions, fallback reasons, and the
    /// decision shown (`decision`, else the default protocol's).
    public func predictionGenerated(_ assessment: Assessment, decision: ClinicalDecision? = nil) async -> Message? {
        await record(.predictionGenerated, AssessmentJSON.assessment(assessment, decision: decision), inAssessment: true)
    }

    /// A routing decision was shown (the `route` JSON object).
    public func routingDecided(_ decision: JSONValue) async -> Message? {
        await record(.routingDecided, .object([("route", decision)]), inAssessment: true)
    }

    /// A pre-notification event (`notify.sent` in the assessment, `notify.delivered`,
    /// `notify.updated`): case id, hospital, urgency, ETA, delivery state; never the case.
    public func notification(_ type: AuditEventType, _ payload: JSONValue, inAssessment: Bool) async -> Message? {
        await record(type, payload, inAssessment: inAssessment)
    }

    /// A research-access login succeeded.
    public func loggedIn() async -> Message? { await record(.loggedIn, .object([])) }
    /// The research-access session was ended.
    public func loggedOut() async -> Message? { await record(.loggedOut, .object([])) }
    /// An error was shown to the user (its code only, never patient values).
    public func errorShown(code: String) async -> Message? { await record(.errorShown, .object([("code", .string(code))])) }

    /// The last event this trail recorded, if any (for "Recorded in the audit log as event N").
    public var lastRecorded: RecordedEvent? { recorder?.lastRecorded }

    /// True once the log refused a write to protect its evidence (a stale key
    /// file, a foreign database, a log behind its signed head): the command
    /// shows its result and then exits 1.
    public var refusedWrite: Bool { recorder?.refused ?? false }

    /// The current assessment's identifier (for `audit erase --assessment`), if one started.
    public var assessmentID: String? { recorder?.currentAssessment }

    /// Records an event: awaits the writer's receipt without blocking.
    private func record(_ type: AuditEventType, _ payload: JSONValue, inAssessment: Bool = false) async -> Message? {
        guard let recorder else { return nil }
        do throws(AuditError) {
            try await recorder.append(type, payload: Data(payload.serialized().utf8), inAssessment: inAssessment)
            return nil
        } catch {
            return warning(error, recorder)
        }
    }

    /// The "not recorded" warning for `error`; a refusal to protect the evidence is remembered.
    private func warning(_ error: AuditError, _ recorder: AuditRecorder) -> Message {
        if error.refusesWrite { recorder.markRefused() }
        return Message("audit.warning.notRecorded", [.message(Message(error.localizationKey, [.text(error.detail ?? "")]))])
    }
}

/// The state of one trail: its writer (perhaps shared), its current assessment,
/// its last record. A lock serializes the few mutable fields.
private final class AuditRecorder: @unchecked Sendable {
    private let writer: AuditWriter
    private let database: String
    /// Whether the trail made its writer (and so closes it).
    let ownsWriter: Bool
    private let lock = NSLock()
    private var assessment: String?
    private var last: RecordedEvent?
    private var wasRefused = false

    init(writer: AuditWriter, ownsWriter: Bool) {
        self.writer = writer
        database = writer.databasePath
        self.ownsWriter = ownsWriter
    }

    /// Closes the writer (what is queued is written first).
    func closeWriter() async { await writer.close() }

    var currentAssessment: String? { lock.withLock { assessment } }

    var lastRecorded: RecordedEvent? { lock.withLock { last } }

    /// True once a write was refused to protect the log's evidence.
    var refused: Bool { lock.withLock { wasRefused } }

    func markRefused() { lock.withLock { wasRefused = true } }

    func startAssessment() { lock.withLock { assessment = AuditLog.newAssessmentID() } }

    func append(_ type: AuditEventType, payload: Data, inAssessment: Bool) async throws(AuditError) {
        let receipt = try await writer.append(type, payload: payload, assessment: assessment(inAssessment))
        remember(receipt)
    }

    /// The assessment an event belongs to (started now if it has none yet), or nil for a session event.
    private func assessment(_ inAssessment: Bool) -> String? {
        guard inAssessment else { return nil }
        return lock.withLock {
            if assessment == nil { assessment = AuditLog.newAssessmentID() }
            return assessment
        }
    }

    private func remember(_ receipt: AuditReceipt) {
        lock.withLock { last = RecordedEvent(sequence: receipt.sequence, database: database) }
    }
}
