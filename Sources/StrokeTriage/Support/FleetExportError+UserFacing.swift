import ArgumentParser
import FleetExport
import TriageLocalization

extension FleetExportError: UserFacingError {
    /// 64 for a bad key or public-keys file named on the command line; an output file's own code otherwise.
    var exitCode: ExitCode {
        if let output { return output.exitCode }
        return ExitCode(processExitCode)
    }

    /// One line naming the file (never key material).
    func message(_ localizer: Localizer) -> String {
        if let output { return output.message(localizer) }
        switch kind {
        case .publicKeysInvalid: return localizer.text("fleetverify.error.publicKeys", [.text(detail)])
        default: return localizer.text("fleetverify.error.keyFile", [.text(detail)])
        }
    }

    func hint(_ localizer: Localizer) -> String? {
        if let output { return output.hint(localizer) }
        return localizer.text("fleetverify.hint.orgKey")
    }

    var underlyingCause: String? { output?.systemReason }
}
