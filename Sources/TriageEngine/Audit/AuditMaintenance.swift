import AuditFormat
import Foundation
import StrokeAudit
import StrokeJSON
import StrokeModels
import TriageLocalization
import TriageRendering

/// One maintenance command's report, ready to print: its `--json` object and its text lines.
public struct AuditMaintenanceReport: Sendable, Hashable {
    /// The `--json` output (one JSON object).
    public let json: String
    /// The human lines in the maintenance's language.
    public let lines: [String]

    /// A report of this JSON text and these lines.
    public init(json: String, lines: [String]) {
        self.json = json
        self.lines = lines
    }
}

/// The audit log's maintenance commands (`audit init`, `checkpoint`, `rotate-key`, `public-key`,
/// `erase`, `head`, `export`; TriageFleet adds `push`) on the log of `AuditSettings` and the
/// configuration: each does its work and returns its report (`AuditReports` renders the parts).
///
/// ```swift
/// let maintenance = AuditMaintenance(AuditSettings(), config: AppConfig.current, localizer: Localizer(language: .en))
/// let report = try maintenance.checkpoint()
/// report.lines.forEach { print($0) }     // "Checkpoint signed at event 12."
/// ```
public struct AuditMaintenance: Sendable {
    /// The log's database and key file.
    public let location: AuditLog.Location
    /// The operator and app version recorded with new events.
    public let context: AuditLog.Context
    /// The configuration (the log's location; the collector settings of TriageFleet's `push`).
    public let config: AppConfig
    /// The language of the reports' lines.
    public let localizer: Localizer

    /// The maintenance of the log of `audit` (the default log unless configured otherwise).
    public init(_ audit: AuditSettings, config: AppConfig, localizer: Localizer,
                environment: [String: String] = ProcessEnvironment.values) {
        location = AuditSetup.location(audit, config: config, environment: environment)
        context = AuditSetup.context(config: config, environment: environment)
        self.config = config
        self.localizer = localizer
    }

    /// `audit init`: creates the log (and its key file) when there is none, and reports its id.
    /// With `newLog`, starts a new log where the old one is gone although the key file has
    /// signed it (or a head file anchors it); the new log's first record says so and
    /// `audit verify` reports it. Refused where a log exists (`audit.logExists`).
    public func initLog(newLog: Bool) throws -> AuditMaintenanceReport {
        let previous = AuditKeyFile.signedLogs(at: location.keyFile)
        let existed = FileManager.default.fileExists(atPath: location.database.path)
        let id = try AuditLog.withLog(location, context: context, newLog: newLog) { try $0.logID() }
        let database = location.database.path
        let line = newLog
            ? localizer.text("audit.init.newLog", [.text(id), .text(database), .text(previous.isEmpty ? "–" : previous.joined(separator: ", "))])
            : localizer.text(existed ? "audit.init.exists" : "audit.init.done", [.text(id), .text(database)])
        return AuditMaintenanceReport(json: JSONValue.object([
            ("logId", .string(id)), ("database", .string(database)), ("created", .bool(!existed || newLog)),
            ("newLog", .bool(newLog)), ("previousLogs", .strings(newLog ? previous : [])),
        ]).serialized(), lines: [line])
    }

    /// Signs the chain head now (Ed25519) and stores the checkpoint.
    public func checkpoint() throws -> AuditMaintenanceReport {
        let checkpoint = try AuditLog.withLog(location, context: context) { try $0.checkpoint() }
        return AuditMaintenanceReport(json: AuditReports.checkpointJSON(checkpoint).serialized(),
                                      lines: [localizer.text("audit.checkpoint.done", [.text(String(checkpoint.sequence))])])
    }

    /// New master and signing keys; old records stay readable. Reports the new public key.
    public func rotateKeys() throws -> AuditMaintenanceReport {
        let publicKey = try AuditLog.rotateKeys(location, context: context)
        return AuditMaintenanceReport(json: JSONValue.object([("publicKey", .string(publicKey))]).serialized(),
                                      lines: [localizer.text("audit.rotate.done", [.text(publicKey)])])
    }

    /// The checkpoint verification key (base64 Ed25519), the key file created when there is none.
    public func publicKey(now: Date = WallClock.system.date) throws -> AuditMaintenanceReport {
        let keyring = try AuditKeyFile.loadOrCreate(at: location.keyFile, passphrase: location.passphrase,
                                                    nowMs: Int64(now.timeIntervalSince1970 * 1000))
        return AuditMaintenanceReport(json: JSONValue.object([("publicKey", .string(keyring.publicKeyBase64))]).serialized(),
                                      lines: [keyring.publicKeyBase64])
    }

    /// Crypto-shredding: destroys the data keys of `assessment`, or else of every record before `before`.
    public func erase(assessment: String?, before: String?) throws -> AuditMaintenanceReport {
        let destroyed = try AuditReports.erase(location: location, context: context, assessment: assessment, before: before)
        return AuditMaintenanceReport(json: AuditReports.eraseJSON(destroyed).serialized(),
                                      lines: [localizer.text("audit.erase.done", [.text(String(destroyed))])])
    }

    /// The latest signed head; with `reset`, a new head file first when the old one was lost or damaged.
    public func head(reset: Bool) throws -> AuditMaintenanceReport {
        let (head, didReset) = try AuditReports.head(location: location, context: context, reset: reset)
        return AuditMaintenanceReport(json: head.json, lines: AuditReports.headText(head, didReset: didReset, localizer))
    }

    /// Exports the log decrypted (`jsonl` or `csv`, days `from`…`to` as `YYYY-MM-DD` or ISO 8601)
    /// to `out`, else `stroke-triage-audit-<UTC time>.<format>`, with a signed manifest beside it.
    public func export(format: String, from: String?, to: String?, out: String?, force: Bool) throws -> AuditMaintenanceReport {
        let request = AuditExportRequest(
            format: AuditExportRequest.Format(rawValue: format) ?? .jsonl,
            fromMs: from.flatMap { UTCTime.milliseconds($0) }, toMs: to.flatMap { UTCTime.milliseconds($0, endOfDay: true) },
            file: URL(fileURLWithPath: out ?? AuditReports.defaultExportName(format)),
            disclaimer: ModelJSON.english.text("disclaimer.short"), force: force)
        try AuditSetup.requireExisting(location)
        let summary = try AuditLog.withLog(location, context: context) { try $0.export(request) }
        let database = location.database.path
        return AuditMaintenanceReport(json: AuditReports.exportJSON(summary, request, database: database).serialized(),
                                      lines: AuditReports.exportText(summary, request, database: database, localizer))
    }
}
