import ArgumentParser
import StrokeModels
import TriageLocalization

extension ModelsError: UserFacingError {
    var exitCode: ExitCode { ExitStatus.invalidData }

    func message(_ localizer: Localizer) -> String { localizer.render(message) }

    var underlyingCause: String? {
        issues.count > 1 ? "\(issues.count) invalid inputs: " + issues.map(\.field.rawValue).joined(separator: ", ") : nil
    }
}
