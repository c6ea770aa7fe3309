import ArgumentParser
import StrokeCenters
import TriageLocalization

extension CentersError: UserFacingError {
    var exitCode: ExitCode { isInvalidData ? ExitStatus.invalidData : ExitStatus.failure }

    func message(_ localizer: Localizer) -> String { localizer.render(message) }

    func hint(_ localizer: Localizer) -> String? {
        if !candidates.isEmpty { return localizer.text("centers.hint.candidates", [.text(candidates.joined(separator: "; "))]) }
        switch code {
        case "centers.unknownPlace": return localizer.text("centers.hint.useCoordinates")
        case "centers.inputOutOfRange", "centers.noEligibleCenter": return nil
        default: return localizer.text("centers.hint.schema")
        }
    }

    var underlyingCause: String? { cause }
}
