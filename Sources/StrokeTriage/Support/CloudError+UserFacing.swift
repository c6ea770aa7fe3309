import ArgumentParser
import StrokeCloud
import TriageLocalization

extension CloudError: UserFacingError {
    /// 69: in cloud mode any failure of the cloud means the service is unavailable
    /// for this assessment (130 when the call was cancelled by Ctrl-C).
    var exitCode: ExitCode { code == "cloud.cancelled" ? ExitStatus.interrupted : ExitStatus.unavailable }

    func message(_ localizer: Localizer) -> String {
        let text = localizer.render(message)
        guard let function else { return text }
        return localizer.text("cloud.error.inFunction", [.text(function), .text(text)])
    }

    func hint(_ localizer: Localizer) -> String? {
        isUnavailable ? localizer.text("cloud.hint.unavailable") : nil
    }
}
