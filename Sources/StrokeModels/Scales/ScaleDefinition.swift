// How a scale is defined and scored: the scales, their rules and terms, a scored scale, and one set of findings scored on every scale.

/// The prehospital LVO scales besides FAST-ED. Each is a scale-based flag,
/// not a probability: the LVO probability stays the FAST-ED model's.
public enum LVOScale: String, Sendable, Hashable, Codable, CaseIterable {
    case race, lams, cpsss, pass, van

    /// The scale's items, rule and source.
    public var definition: ScaleDefinition {
        switch self {
        case .race: return RaceScale.definition
        case .lams: return LamsScale.definition
        case .cpsss: return CpsssScale.definition
        case .pass: return PassScale.definition
        case .van: return VanScale.definition
        }
    }
}

/// How a scale turns its items into a flag.
public enum ScaleRule: Sendable, Hashable {
    /// LVO is suspected when the weighted total is at least `threshold`.
    case totalAtLeast(Int)
    /// VAN: positive when `required` is present together with at least one of `anyOf`.
    case requiredPlusAny(required: ScaleItem, anyOf: [ScaleItem])
}

/// One item of a scale with the points one unit of it is worth (CPSSS gaze: 2).
public struct ScaleTerm: Sendable, Hashable {
    /// The finding.
    public let item: ScaleItem
    /// Points per unit of the item.
    public let weight: Int
}

/// A scale: its items in the order the exam asks them, its rule and its primary source.
public struct ScaleDefinition: Sendable, Hashable {
    /// Which scale.
    public let scale: LVOScale
    /// The items, in exam order.
    public let terms: [ScaleTerm]
    /// The published flag rule.
    public let rule: ScaleRule
    /// The primary source, as a citation.
    public let source: String
    /// Where the tool documents the scale.
    public let reference: String

    /// The items, in exam order.
    public var items: [ScaleItem] { terms.map(\.item) }

    /// The threshold of a total-based scale, `nil` for VAN.
    public var threshold: Int? {
        if case .totalAtLeast(let t) = rule { return t }
        return nil
    }

    /// The highest possible total of a total-based scale, `nil` for VAN.
    public var maximumTotal: Int? {
        threshold == nil ? nil : terms.reduce(0) { $0 + $1.weight * $1.item.maxPoints }
    }

    /// The items of this scale not among `findings`, in exam order.
    public func missing(from findings: [ScaleItem: Int]) -> [ScaleItem] {
        items.filter { findings[$0] == nil }
    }

    /// Scores the scale from the findings.
    /// - Throws: `ModelsError` naming every item that is missing or outside its points (0…max, whole).
    public func score(_ findings: [ScaleItem: Int]) throws(ModelsError) -> ScaleScore {
        var issues: [ValidationIssue] = []
        for item in items {
            guard let value = findings[item] else {
                issues.append(ValidationIssue(field: item.field, allowed: item.allowed, given: .nan))
                continue
            }
            if !item.allowed.contains(Double(value)) {
                issues.append(ValidationIssue(field: item.field, allowed: item.allowed, given: Double(value)))
            }
        }
        guard issues.isEmpty else { throw ModelsError(issues: issues) }
        let points = terms.map { ScaleScore.Points(item: $0.item, value: findings[$0.item]!, weight: $0.weight) }
        switch rule {
        case .totalAtLeast(let threshold):
            let total = points.reduce(0) { $0 + $1.points }
            return ScaleScore(definition: self, points: points, total: total, positive: total >= threshold)
        case .requiredPlusAny(let required, let anyOf):
            let positive = findings[required]! > 0 && anyOf.contains { findings[$0]! > 0 }
            return ScaleScore(definition: self, points: points, total: nil, positive: positive)
        }
    }
}

/// A scored scale: the points of each item, the total and the flag.
public struct ScaleScore: Sendable, Hashable {
    /// One item's value and its points.
    public struct Points: Sendable, Hashable {
        /// The finding.
        public let item: ScaleItem
        /// The value entered (0…max).
        public let value: Int
        /// Points per unit.
        public let weight: Int
        /// value × weight.
        public var points: Int { value * weight }
    }

    /// The scale's definition.
    public let definition: ScaleDefinition
    /// Every item, in exam order.
    public let points: [Points]
    /// The weighted total, `nil` for VAN (which has none).
    public let total: Int?
    /// Whether the scale flags a suspected LVO (VAN: VAN positive).
    public let positive: Bool

    /// Which scale.
    public var scale: LVOScale { definition.scale }
    /// Hedged remarks about this result (VAN without arm weakness, see `VanScale`).
    public var warnings: [ModelWarning] { scale == .van ? VanScale.warnings(self) : [] }
}

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
