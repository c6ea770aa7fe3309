import ArgumentParser
import TriageBatch
import TriageLocalization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BatchError: UserFacingError {
    var exitCode: ExitCode { isUsage ? ExitStatus.usage : isInvalidData ? ExitStatus.invalidData : ExitStatus.failure }

    func message(_ localizer: Localizer) -> String {
        localizer.text(code, arguments.map { .text($0) })
    }

    func hint(_ localizer: Localizer) -> String? {
        isHeaderError ? localizer.text("batch.hint.columns") : nil
    }

    var underlyingCause: String? {
        errorNumber == 0 ? nil : String(cString: strerror(errorNumber))
    }
}
