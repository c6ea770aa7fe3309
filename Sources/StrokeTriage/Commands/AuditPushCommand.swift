import StrokeJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import StrokeAudit
import TriageEngine

/// `stroke-triage audit push [--collector URL] [--device-name NAME] [--batch-size N] [--status] [--json] [--quiet]`:
/// sends the records the fleet collector does not hold yet, as stored
/// (ciphertext, links, hashes), with the signed head; or, with `--status`,
/// shows what is pending. See docs/commands.md and docs/server.md ("Devices").
struct AuditPushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Push the audit log to the fleet collector (ciphertext only); --status shows what is pending.")

    @Option(name: .long, help: "Collector base URL (else config `collector`, else STROKE_TRIAGE_COLLECTOR).")
    var collector: String?

    @Option(name: .customLong("device-name"), help: "This device's name at the collector (else config `device`, else STROKE_TRIAGE_DEVICE).")
    var deviceName: String?

    @Option(name: .customLong("batch-size"), help: "Records per request, 1–1000.")
    var batchSize = 500

    @Flag(name: .long, help: "Show the local head, the collector's acknowledged head and how many records are pending.")
    var status = false

    @Flag(name: .long, help: "Print nothing on success (background pushes).")
    var quiet = false

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...1000).contains(batchSize) else {
            throw ValidationError("--batch-size: allowed 1–1000, given \(batchSize).")
        }
    }

    func run() async throws {
        let settings = try Failure.report(output) {
            try CollectorSettings(collector: collector, device: deviceName, config: try CloudSettings.loadConfig())
        }
        let location = AuditSetup.location(audit)
        let state = PushState(directory: location.keyFile.deletingLastPathComponent())
        if status { return try await showStatus(settings, location, state) }
        try await Failure.report(output) {
            try AuditSetup.requireExisting(location)
            guard let lock = state.lock(waitingUpTo: 60) else { throw PushError(.busy) }
            defer { close(lock) }
            let log = try AuditLog.open(location, context: AuditSetup.context())
            defer { log.close() }
            let summary = try await FleetPusher(settings: settings, log: log, state: state).push(batchSize: batchSize)
            if quiet { return }
            let pending = max(0, summary.localHead - summary.acknowledgedHead)
            if output.json {
                return Console.out(JSONValue.object([
                    ("collector", .string(settings.baseURL)), ("device", .string(settings.device)),
                    ("accepted", .integer(Int(summary.accepted))), ("duplicates", .integer(Int(summary.duplicates))),
                    ("batches", .integer(Int(summary.batches))), ("wrappedKeys", .integer(Int(summary.wrappedKeys))),
                    ("localHead", .integer(Int(summary.localHead))),
                    ("acknowledgedHead", .integer(Int(summary.acknowledgedHead))), ("pending", .integer(Int(pending))),
                ]).serialized())
            }
            Console.out(output.localizer.text("push.done", [
                .text(String(summary.accepted)), .text(String(summary.duplicates)), .text(String(summary.batches)),
                .text(settings.device), .text(String(summary.acknowledgedHead)), .text(String(pending)),
            ]))
        }
    }

    /// `--status`: the local head, the acknowledged head (from the collector when it answers, else remembered) and the pending count.
    private func showStatus(_ settings: CollectorSettings, _ location: AuditLog.Location, _ state: PushState) async throws {
        // Without a log there is no key to sign with: the collector is not asked (`reachable` is null).
        let hasLog = FileManager.default.fileExists(atPath: location.database.path)
        let (localHead, answer, unreachable) = try await Failure.report(output) { () async throws -> (Int64, Int64?, PushError?) in
            guard hasLog else { return (0, nil, nil) }
            let log = try AuditLog.open(location, context: AuditSetup.context())
            defer { log.close() }
            let local = try log.head().sequence
            do {
                let head = try await FleetPusher(settings: settings, log: log, state: state).collectorHead()
                return (local, head.head.sequence, nil)
            } catch let error as PushError where error.kind == .unreachable {
                return (local, nil, error)
            }
        }
        let remembered = answer == nil ? state.acknowledged(collector: settings.baseURL, device: settings.device) : nil
        let acknowledged = answer ?? remembered?.sequence
        let source = answer != nil ? "collector" : remembered != nil ? "remembered" : "none"
        let pending = max(0, localHead - (acknowledged ?? 0))
        let l = output.localizer
        if output.json {
            return Console.out(JSONValue.object([
                ("collector", .string(settings.baseURL)), ("device", .string(settings.device)),
                ("reachable", hasLog ? .bool(unreachable == nil) : .null), ("localHead", .integer(Int(localHead))),
                ("acknowledgedHead", acknowledged.map { .integer(Int($0)) } ?? .null),
                ("acknowledgedSource", .string(source)),
                ("rememberedAt", remembered.map { .string(Self.iso($0.timeMs)) } ?? .null),
                ("pending", .integer(Int(pending))),
            ]).serialized())
        }
        let reachability = !hasLog ? "push.status.noLog" : unreachable == nil ? "push.status.reachable" : "push.status.unreachable"
        Console.out(l.text(reachability, [.text(settings.baseURL), .text(settings.device)]))
        Console.out(l.text("push.status.local", [.text(String(localHead))]))
        switch (answer, remembered) {
        case (let sequence?, _): Console.out(l.text("push.status.acknowledged", [.text(String(sequence))]))
        case (nil, let memory?): Console.out(l.text("push.status.remembered", [.text(String(memory.sequence)), .text(Self.iso(memory.timeMs))]))
        default: Console.out(l.text("push.status.never"))
        }
        Console.out(l.text("push.status.pending", [.text(String(pending))]))
    }

    private static func iso(_ ms: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(ms) / 1000))
    }
}
