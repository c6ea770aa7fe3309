import StrokeAudit
import TriageEngine
import StrokeModels
import TriageLocalization

extension LocalAPIV1 {
    /// The server's `/v1` answers in this environment: the configuration the CLI
    /// reads there (`STROKE_TRIAGE_HOME`, else the XDG directories; a config file
    /// that cannot be read is an error, never ignored), and with `audit` the CLI's
    /// default audit log, opened once here (its key derived once per process) so
    /// that its key and database exist and a log that cannot be written stops the
    /// server before it listens; its `AuditWriter` then owns it.
    /// - Throws: `LocalAPIError` `api.configUnreadable` (the command exits 78) or `api.auditUnavailable` (exits 1).
    public static func load(environment: [String: String], audit: Bool) throws(LocalAPIError) -> LocalAPIV1 {
        let config: AppConfig
        do { config = try AppConfig.load(StateDirectories(environment: environment)) } catch {
            throw LocalAPIError(code: "api.configUnreadable", status: .internalServerError,
                                message: "\(error.message(Localizer(language: .en))) [\(error.code)]")
        }
        let rules: TriageProtocol
        do { rules = try ProtocolFile.resolve(nil, config: config) } catch {
            throw LocalAPIError(code: "api.configUnreadable", status: .internalServerError,
                                message: "\(error.message(Localizer(language: .en))) [\(error.code)]")
        }
        guard audit else { return LocalAPIV1(config: config, rules: rules) }
        let location = AuditSetup.location(AuditSettings(), config: config, environment: environment)
        let context = AuditSetup.context(config: config, environment: environment)
        let log: AuditLog
        do { log = try AuditLog.open(location, context: context) } catch {
            let code = (error as? AuditError)?.code ?? "audit.unavailable"
            throw LocalAPIError(code: "api.auditUnavailable", status: .internalServerError,
                                message: "The audit log at \(location.database.path) cannot be opened for writing [\(code)].")
        }
        return LocalAPIV1(config: config, audit: AuditDestination(location: location, context: context), opened: log, rules: rules)
    }
}
