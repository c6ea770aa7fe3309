import StrokeModels

/// Which GFAP assay an assessment records: the flag's name, else the
/// configuration's `gfapAssay`, else none stated. The value itself is never converted.
public enum GfapAssaySetting {
    /// The configuration key of the default assay.
    public static let configKey = "gfapAssay"

    /// The assay of a flag value (already checked by the front-end) or the configured default.
    /// - Throws: `EngineError.unknownGfapAssay` when the configured name is not a known assay (the CLI's exit 64).
    public static func resolve(flag: String?, config: AppConfig) throws(EngineError) -> GfapAssay? {
        if let flag { return GfapAssay(rawValue: flag) }
        guard let name = config.string(configKey) else { return nil }
        guard let assay = GfapAssay(rawValue: name) else { throw EngineError(.unknownGfapAssay(key: configKey, name: name)) }
        return assay
    }
}
