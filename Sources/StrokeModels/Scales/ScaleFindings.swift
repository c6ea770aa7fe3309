/// One set of exam findings scored on every scale it determines.
public struct ScaleReport: Sendable, Hashable {
    /// A scale the findings do not determine, with the items it still needs.
    public struct Undetermined: Sendable, Hashable {
        /// The scale.
        public let scale: LVOScale
        /// Its items not among the findings, in exam order.
        public let missing: [ScaleItem]
    }

    /// The scales whose items were all given, in `LVOScale` order.
    public let scored: [ScaleScore]
    /// The other scales, in `LVOScale` order.
    public let undetermined: [Undetermined]

    /// Scores every scale in `scales` that `findings` determine; shared items
    /// (gaze deviation, arm weakness) count for every scale that uses them.
    /// - Throws: `ModelsError` naming every given item outside its points.
    public init(findings: [ScaleItem: Int], scales: [LVOScale] = LVOScale.allCases) throws(ModelsError) {
        let issues = ScaleItem.allCases.compactMap { item -> ValidationIssue? in
            guard let value = findings[item], !item.allowed.contains(Double(value)) else { return nil }
            return ValidationIssue(field: item.field, allowed: item.allowed, given: Double(value))
        }
        guard issues.isEmpty else { throw ModelsError(issues: issues) }
        var scored: [ScaleScore] = []
        var undetermined: [Undetermined] = []
        for scale in LVOScale.allCases where scales.contains(scale) {
            let missing = scale.definition.missing(from: findings)
            if missing.isEmpty {
                scored.append(try scale.definition.score(findings))
            } else {
                undetermined.append(Undetermined(scale: scale, missing: missing))
            }
        }
        self.scored = scored
        self.undetermined = undetermined
    }

    /// The items the given scales ask, each once, in the order of the first scale that asks it.
    public static func items(for scales: [LVOScale]) -> [ScaleItem] {
        var seen = Set<ScaleItem>()
        return LVOScale.allCases.filter(scales.contains).flatMap(\.definition.items).filter { seen.insert($0).inserted }
    }
}
