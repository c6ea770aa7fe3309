#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StrokeAudit
import TriageLocalization
import TriageRendering

/// Resolves where the audit log and its key file live and who the operator is.
///
/// Database: `--audit-db` > `$STROKE_TRIAGE_HOME/data/audit.sqlite` > XDG data
/// directory. Key file: `--key-file` > `STROKE_TRIAGE_KEY_FILE` > the state
/// directory's `audit-keys.json`. Passphrase: `STROKE_TRIAGE_KEY_PASSPHRASE`.
public enum AuditSetup {
    /// The file name of the database in the data directory.
    public static let databaseName = "audit.sqlite"
    /// The file name of the key file in the state directory.
    public static let keyFileName = "audit-keys.json"

    /// The log's location for these settings, configuration (`auditBusyTimeoutSeconds`) and environment.
    public static func location(_ options: AuditSettings, config: AppConfig,
                                environment: [String: String] = ProcessEnvironment.values) -> AuditLog.Location {
        let directories = StateDirectories(environment: environment)
        let database = options.database.map { URL(fileURLWithPath: $0) }
            ?? directories.data.appendingPathComponent(databaseName)
        let keyFile = options.keyFile.map { URL(fileURLWithPath: $0) }
            ?? environment["STROKE_TRIAGE_KEY_FILE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? directories.state.appendingPathComponent(keyFileName)
        let timeout = config.number("auditBusyTimeoutSeconds").flatMap { $0 > 0 && $0 <= 600 ? $0 : nil } ?? 5
        return AuditLog.Location(database: database, keyFile: keyFile,
                                 passphrase: environment["STROKE_TRIAGE_KEY_PASSPHRASE"], busyTimeout: timeout)
    }

    /// The operator (config key `operator`, else the OS user) and this app's version.
    public static func context(config: AppConfig,
                               environment: [String: String] = ProcessEnvironment.values) -> AuditLog.Context {
        return AuditLog.Context(operator: config.string("operator") ?? osUser(environment), appVersion: AppInfo.version)
    }

    /// Throws `logMissing` when the database does not exist (verify, export, erase never create one).
    public static func requireExisting(_ location: AuditLog.Location) throws {
        guard FileManager.default.fileExists(atPath: location.database.path) else {
            throw AuditError.logMissing(location.database.path)
        }
    }

    private static func osUser(_ environment: [String: String]) -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return environment["USER"] ?? "uid-\(geteuid())"
    }
}
