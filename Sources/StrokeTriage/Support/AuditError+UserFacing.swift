import ArgumentParser
import StrokeAudit
import TriageLocalization

extension AuditError: UserFacingError {
    var exitCode: ExitCode {
        switch code {
        case "databaseLocked", "databaseUnavailable", "diskFull": return ExitStatus.unavailable
        case "manifestInvalid", "publicKeyInvalid", "exportUnreadable", "invalidRange", "unknownAssessment",
             "databaseCorrupt", "logMissing", "headInvalid": return ExitStatus.invalidData
        // Key-file problems (unsafe, unreadable, invalid, not a file, wrong, stale, passphrase) and a
        // log that disagrees with its signed head (foreignLog, logBehindHead, headMissing) exit 1.
        default: return ExitStatus.failure
        }
    }

    func message(_ localizer: Localizer) -> String { localizer.text(localizationKey, [.text(detail ?? "")]) }

    func hint(_ localizer: Localizer) -> String? {
        let key = "audit.hint.\(code)"
        let text = localizer.text(key)
        return text == key ? nil : text
    }

    var underlyingCause: String? { detail }
}
