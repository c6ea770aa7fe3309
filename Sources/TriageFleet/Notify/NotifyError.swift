import StrokeModels
import TriageLocalization

/// Why a pre-notification could not be prepared or delivered. `code` is stable
/// (`notify.<case>`; the message's key is `notify.error.<case>`); no message
/// ever holds a patient value, a key or a token.
public struct NotifyError: TriageError, Hashable {
    /// What went wrong (the front-end maps it to an exit code: missing settings 64,
    /// unknown ids 65, relay unreachable 69, else 1).
    public enum Kind: Sendable, Hashable {
        /// Settings: no relay, a bad relay URL, no device name, a bad pinned key, no destination.
        case noRelay, badRelay, noDevice, badHospitalKey, noDestination
        /// The relay names another key for the hospital than the pinned one.
        case keyMismatch
        /// Unknown ids: a case, a hospital, a hospital's location, the routed destination's hospital
        /// (`--notify destination`: none, or several, registered at the relay for the center).
        case caseUnknown, hospitalUnknown, hospitalLocationUnknown, destinationNotRegistered, destinationAmbiguous
        /// The relay is unreachable (the request stays queued) or refused the request.
        case unreachable, refused
        /// Local failures: the queue, the device keys, sealing.
        case queueUnavailable, keysUnavailable, notSealed
    }

    /// What went wrong.
    public let kind: Kind
    /// The value the message names (a hospital id, a case id, a relay code); never patient data.
    public let subject: String
    /// The underlying cause (libcurl's text, a system message), for `--verbose`.
    public let cause: String?
    /// The relay's HTTP status of a refusal.
    public let httpStatus: Int?

    private init(_ kind: Kind, _ subject: String = "", cause: String? = nil, httpStatus: Int? = nil) {
        self.kind = kind
        self.subject = subject
        self.cause = cause
        self.httpStatus = httpStatus
    }

    /// No relay URL: neither `--relay`, config `relay` nor `STROKE_TRIAGE_RELAY`.
    public static let noRelay = NotifyError(.noRelay)
    /// The relay URL is not an http(s) URL.
    public static func badRelay(_ url: String) -> NotifyError { NotifyError(.badRelay, url) }
    /// No device name: neither `--device-name`, config `device` nor `STROKE_TRIAGE_DEVICE`.
    public static let noDevice = NotifyError(.noDevice)
    /// A pinned hospital key is not an `sthk1.…` key.
    public static func badHospitalKey(_ hospital: String) -> NotifyError { NotifyError(.badHospitalKey, hospital) }
    /// The relay's key for the hospital differs from the pinned one: nothing is sent.
    public static func keyMismatch(_ hospital: String) -> NotifyError { NotifyError(.keyMismatch, hospital) }
    /// No queued or sent case has this id on this device.
    public static func caseUnknown(_ id: String) -> NotifyError { NotifyError(.caseUnknown, id) }
    /// The relay knows no hospital with this id.
    public static func hospitalUnknown(_ id: String) -> NotifyError { NotifyError(.hospitalUnknown, id) }
    /// `--lat/--lon` given, but the case's hospital has no known location.
    public static func hospitalLocationUnknown(_ id: String) -> NotifyError { NotifyError(.hospitalLocationUnknown, id) }
    /// `--notify destination`: the relay has no hospital registered for the routed center `centerId`.
    public static func destinationNotRegistered(_ centerId: String) -> NotifyError { NotifyError(.destinationNotRegistered, centerId) }
    /// `--notify destination`: several hospitals are registered for the routed center (their ids, comma-separated).
    public static func destinationAmbiguous(_ ids: String) -> NotifyError { NotifyError(.destinationAmbiguous, ids) }
    /// The walkthrough has no hospital to notify (no `--notify`, no routing destination).
    public static let noDestination = NotifyError(.noDestination)
    /// The relay could not be reached (or answered 5xx): the request stays queued.
    public static func unreachable(cause: String?) -> NotifyError { NotifyError(.unreachable, cause: cause) }
    /// The relay's TLS certificate could not be verified (`problem` in libcurl's words): the
    /// relay counts as unreachable (`notify.unreachable`, the request stays queued), and the
    /// message names the problem.
    public static func certificateRefused(_ problem: String) -> NotifyError { NotifyError(.unreachable, problem, cause: problem) }
    /// The relay refused the request (its error code, e.g. `case.conflict`, `device.unknown`).
    public static func refused(_ code: String, status: Int) -> NotifyError { NotifyError(.refused, code, cause: "HTTP \(status)", httpStatus: status) }
    /// The queue in the state directory could not be read or written.
    public static func queueUnavailable(cause: String) -> NotifyError { NotifyError(.queueUnavailable, cause: cause) }
    /// The audit key file (the device's signing key) could not be opened.
    public static func keysUnavailable(cause: String) -> NotifyError { NotifyError(.keysUnavailable, cause: cause) }
    /// The case could not be sealed (the hospital key was unusable).
    public static func notSealed(cause: String) -> NotifyError { NotifyError(.notSealed, cause: cause) }

    /// Stable code `notify.<case>`, e.g. `notify.keyMismatch`.
    public var code: String { "notify.\(kind)" }

    /// Every code of this type.
    public static let codes = ["noRelay", "badRelay", "noDevice", "badHospitalKey", "noDestination", "keyMismatch",
                               "caseUnknown", "hospitalUnknown", "hospitalLocationUnknown", "destinationNotRegistered",
                               "destinationAmbiguous", "unreachable", "refused",
                               "queueUnavailable", "keysUnavailable", "notSealed"].map { "notify.\($0)" }

    /// `usage` (64) for missing settings, `invalidData` (65) for unknown ids,
    /// `unavailable` (69) when the relay is unreachable, else `failure` (1).
    public var category: ErrorCategory {
        switch kind {
        case .noRelay, .badRelay, .noDevice, .badHospitalKey, .noDestination: .usage
        case .caseUnknown, .hospitalUnknown, .hospitalLocationUnknown, .destinationNotRegistered, .destinationAmbiguous: .invalidData
        case .unreachable: .unavailable
        case .keyMismatch, .refused, .queueUnavailable, .keysUnavailable, .notSealed: .failure
        }
    }

    /// The one-line message naming the subject (key `notify.error.<case>`).
    public var message: Message {
        // An unreachable relay with a subject is one whose certificate was refused (the subject is the problem).
        let key = kind == .unreachable && !subject.isEmpty ? "notify.error.certificateRefused" : "notify.error.\(kind)"
        return Message(key, [.text(subject.escapingControlCharacters)])
    }

    /// True when the relay knows no hospital with the id.
    public var isHospitalUnknown: Bool { kind == .hospitalUnknown }

    /// True when the request was kept and will be retried (relay unreachable, exit 69).
    public var isQueued: Bool { kind == .unreachable }

    /// True when retrying the same request cannot succeed: the relay refused it as
    /// malformed, conflicting or too large (400, 409, 413, 422), or the keys disagree.
    public var isPermanent: Bool {
        kind == .keyMismatch || (kind == .refused && [400, 409, 413, 422].contains(httpStatus ?? 0))
    }
}

extension NotifyError {
    /// The one-line message in the user's language.
    public func message(_ localizer: Localizer) -> String { localizer.render(message) }

    /// The underlying cause, for `--verbose`.
    public var underlyingCause: String? { cause }
}
