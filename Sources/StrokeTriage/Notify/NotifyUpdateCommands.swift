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
    @Option(name: .customLong("lat"), help: "Current latitude (decimal degrees); with --lon.", transform: DecimalFlag.double)
    var lat: Double?
    @Option(name: .customLong("lon"), help: "Current longitude (decimal degrees); with --lat.", transform: DecimalFlag.double)
    var lon: Double?
    @Option(name: .customLong("eta-minutes"), help: "New ETA in whole minutes, \(NotifyFlags.etaRangeText).", transform: DecimalFlag.integer)
    var etaMinutes: Int?

    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: AuditOptions

    func validate() throws {
        if let problem = NotifyFollowUp.etaUsageProblem(latitude: lat, longitude: lon, minutes: etaMinutes) { throw ValidationError(problem) }
    }

    func run() async throws {
        var position: Coordinate?
        if let lat, let lon { position = Coordinate(latitude: lat, longitude: lon) }
        try await NotifyCommandSupport.run(audit, output) { followUp async throws(NotifyError) in
            try await followUp.updateETA(caseId, minutes: etaMinutes, position: position)
        }
    }
}

/// `stroke-triage notify arrived --case ID`: the crew has handed the patient over.
struct NotifyArrivedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "arrived", abstract: "Mark a pre-notification as arrived.")

    @OptionGroup var change: NotifyStatusChange

    func run() async throws { try await change.send(.arrived) }
}

/// `stroke-triage notify cancel --case ID`: the patient is not coming to that hospital.
struct NotifyCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a pre-notification.")

    @OptionGroup var change: NotifyStatusChange

    func run() async throws { try await change.send(.cancelled) }
}

/// The flags of a status change (`arrived`, `cancel`): the case, and where its log and output are.
struct NotifyStatusChange: ParsableArguments {
    @Option(name: .customLong("case"), help: "The case id (notify status lists them).")
    var caseId: String
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: AuditOptions

    /// Sends the case's new status to the relay and reports it.
    func send(_ status: CaseStatus) async throws {
        try await NotifyCommandSupport.run(audit, output) { followUp async throws(NotifyError) in
            try await followUp.changeStatus(caseId, to: status)
        }
    }
}
