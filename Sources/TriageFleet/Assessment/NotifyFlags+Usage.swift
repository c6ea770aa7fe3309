import CaseWire
import StrokeModels
import TriageEngine

// The pre-notification flags' rules, in the command line's words (its usage errors, exit 64).

extension NotifyFlags {
    /// The whole minutes an ETA may be: 0 to 24 hours.
    public static let etaRange = EtaUpdateRequest.allowedMinutes
    /// `etaRange` as help texts and messages write it, e.g. `0–1440`.
    public static let etaRangeText = "\(etaRange.lowerBound)–\(etaRange.upperBound)"

    /// The first flag value or combination that is not allowed; `nil` when usable. A hospital id is
    /// 1–64 characters of a–z A–Z 0–9 . _ -; `hospitalKey` and `etaMinutes` need `notify`.
    public var usageProblem: String? {
        if let notify, !HospitalID.isValid(notify) {
            return "--notify: '\(notify.escapingControlCharacters)' is not a hospital id; allowed: 1–64 characters of a–z A–Z 0–9 . _ -"
        }
        if let etaMinutes, !Self.etaRange.contains(etaMinutes) {
            return "--eta-minutes: \(etaMinutes) is outside the allowed range \(Self.etaRangeText)."
        }
        if notify == nil, hospitalKey != nil || etaMinutes != nil {
            return "--hospital-key and --eta-minutes need --notify HOSPITAL_ID."
        }
        return nil
    }
}

extension NotifyFollowUp {
    /// The usage problem of a new ETA's flags: either a position (latitude −90…90 and longitude
    /// −180…180) or whole minutes in `etaRange`, not both and not neither; `nil` when usable.
    public static func etaUsageProblem(latitude: Double?, longitude: Double?, minutes: Int?) -> String? {
        switch (latitude, longitude, minutes) {
        case (let lat?, let lon?, nil):
            guard (-90...90).contains(lat) else { return "--lat: \(lat) is outside the allowed range -90–90." }
            guard (-180...180).contains(lon) else { return "--lon: \(lon) is outside the allowed range -180–180." }
            return nil
        case (nil, nil, let eta?):
            guard NotifyFlags.etaRange.contains(eta) else { return "--eta-minutes: \(eta) is outside the allowed range \(NotifyFlags.etaRangeText)." }
            return nil
        default:
            return "Give either --lat and --lon, or --eta-minutes."
        }
    }

    /// The error a flush ends with: the first refusal, else the first case still queued;
    /// `nil` when everything was delivered.
    public static func flushFailure(_ results: [(QueuedCase, NotifyError?)]) -> NotifyError? {
        let failures = results.compactMap(\.1)
        return failures.first(where: { !$0.isQueued }) ?? failures.first
    }
}
