import ArgumentParser
import CaseWire
import StrokeModels
import TriageEngine
import TriageFleet

/// `stroke-triage notify update --case ID (--lat L --lon L | --eta-minutes M)`: a new ETA.
/// A position is turned into minutes to the case's hospital with the routing's
/// drive-time model on this device; only the minutes go to the relay.
struct NotifyUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Send a new ETA for a pre-notification (from a position or in minutes).")

    @Option(name: .customLong("case"), help: "The case id (notify status lists them).")
    var caseId: String
    @Option(name: .customLong("lat"), help: "Current latitude (decimal degrees); with --lon.")
    var lat: Double?
    @Option(name: .customLong("lon"), help: "Current longitude (decimal degrees); with --lat.")
    var lon: Double?
    @Option(name: .customLong("eta-minutes"), help: "New ETA in whole minutes, 0–1440.")
    var etaMinutes: Int?

    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: AuditOptions

    func validate() throws {
        switch (lat, lon, etaMinutes) {
        case (let lat?, let lon?, nil):
            guard (-90...90).contains(lat) else { throw ValidationError("--lat: \(lat) is outside the allowed range -90–90.") }
            guard (-180...180).contains(lon) else { throw ValidationError("--lon: \(lon) is outside the allowed range -180–180.") }
        case (nil, nil, let eta?):
            guard (0...1440).contains(eta) else { throw ValidationError("--eta-minutes: \(eta) is outside the allowed range 0–1440.") }
        default:
            throw ValidationError("Give either --lat and --lon, or --eta-minutes.")
        }
    }

    func run() async throws {
        let notifier = try NotifyCommandSupport.notifier(audit, output)
        let (entry, error) = try await Failure.report(output) { () async throws -> (QueuedCase, NotifyError?) in
            var minutes = etaMinutes
            if let lat, let lon {
                let kept = try notifier.queue.entry(caseId, nowMs: PreNotifier.nowMs())
                minutes = HospitalLocator.etaMinutes(from: Coordinate(latitude: lat, longitude: lon),
                                                     latitude: kept.hospitalLat, longitude: kept.hospitalLon,
                                                     config: UserConfig.current)
                guard minutes != nil else { throw NotifyError.hospitalLocationUnknown(kept.hospitalId) }
            }
            return try await notifier.update(caseId, eta: minutes)
        }
        try await NotifyCommandSupport.finish(entry, error, notifier, output)
    }
}

/// `stroke-triage notify arrived --case ID`: the crew has handed the patient over.
struct NotifyArrivedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "arrived", abstract: "Mark a pre-notification as arrived.")

    @Option(name: .customLong("case"), help: "The case id (notify status lists them).")
    var caseId: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: AuditOptions

    func run() async throws { try await NotifyStatusChange.run(caseId, .arrived, output, audit) }
}

/// `stroke-triage notify cancel --case ID`: the patient is not coming to that hospital.
struct NotifyCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a pre-notification.")

    @Option(name: .customLong("case"), help: "The case id (notify status lists them).")
    var caseId: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: AuditOptions

    func run() async throws { try await NotifyStatusChange.run(caseId, .cancelled, output, audit) }
}

/// The shared body of `notify arrived` and `notify cancel`.
enum NotifyStatusChange {
    /// Records the status change, tries to deliver it, prints the outcome and exits with its status.
    static func run(_ caseId: String, _ status: CaseStatus, _ output: OutputOptions, _ audit: AuditOptions) async throws {
        let notifier = try NotifyCommandSupport.notifier(audit, output)
        let (entry, error) = try await Failure.report(output) { () async throws -> (QueuedCase, NotifyError?) in
            try await notifier.update(caseId, status: status)
        }
        try await NotifyCommandSupport.finish(entry, error, notifier, output)
    }
}
