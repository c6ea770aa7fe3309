import ArgumentParser
import StrokeCloud
import TriageLocalization

extension CloudError: UserFacingError {
    /// 69 when the service is unavailable; 1 when it refused the request (other 4xx) or on Ctrl-C paths.
    var exitCode: ExitCode { isUnavailable ? ExitStatus.unavailable : ExitStatus.failure }

    func message(_ localizer: Localizer) -> String {
        let text = localizer.render(message)
        guard let function else { return text }
        return localizer.text("cloud.error.inFunction", [.text(function), .text(text)])
    }

    func hint(_ localizer: Localizer) -> String? {
        isUnavailable ? localizer.text("cloud.hint.unavailable") : nil
    }
}
