import ArgumentParser
import TriageLocalization
import TriageEngine

extension WalkError: UserFacingError {
    var exitCode: ExitCode {
        path == nil ? ExitStatus.usage : ExitStatus.failure
    }

    /// One line: for the disclaimer gate it names the way out (walk once, or `--accept-disclaimer`).
    func message(_ localizer: Localizer) -> String {
        localizer.text(code, [.text(path ?? "")])
    }

    var underlyingCause: String? { cause }
}
