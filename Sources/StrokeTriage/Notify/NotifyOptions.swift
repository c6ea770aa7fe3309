import ArgumentParser
import StrokeModels
import TriageEngine
import TriageFleet

/// The pre-notification flags of the module commands and the walkthrough.
///
/// With `--notify HOSPITAL_ID` the result is shown first; then the case (the
/// command's `--json` object) is sealed to the hospital's key and handed to the
/// relay, or queued when the relay cannot be reached (docs/prenotify.md).
struct NotifyOptions: ParsableArguments {
    @Option(name: .customLong("notify"), help: ArgumentHelp(
        "After the result, send a pre-notification to this hospital (its id at the relay), or `destination`: the hospital the relay registered for the routed center.", valueName: "hospital-id"))
    var notify: String?

    @Option(name: .customLong("relay"), help: "Relay URL (else config relay, else STROKE_TRIAGE_RELAY).")
    var relay: String?

    @Option(name: .customLong("device-name"), help: "This device's name at the relay (else config device, else STROKE_TRIAGE_DEVICE).")
    var deviceName: String?

    @Option(name: .customLong("hospital-key"), help: ArgumentHelp(
        "Pinned public key of the --notify hospital (sthk1.…; else config hospitalKeys); a different relay answer is refused.",
        valueName: "key"))
    var hospitalKey: String?

    @Option(name: .customLong("eta-minutes"), help: "ETA sent with the pre-notification, whole minutes \(NotifyFlags.etaRangeText) (default: the routing's drive time).", transform: DecimalFlag.integer)
    var etaMinutes: Int?

    mutating func validate() throws {
        if let problem = flags.usageProblem { throw ValidationError(problem) }
    }

    /// The engine's plain form of these flags.
    var flags: NotifyFlags {
        NotifyFlags(notify: notify, relay: relay, deviceName: deviceName, hospitalKey: hospitalKey, etaMinutes: etaMinutes)
    }

    /// These flags with the command's `--ca-file` (one flag for the API base and the relay, in `PredictionOptions`).
    func flags(caFile: String?) -> NotifyFlags {
        var flags = flags
        flags.caFile = caFile
        return flags
    }
}
