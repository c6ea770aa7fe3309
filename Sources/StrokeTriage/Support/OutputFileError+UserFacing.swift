import ArgumentParser
import OutputFiles
import TriageLocalization

extension OutputFileError: UserFacingError {
    /// 74 (EX_IOERR) for a full disk, 73 (EX_CANTCREAT) for a refused path
    /// (link, existing file, directory, device kind), 1 for other system failures.
    var exitCode: ExitCode {
        switch reason {
        case .diskFull: return ExitStatus.ioError
        case .symbolicLink, .exists, .directory, .unsupportedKind: return ExitStatus.cannotCreate
        case .cannotCreate, .cannotWrite: return ExitStatus.failure
        }
    }

    /// One line naming the path (control characters escaped) and what to do.
    func message(_ localizer: Localizer) -> String {
        localizer.text(code, [.text(path)])
    }

    func hint(_ localizer: Localizer) -> String? {
        reason == .diskFull ? localizer.text("output.hint.diskFull") : nil
    }

    var underlyingCause: String? { systemReason }
}
