import Foundation

/// Reads the golden fixtures kept beside the tests (copies of
/// `../shared/reference/golden/`; `FixtureCopyTests` keeps them identical).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The shared reference folder, when the checkout sits beside it.
    static let sharedGolden = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/reference/golden")

    static func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(contentsOf: directory.appendingPathComponent(name)))
    }

    struct VolumeCase: Decodable, Sendable, CustomStringConvertible {
        let gfap: Double, gfapUsed: Double, capped: Bool, volumeMl: Double
        let severity: String, mortality: String, rangeMl: [Double]
        var description: String { "gfap=\(gfap)" }
    }
    struct LVOCase: Decodable, Sendable, CustomStringConvertible {
        let gfap: Double, fastEd: Double, fastEdUsed: Double, probability: Double, lvoLikely: Bool
        let riskLevel: String, clamped: Bool, gfapContribution: Double, fastEdContribution: Double
        var description: String { "gfap=\(gfap) fastEd=\(fastEd)" }
    }
    struct BaselineCase: Decodable, Sendable, CustomStringConvertible {
        let age: Double, gfap: Double, valid: Bool, probability: Double?, riskLevel: String?
        var description: String { "age=\(age) gfap=\(gfap)" }
    }
    struct File<Case: Decodable & Sendable>: Decodable, Sendable { let tolerance: Double; let cases: [Case] }

    static let volume = (try? load("volume.json", as: File<VolumeCase>.self))?.cases ?? []
    static let lvo = (try? load("lvo.json", as: File<LVOCase>.self))?.cases ?? []
    static let baseline = (try? load("ich-baseline.json", as: File<BaselineCase>.self))?.cases ?? []
}
