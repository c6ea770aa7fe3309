import ArgumentParser
import StrokeModels
import TriageLocalization

/// Which GFAP assay an assessment records: `--gfap-assay NAME`, else the
/// configuration's `gfapAssay`, else none stated. An unknown name is a usage
/// error (exit 64) naming the allowed list; the value itself is never converted.
enum GfapAssaySetting {
    /// The configuration key of the default assay.
    static let configKey = "gfapAssay"

    /// The assay of a flag value (already checked by `AssessmentFlags.validate`) or the configured default.
    /// - Throws: exit 64 after one line on stderr when the configured name is not a known assay.
    static func resolve(flag: String?, output: OutputOptions) throws -> GfapAssay? {
        if let flag { return GfapAssay(rawValue: flag) }
        guard let name = ((try? AppConfig.load()) ?? AppConfig()).string(configKey) else { return nil }
        guard let assay = GfapAssay(rawValue: name) else {
            let l = output.localizer
            Console.err("\(l.text("error.prefix")): " + l.text("gfapAssay.error.config", [.text(configKey), .text(GfapAssay.names)]))
            throw ExitStatus.usage
        }
        return assay
    }

    /// The usage error of an unknown `--gfap-assay` name.
    static func check(_ flag: String?) throws {
        guard let flag, GfapAssay(rawValue: flag) == nil else { return }
        throw ValidationError("--gfap-assay: '\(flag)' is not a known assay; allowed: \(GfapAssay.names).")
    }
}
