import AuditFormat
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StrokeAudit
import StrokeJSON
import TriageLocalization

/// `audit push --status`: the local head, the head the collector acknowledged (asked
/// now when it answers, else remembered from the last push) and how many records are
/// pending, as text lines or one JSON object.
public struct PushStatus: Sendable {
    /// The collector's base URL.
    public let collector: String
    /// This device's name at the collector.
    public let device: String
    /// False when there is no audit log yet (then the collector is not asked: no key to sign with).
    public let hasLog: Bool
    /// The local log's head sequence (0 without a log).
    public let localHead: Int64
    /// The head the collector gave now, when it answered.
    public let answered: Int64?
    /// Why the collector could not be asked, when it was unreachable.
    public let unreachable: PushError?
    /// The acknowledgement remembered from the last push, used when the collector did not answer.
    public let remembered: PushState.Acknowledged?

    /// The acknowledged head: the collector's answer, else the remembered one.
    public var acknowledged: Int64? { answered ?? remembered?.sequence }
    /// Where `acknowledged` comes from: `collector`, `remembered` or `none`.
    public var source: String { answered != nil ? "collector" : remembered != nil ? "remembered" : "none" }
    /// Records the collector does not hold (as far as known).
    public var pending: Int64 { max(0, localHead - (acknowledged ?? 0)) }
    /// True when the local head lies below the acknowledged one: the collector holds
    /// records this log no longer has (rolled back, replaced or cut), which no push repairs.
    public var behindAcknowledged: Bool { hasLog && (acknowledged ?? 0) > localHead }

    /// Reads the local head and asks the collector (an unreachable collector is no error here).
    /// - Throws: `AuditError` from the log, `PushError` when the collector refuses or answers nonsense.
    public static func check(_ settings: CollectorSettings, location: AuditLog.Location, context: AuditLog.Context,
                             state: PushState) async throws -> PushStatus {
        let hasLog = FileManager.default.fileExists(atPath: location.database.path)
        var localHead: Int64 = 0, answered: Int64?, unreachable: PushError?
        if hasLog {
            // Opening the log and reading its head (SQLite, the head's lock) off the cooperative pool.
            let log = try await AuditLog.offPool { try AuditLog.open(location, context: context) }
            defer { log.close() }
            localHead = try await AuditLog.offPool { try log.head().sequence }
            do {
                answered = try await FleetPusher(settings: settings, log: log, state: state).collectorHead().head.sequence
            } catch let error as PushError where error.kind == .unreachable {
                unreachable = error
            }
        }
        let remembered = answered == nil ? state.acknowledged(collector: settings.baseURL, device: settings.device) : nil
        return PushStatus(collector: settings.baseURL, device: settings.device, hasLog: hasLog, localHead: localHead,
                          answered: answered, unreachable: unreachable, remembered: remembered)
    }

    /// The `--json` object (`reachable` is null without a log).
    public var json: String {
        JSONValue.object([
            ("collector", .string(collector)), ("device", .string(device)),
            ("reachable", hasLog ? .bool(unreachable == nil) : .null), ("localHead", .integer(Int(localHead))),
            ("acknowledgedHead", acknowledged.map { .integer(Int($0)) } ?? .null),
            ("acknowledgedSource", .string(source)),
            ("rememberedAt", remembered.map { .string(Self.iso($0.timeMs)) } ?? .null),
            ("pending", .integer(Int(pending))),
            ("warning", behindAcknowledged ? .string("localBehindAcknowledged") : .null),
        ]).serialized()
    }

    /// The text report, one line each: reachability, local head, acknowledged head, pending,
    /// and a warning when the local head lies below the acknowledged one.
    public func lines(_ l: Localizer) -> [String] {
        let reachability = !hasLog ? "push.status.noLog" : unreachable == nil ? "push.status.reachable" : "push.status.unreachable"
        var lines = [l.text(reachability, [.text(collector), .text(device)]), l.text("push.status.local", [.text(String(localHead))])]
        switch (answered, remembered) {
        case (let sequence?, _): lines.append(l.text("push.status.acknowledged", [.text(String(sequence))]))
        case (nil, let memory?): lines.append(l.text("push.status.remembered", [.text(String(memory.sequence)), .text(Self.iso(memory.timeMs))]))
        default: lines.append(l.text("push.status.never"))
        }
        lines.append(l.text("push.status.pending", [.text(String(pending))]))
        if behindAcknowledged, let acknowledged {
            lines.append(l.text("push.status.behind", [.text(String(localHead)), .text(String(acknowledged))]))
        }
        return lines
    }

    /// ms since 1970 as ISO 8601 (UTC, whole seconds).
    static func iso(_ ms: Int64) -> String { UTCTime.isoSeconds(ms) }
}

extension FleetPusher {
    /// Takes the push lock beside the key file (waiting up to `lockWait` on `clock`), opens the
    /// log at `location` and pushes everything pending in batches of at most `batchSize`.
    /// - Throws: `AuditError.logMissing` without a database, `PushError(.busy)` when another
    ///   push kept the lock, else what `push(batchSize:)` throws.
    public static func push(_ settings: CollectorSettings, location: AuditLog.Location, context: AuditLog.Context,
                            batchSize: Int, lockWait: Duration = .seconds(60),
                            clock: any Clock<Duration> = ContinuousClock()) async throws -> Summary {
        guard FileManager.default.fileExists(atPath: location.database.path) else {
            throw AuditError.logMissing(location.database.path)
        }
        let state = PushState(directory: location.keyFile.deletingLastPathComponent())
        guard let lock = await state.lock(waitingUpTo: lockWait, clock: clock) else { throw PushError(.busy) }
        defer { close(lock) }
        let log = try await AuditLog.offPool { try AuditLog.open(location, context: context) }
        defer { log.close() }
        return try await FleetPusher(settings: settings, log: log, state: state).push(batchSize: batchSize)
    }
}

extension FleetPusher.Summary {
    /// The `--json` object of a push to `settings`' collector.
    public func json(_ settings: CollectorSettings) -> String {
        JSONValue.object([
            ("collector", .string(settings.baseURL)), ("device", .string(settings.device)),
            ("accepted", .integer(Int(accepted))), ("duplicates", .integer(Int(duplicates))),
            ("batches", .integer(Int(batches))), ("wrappedKeys", .integer(Int(wrappedKeys))),
            ("localHead", .integer(Int(localHead))),
            ("acknowledgedHead", .integer(Int(acknowledgedHead))), ("pending", .integer(Int(pending))),
        ]).serialized()
    }

    /// The one-line text report of a push to `settings`' collector.
    public func text(_ settings: CollectorSettings, _ l: Localizer) -> String {
        l.text("push.done", [
            .text(String(accepted)), .text(String(duplicates)), .text(String(batches)),
            .text(settings.device), .text(String(acknowledgedHead)), .text(String(pending)),
        ])
    }
}
