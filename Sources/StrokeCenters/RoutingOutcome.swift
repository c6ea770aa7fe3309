import StrokeModels

/// Whether a dataset covers an origin: the nearest center of any kind lies within
/// `RoutingPolicy.coverageKm` (inside) or beyond it (outside).
public enum Coverage: String, Sendable, Hashable {
    /// The nearest center is at most the coverage distance away: a destination is suggested.
    case inside
    /// Every center is farther than the coverage distance: no destination is suggested.
    case outside
}

/// What routing has to say: a destination inside the dataset's coverage, or,
/// outside it, no destination at all.
///
/// Outside coverage the dataset evidently does not list the centers near the
/// patient, so any destination, urgency or drip-and-ship arithmetic derived from
/// it would mislead: local protocol applies, and the nearest listed centers are
/// given as information only.
public enum RoutingOutcome: Sendable, Hashable {
    /// Inside coverage: the routing decision.
    case inside(RoutingDecision)
    /// Outside coverage: no destination.
    case outside(OutsideCoverage)

    /// `.inside` or `.outside`.
    public var coverage: Coverage {
        switch self {
        case .inside: return .inside
        case .outside: return .outside
        }
    }

    /// The decision, inside coverage; `nil` outside.
    public var decision: RoutingDecision? {
        if case .inside(let d) = self { return d }
        return nil
    }
}

/// An origin beyond the coverage distance of every center in the dataset.
public struct OutsideCoverage: Sendable, Hashable {
    /// The nearest centers of any kind, closest first: information only, never a suggestion.
    public let nearest: [RankedCenter]
    /// The coverage distance that was exceeded (km).
    public let coverageKm: Double
    /// Hedged, localizable statements: the dataset does not cover the origin; local protocol applies.
    public let reasons: [Message]
    /// The coverage warning (`centers.warning.notCovered`), as `centers` shows it.
    public let warnings: [Message]

    /// Creates the outcome for an origin outside coverage.
    public init(nearest: [RankedCenter], coverageKm: Double, reasons: [Message], warnings: [Message]) {
        self.nearest = nearest
        self.coverageKm = coverageKm
        self.reasons = reasons
        self.warnings = warnings
    }
}
