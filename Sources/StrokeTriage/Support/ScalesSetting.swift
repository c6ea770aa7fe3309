import StrokeModels
import TriageLocalization

/// The prehospital LVO scales a region's protocol uses: the configuration's
/// `scales` list (e.g. `"scales": ["race", "lams"]`). The walkthrough's full
/// module asks their items, each shared item once. None configured: unchanged.
enum ScalesSetting {
    /// The configuration key.
    static let configKey = "scales"

    /// The configured scales, in `LVOScale` order.
    /// - Throws: exit 64 after one line on stderr when a name is not a known scale.
    static func load(output: OutputOptions) throws -> [LVOScale] {
        let names = ((try? AppConfig.load()) ?? AppConfig()).strings(configKey) ?? []
        var scales: [LVOScale] = []
        for name in names {
            guard let scale = LVOScale(rawValue: name.lowercased()) else {
                let l = output.localizer
                let allowed = LVOScale.allCases.map(\.rawValue).joined(separator: ", ")
                Console.err("\(l.text("error.prefix")): " + l.text("scales.error.config", [.text(configKey), .text(name), .text(allowed)]))
                throw ExitStatus.usage
            }
            scales.append(scale)
        }
        return LVOScale.allCases.filter(scales.contains)
    }
}
