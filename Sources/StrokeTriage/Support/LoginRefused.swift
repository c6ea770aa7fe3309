import ArgumentParser
import TriageLocalization

/// The research-access function refused the password (401).
struct LoginRefused: Error, UserFacingError {
    var exitCode: ExitCode { ExitStatus.failure }
    func message(_ localizer: Localizer) -> String { localizer.text("cloud.login.refused") }
}
