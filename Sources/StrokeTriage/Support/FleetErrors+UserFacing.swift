import ArgumentParser
import TriageFleet
import TriageLocalization

extension PushError: UserFacingError {
    /// 64 for settings, 69 unreachable (records stay pending), 65 for a log the collector refuses
    /// (409/422), else 1.
    var exitCode: ExitCode {
        switch kind {
        case .collectorMissing, .collectorInvalid, .deviceMissing, .deviceInvalid, .orgKeyInvalid: ExitStatus.usage
        case .unreachable: ExitStatus.unavailable
        case .refused: status == 409 || status == 422 ? ExitStatus.invalidData : ExitStatus.failure
        case .answerInvalid, .busy: ExitStatus.failure
        }
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
}
