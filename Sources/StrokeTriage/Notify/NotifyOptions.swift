import ArgumentParser
import StrokeModels

/// The pre-notification flags of the module commands and the walkthrough.
///
/// With `--notify HOSPITAL_ID` the result is shown first; then the case (the
/// command's `--json` object) is sealed to the hospital's key and handed to the
/// relay, or queued when the relay cannot be reached (docs/prenotify.md).
struct NotifyOptions: ParsableArguments {
    @Option(name: .customLong("notify"), help: ArgumentHelp(
        "After the result, send a pre-notification to this hospital (its id at the relay).", valueName: "hospital-id"))
    var notify: String?

    @Option(name: .customLong("relay"), help: "Relay URL (else config relay, else STROKE_TRIAGE_RELAY).")
    var relay: String?

    @Option(name: .customLong("device-name"), help: "This device's name at the relay (else config device, else STROKE_TRIAGE_DEVICE).")
    var deviceName: String?

    @Option(name: .customLong("hospital-key"), help: ArgumentHelp(
        "Pinned public key of the --notify hospital (sthk1.…; else config hospitalKeys); a different relay answer is refused.",
        valueName: "key"))
    var hospitalKey: String?

    @Option(name: .customLong("eta-minutes"), help: "ETA sent with the pre-notification, whole minutes 0–1440 (default: the routing's drive time).")
    var etaMinutes: Int?

    mutating func validate() throws {
        if let notify, !HospitalID.isValid(notify) {
            throw ValidationError("--notify: '\(notify.escapingControlCharacters)' is not a hospital id; allowed: 1–64 characters of a–z A–Z 0–9 . _ -")
        }
        if let etaMinutes, !(0...1440).contains(etaMinutes) {
            throw ValidationError("--eta-minutes: \(etaMinutes) is outside the allowed range 0–1440.")
        }
        if notify == nil, hospitalKey != nil || etaMinutes != nil {
            throw ValidationError("--hospital-key and --eta-minutes need --notify HOSPITAL_ID.")
        }
    }
}

/// The form of hospital ids and case ids on the command line and in URLs.
enum HospitalID {
    /// 1–64 characters of `a–z A–Z 0–9 . _ -` (safe in a URL path, never a path of its own).
    static func isValid(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count) && id != "." && id != ".."
            && id.utf8.allSatisfy { $0 == 45 || $0 == 46 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    /// True for a case id: 32 lowercase hex digits.
    static func isCaseID(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
