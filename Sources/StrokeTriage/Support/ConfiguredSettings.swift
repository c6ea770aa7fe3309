import ArgumentParser
import StrokeModels
import TriageEngine

extension GfapAssaySetting {
    /// The assay of `--gfap-assay` or the configured default.
    /// - Throws: exit 64 after one line on stderr when the configured name is not a known assay.
    static func resolve(flag: String?, output: OutputOptions) throws -> GfapAssay? {
        try Failure.report(output) { try resolve(flag: flag, config: AppConfig.current) }
    }

    /// The usage error of an unknown `--gfap-assay` name.
    static func check(_ flag: String?) throws {
        if let problem = usageProblem(flag) { throw ValidationError(problem) }
    }
}

extension ScalesSetting {
    /// The configured scales, in `LVOScale` order.
    /// - Throws: exit 64 after one line on stderr when a name is not a known scale.
    static func load(output: OutputOptions) throws -> [LVOScale] {
        try Failure.report(output) { try load(config: AppConfig.current) }
    }
}
