import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Free space on the file system of the station's data directory, for `/healthz` (issue 34): a
/// PostgreSQL whose disk is full still answers `SELECT 1`, while every push fails (ENOSPC), so the
/// station's health check also looks at the disk (`statvfs`, no I/O on the data).
///
/// The station answers 503 `disk full` when less than `minimumFree` bytes are available to an
/// unprivileged account (PostgreSQL's: `f_bavail`, not the blocks reserved for root), or no inode
/// is left. The minimum is 256 MiB: room for PostgreSQL's WAL segments (16 MiB each) and a
/// checkpoint, and for several pushes at the 8 MiB body limit; no published source, chosen so that
/// the load balancer or the operator hears of it before PostgreSQL itself stops.
/// `STROKE_TRIAGE_MIN_FREE_MB` sets another (whole MiB, 0–1048576; 0 turns the check off); any other
/// value is refused at start, naming the variable, the range and the value (never silently ignored).
public struct DiskSpace: Sendable, Equatable {
    /// Bytes available to an unprivileged account.
    public let available: UInt64
    /// Inodes available to an unprivileged account.
    public let availableFiles: UInt64

    /// The default minimum: 256 MiB, or `STROKE_TRIAGE_MIN_FREE_MB` (whole MiB, 0–1048576).
    /// - Throws: `CollectorError.configurationInvalid` (exit 64) for a value that is set but not allowed.
    public static func minimumFree(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CollectorError) -> UInt64 {
        guard let text = environment["STROKE_TRIAGE_MIN_FREE_MB"] else { return 256 << 20 }
        guard let megabytes = UInt64(text), megabytes <= 1 << 20 else {
            // Shown shortened and without control characters (an environment value is anybody's text).
            let printable = String(text.unicodeScalars.filter { !($0.value < 32 || $0.value == 127) }.map(Character.init))
            let shown = printable.count > 40 ? String(printable.prefix(40)) + "…" : printable
            throw .configurationInvalid("STROKE_TRIAGE_MIN_FREE_MB: allowed a whole number of MiB from 0 to 1048576 (0 turns the disk check off), given '\(shown)'")
        }
        return megabytes << 20
    }

    /// The space of the file system holding `path`.
    /// - Throws: `CollectorError.stationDatabaseFailed` when `statvfs` fails (the errno named).
    public static func of(_ path: String) throws(CollectorError) -> DiskSpace {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { throw .stationDatabaseFailed("statvfs \(path) failed: errno \(errno)") }
        return DiskSpace(available: UInt64(info.f_bavail) * UInt64(info.f_frsize), availableFiles: UInt64(info.f_favail))
    }

    /// Why the station is unhealthy: nil when at least `minimum` bytes and one inode are available.
    public func shortage(minimum: UInt64) -> String? {
        guard minimum > 0 else { return nil }
        if available < minimum { return "\(available >> 20) MiB free, below the minimum of \(minimum >> 20) MiB" }
        if availableFiles == 0 { return "no inode free" }
        return nil
    }

    /// The health check of `path`: nil when its disk has room (`minimum` bytes), else the reason
    /// (also when `statvfs` fails: a disk that cannot be looked at is not known to have room).
    public static func shortage(at path: String, minimum: UInt64) -> String? {
        guard minimum > 0 else { return nil }
        do {
            return try of(path).shortage(minimum: minimum)
        } catch {
            return error.detail ?? error.code
        }
    }
}
