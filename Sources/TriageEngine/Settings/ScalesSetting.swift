import StrokeModels

/// The prehospital LVO scales a region's protocol uses: the configuration's
/// `scales` list (e.g. `"scales": ["race", "lams"]`). The walkthrough's full
/// module asks their items, each shared item once. None configured: unchanged.
public enum ScalesSetting {
    /// The configuration key.
    public static let configKey = "scales"

    /// The known scale names, comma-separated (for messages).
    public static var allowed: String { LVOScale.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The configured scales, in `LVOScale` order.
    /// - Throws: `EngineError.unknownScale` naming the first unknown name (the CLI's exit 64).
    public static func load(config: AppConfig) throws(EngineError) -> [LVOScale] {
        var scales: [LVOScale] = []
        for name in config.strings(configKey) ?? [] {
            guard let scale = LVOScale(rawValue: name.lowercased()) else { throw EngineError(.unknownScale(key: configKey, name: name)) }
            scales.append(scale)
        }
        return LVOScale.allCases.filter(scales.contains)
    }
}
