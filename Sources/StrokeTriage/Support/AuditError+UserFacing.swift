import ArgumentParser
import StrokeAudit
import TriageLocalization

extension AuditError: UserFacingError {
    var exitCode: ExitCode {
        switch code {
        case "databaseLocked", "databaseUnavailable", "diskFull": return ExitStatus.unavailable
        case "manifestInvalid", "publicKeyInvalid", "exportUnreadable", "invalidRange", "unknownAssessment",
             "databaseCorrupt", "keyFileInvalid", "logMissing": return ExitStatus.invalidData
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
