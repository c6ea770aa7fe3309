import ArgumentParser
import StrokeModels
import TriageLocalization

/// Why a pre-notification could not be prepared or delivered. `code` is stable
/// (`notify.error.<case>`) and is also the localization key of the message;
/// no message ever holds a patient value, a key or a token.
struct NotifyError: Error, Sendable, Hashable {
    private enum Kind: Sendable, Hashable {
        case noRelay, badRelay, noDevice, badHospitalKey, keyMismatch
        case caseUnknown, hospitalUnknown, hospitalLocationUnknown, noDestination
        case unreachable, refused, queueUnavailable, keysUnavailable, notSealed
    }

    private let kind: Kind
    /// The value the message names (a hospital id, a case id, a relay code); never patient data.
    let subject: String
    /// The underlying cause (libcurl's text, a system message), for `--verbose`.
    let cause: String?
    /// The relay's HTTP status of a refusal.
    let httpStatus: Int?

    private init(_ kind: Kind, _ subject: String = "", cause: String? = nil, httpStatus: Int? = nil) {
        self.kind = kind
        self.subject = subject
        self.cause = cause
        self.httpStatus = httpStatus
    }

    /// No relay URL: neither `--relay`, config `relay` nor `STROKE_TRIAGE_RELAY`.
    static let noRelay = NotifyError(.noRelay)
    /// The relay URL is not an http(s) URL.
    static func badRelay(_ url: String) -> NotifyError { NotifyError(.badRelay, url) }
    /// No device name: neither `--device-name`, config `device` nor `STROKE_TRIAGE_DEVICE`.
    static let noDevice = NotifyError(.noDevice)
    /// A pinned hospital key is not an `sthk1.…` key.
    static func badHospitalKey(_ hospital: String) -> NotifyError { NotifyError(.badHospitalKey, hospital) }
    /// The relay's key for the hospital differs from the pinned one: nothing is sent.
    static func keyMismatch(_ hospital: String) -> NotifyError { NotifyError(.keyMismatch, hospital) }
    /// No queued or sent case has this id on this device.
    static func caseUnknown(_ id: String) -> NotifyError { NotifyError(.caseUnknown, id) }
    /// The relay knows no hospital with this id.
    static func hospitalUnknown(_ id: String) -> NotifyError { NotifyError(.hospitalUnknown, id) }
    /// `--lat/--lon` given, but the case's hospital has no known location.
    static func hospitalLocationUnknown(_ id: String) -> NotifyError { NotifyError(.hospitalLocationUnknown, id) }
    /// The walkthrough has no hospital to notify (no `--notify`, no routing destination).
    static let noDestination = NotifyError(.noDestination)
    /// The relay could not be reached (or answered 5xx): the request stays queued.
    static func unreachable(cause: String?) -> NotifyError { NotifyError(.unreachable, cause: cause) }
    /// The relay refused the request (its error code, e.g. `case.conflict`, `device.unknown`).
    static func refused(_ code: String, status: Int) -> NotifyError { NotifyError(.refused, code, cause: "HTTP \(status)", httpStatus: status) }
    /// The queue in the state directory could not be read or written.
    static func queueUnavailable(cause: String) -> NotifyError { NotifyError(.queueUnavailable, cause: cause) }
    /// The audit key file (the device's signing key) could not be opened.
    static func keysUnavailable(cause: String) -> NotifyError { NotifyError(.keysUnavailable, cause: cause) }
    /// The case could not be sealed (the hospital key was unusable).
    static func notSealed(cause: String) -> NotifyError { NotifyError(.notSealed, cause: cause) }

    /// Stable code, also the localization key of the message.
    var code: String { "notify.error.\(kind)" }

    /// True when the relay knows no hospital with the id.
    var isHospitalUnknown: Bool { kind == .hospitalUnknown }

    /// True when the request was kept and will be retried (relay unreachable, exit 69).
    var isQueued: Bool { kind == .unreachable }

    /// True when retrying the same request cannot succeed: the relay refused it as
    /// malformed, conflicting or too large (400, 409, 413, 422), or the keys disagree.
    var isPermanent: Bool {
        kind == .keyMismatch || (kind == .refused && [400, 409, 413, 422].contains(httpStatus ?? 0))
    }
}

extension NotifyError: UserFacingError {
    /// 64 for missing settings, 65 for unknown ids, 69 when the relay is unreachable, else 1.
    var exitCode: ExitCode {
        switch kind {
        case .noRelay, .badRelay, .noDevice, .badHospitalKey, .noDestination: ExitStatus.usage
        case .caseUnknown, .hospitalUnknown, .hospitalLocationUnknown: ExitStatus.invalidData
        case .unreachable: ExitStatus.unavailable
        case .keyMismatch, .refused, .queueUnavailable, .keysUnavailable, .notSealed: ExitStatus.failure
        }
    }

    func message(_ localizer: Localizer) -> String {
        localizer.text(code, [.text(subject.escapingControlCharacters)])
    }

    var underlyingCause: String? { cause }
}
