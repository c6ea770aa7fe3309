import StrokeModels
#if canImport(Glibc)
import Glibc
#endif

/// The one error type of the collector module (administration, configuration, database).
///
/// A struct wrapping a private enum, so cases can be added without breaking
/// callers. `code` is stable (`collector.deviceExists`); `detail` names a
/// field, a device or a library message and never holds a password or a
/// request body.
public struct CollectorError: OperatorError, Hashable {
    private enum Kind: String, Sendable, Hashable, CaseIterable {
        case configurationInvalid, databaseURLInvalid, databaseUnavailable, schemaTooNew, stationDatabaseFailed
        case deviceExists, deviceUnknown, publicKeyInvalid, publicKeyInUse, deviceNameInvalid
        case dataDirectoryIsLink, dataDirectoryOwner, dataDirectoryInUse, dataDirectoryNotReachable
        case dataDirectoryTooLong, stationAccountMissing, stationDatabaseLost, stationAccountSwitchFailed
    }

    private let kind: Kind
    /// Technical detail for `--verbose` (a field, a device name, a library message).
    public let detail: String?

    private init(_ kind: Kind, _ detail: String?) {
        self.kind = kind
        self.detail = detail
    }

    /// Stable dotted code, e.g. `collector.deviceUnknown`.
    public var code: String { "collector.\(kind.rawValue)" }

    /// Every code of this type.
    public static let codes = Kind.allCases.map { "collector.\($0.rawValue)" }

    /// The detail, for `--verbose` (a field, a device name, a library message; never a password).
    public var cause: String? { detail }

    /// `usage` (64) for a configuration or database URL problem or a `--data` too long for a socket, `invalidData` (65) for a
    /// device name or key the operator gave, `unavailable` (69) for the database (also one that stopped
    /// and could not be restarted), a missing account or a data directory another station holds, `cannotCreate` (73) for a data directory that is a link or another
    /// account's, `failure` (1) for a schema newer than this collector.
    public var category: ErrorCategory {
        switch kind {
        case .configurationInvalid, .databaseURLInvalid, .dataDirectoryTooLong: .usage
        case .deviceExists, .deviceUnknown, .publicKeyInvalid, .publicKeyInUse, .deviceNameInvalid: .invalidData
        case .databaseUnavailable, .stationDatabaseFailed, .dataDirectoryInUse, .stationAccountMissing, .stationDatabaseLost,
             .stationAccountSwitchFailed: .unavailable
        case .dataDirectoryIsLink, .dataDirectoryOwner, .dataDirectoryNotReachable: .cannotCreate
        case .schemaTooNew: .failure
        }
    }

    /// One English sentence for the operator.
    public var englishMessage: String {
        switch kind {
        case .configurationInvalid: "The collector configuration is invalid"
        case .databaseURLInvalid: "The database URL is invalid (expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)"
        case .databaseUnavailable: "The PostgreSQL database cannot be reached or refused the request"
        case .schemaTooNew: "The database schema is newer than this collector"
        case .stationDatabaseFailed: "The station's own PostgreSQL could not be created, started or stopped"
        case .deviceExists: "A device with this name is already registered"
        case .deviceUnknown: "No registered device has this name"
        case .publicKeyInvalid: "The public key is not a base64 Ed25519 key (the output of `stroke-triage audit public-key`)"
        case .publicKeyInUse: "This public key is already registered for another device"
        case .deviceNameInvalid: "A device name has 1–64 characters of A–Z a–z 0–9 . _ -"
        case .dataDirectoryIsLink: "The station's data directory, or a file the station keeps in it, is a link"
        case .dataDirectoryOwner: "The station's data directory, or a file in it, belongs to an unexpected account"
        // The directory is part of the sentence: a root operator's home (0700) is the usual cause (issue 46).
        case .dataDirectoryNotReachable:
            "The station's account may not enter a directory on the way to --data: \(detail ?? "a directory")"
        // The other process is part of the sentence: the detail of a 69 is shown only with --verbose.
        case .dataDirectoryInUse: "Another station uses this data directory (\(detail ?? "its lock is held"))"
        // The length and the limit are part of the sentence (a 64's detail is printed too, but this is what to read).
        case .dataDirectoryTooLong: "The --data path is too long for PostgreSQL's Unix socket (\(detail ?? "over the limit"))"
        case .stationAccountMissing:
            "The station's PostgreSQL needs the system account stroke-triage, which does not exist and could not be created"
        case .stationDatabaseLost: "The station's PostgreSQL stopped and could not be restarted, so the station stops"
        case .stationAccountSwitchFailed:
            "Run as root, the command could not become the station's account (setgroups, setgid or setuid failed), so it stops"
        }
    }

    /// What the operator can do next.
    public var recoverySuggestion: String {
        switch kind {
        case .configurationInvalid, .databaseURLInvalid: "Check the flag, the environment variable or the config file named in the detail."
        case .databaseUnavailable: "Check that PostgreSQL runs and that the URL's user may connect (see docs/server.md)."
        case .schemaTooNew: "Run the newer collector, or restore a database of this version."
        case .stationDatabaseFailed:
            "Check that PostgreSQL's server is installed (Scripts/setup) and read postgresql.log in the --data directory (see docs/station.md)."
        case .deviceExists: "Choose another name, or remove the old device first."
        case .deviceUnknown: "List the devices with `collector list-devices`."
        case .publicKeyInvalid: "Copy the key printed by `stroke-triage audit public-key` on the device."
        case .publicKeyInUse: "Each device signs with its own key; remove the other device first."
        case .deviceNameInvalid: "Use a name like AMB-12."
        case .dataDirectoryIsLink:
            "Give --data as the real directory; root never follows a link there. Remove the link named in the detail (see docs/station.md)."
        case .dataDirectoryOwner:
            "The directory and its files belong to root or to the account PostgreSQL runs as (the owner of pgdata, else stroke-triage); see docs/station.md."
        case .dataDirectoryInUse: "Stop the other station first, or give this one its own --data directory."
        case .dataDirectoryNotReachable:
            "Give a --data under a directory the station's account may enter, e.g. /var/lib/stroke-triage/station (a home directory is usually 0700; see docs/station.md)."
        case .dataDirectoryTooLong: "Choose a shorter --data path (for example /var/lib/stroke-triage/station)."
        case .stationAccountMissing:
            "Create it (`systemd-sysusers` with contrib/systemd/stroke-triage.sysusers.conf, or `useradd --system stroke-triage`); the station never shares Debian's postgres account."
        case .stationAccountSwitchFailed:
            "Run the command as the account itself (`runuser -u stroke-triage -- …`, or systemd's User= as the shipped unit does); see docs/station.md."
        case .stationDatabaseLost:
            "Read postgresql.log in the --data directory; a service manager (systemd's Restart=on-failure) starts the station again."
        }
    }

    /// A configuration value is missing or malformed (the detail names it).
    public static func configurationInvalid(_ detail: String) -> CollectorError { CollectorError(.configurationInvalid, detail) }
    /// The database URL cannot be parsed (the detail never holds the password).
    public static func databaseURLInvalid(_ detail: String) -> CollectorError { CollectorError(.databaseURLInvalid, detail) }
    /// PostgreSQL failed (the detail is the server's message, never a bound value).
    public static func databaseUnavailable(_ detail: String) -> CollectorError { CollectorError(.databaseUnavailable, detail) }
    /// The station's embedded cluster failed (the detail is the tool's command and output, never the password).
    public static func stationDatabaseFailed(_ detail: String) -> CollectorError { CollectorError(.stationDatabaseFailed, detail) }
    /// The database was migrated by a newer collector.
    public static func schemaTooNew(_ version: Int) -> CollectorError { CollectorError(.schemaTooNew, "schema version \(version)") }
    /// The device name is taken.
    public static func deviceExists(_ name: String) -> CollectorError { CollectorError(.deviceExists, name) }
    /// No device with that name.
    public static func deviceUnknown(_ name: String) -> CollectorError { CollectorError(.deviceUnknown, name) }
    /// The public key is not base64 of a 32-byte Ed25519 key.
    public static let publicKeyInvalid = CollectorError(.publicKeyInvalid, nil)
    /// The public key belongs to another registered device.
    public static func publicKeyInUse(_ other: String) -> CollectorError { CollectorError(.publicKeyInUse, other) }
    /// The device name is empty, too long or has other characters.
    public static func deviceNameInvalid(_ name: String) -> CollectorError { CollectorError(.deviceNameInvalid, name) }

    /// The data directory, or a name the station keeps in it, is a symbolic (or hard) link.
    public static func dataDirectoryIsLink(_ path: String) -> CollectorError { CollectorError(.dataDirectoryIsLink, path) }
    /// The data directory, or a file in it, belongs to an account other than root, the cluster's, or this process's.
    public static func dataDirectoryOwner(_ path: String, owner: UInt32) -> CollectorError {
        CollectorError(.dataDirectoryOwner, "\(path) belongs to uid \(owner)")
    }
    /// The account the station runs as may not enter the directory `path` (EACCES) on the way to `--data`.
    public static func dataDirectoryNotReachable(_ path: String) -> CollectorError {
        CollectorError(.dataDirectoryNotReachable, "\(currentAccountName()) may not enter \(path)")
    }

    /// The name of this process's user (the station's account once switched), else its uid.
    static func currentAccountName() -> String {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return "uid \(getuid())" }
        return String(cString: name)
    }

    /// Another process holds the data directory's lock (`process`: its id as written in the lock file, if any).
    public static func dataDirectoryInUse(_ path: String, process: Int32?) -> CollectorError {
        CollectorError(.dataDirectoryInUse, process.map { "process \($0), \(path)" } ?? "an unknown process, \(path)")
    }

    /// `--data`'s socket path (`DIR/.s.PGSQL.5432`, `length` bytes) exceeds the Unix socket limit (`limit` bytes).
    public static func dataDirectoryTooLong(_ path: String, length: Int, limit: Int) -> CollectorError {
        CollectorError(.dataDirectoryTooLong, "the socket path would have \(length) bytes, at most \(limit): \(path)")
    }
    /// Run as root, the station found no `stroke-triage` account and `useradd` failed (its output is the detail).
    public static func stationAccountMissing(_ detail: String) -> CollectorError { CollectorError(.stationAccountMissing, detail) }
    /// Run as root, the process could not become the station's account (the failed call and its errno are the detail).
    public static func stationAccountSwitchFailed(_ detail: String) -> CollectorError { CollectorError(.stationAccountSwitchFailed, detail) }
    /// The station's PostgreSQL stopped while it served and `attempts` restarts failed (the last failure is in `reason`).
    public static func stationDatabaseLost(attempts: Int, reason: String) -> CollectorError {
        CollectorError(.stationDatabaseLost, "\(attempts) restarts failed; last: \(reason)")
    }

    /// True when both errors have the same code.
    public func hasCode(of other: CollectorError) -> Bool { kind == other.kind }
}
