import ArgumentParser
import TriageEngine
import TriageLocalization

extension EngineError: UserFacingError {
    /// 78 (EX_CONFIG) for a broken configuration file, 64 for an unknown configured name.
    var exitCode: ExitCode {
        switch kind {
        case .configUnreadable: return ExitStatus.config
        case .unknownGfapAssay, .unknownScale: return ExitStatus.usage
        }
    }

    var underlyingCause: String? { cause }
}

extension CloudSettingsError: UserFacingError {
    /// 64: an unusable flag or configuration value is a usage error.
    var exitCode: ExitCode { ExitStatus.usage }
}
