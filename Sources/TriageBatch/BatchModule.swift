import StrokeModels
import TriageRendering

/// What a batch scores: one of the triage modules (through the prediction
/// service and the triage rules) or one of the calculators (their own rules).
public enum BatchModule: String, CaseIterable, Sendable {
    /// The triage modules (ICH, LVO, volume through the prediction service).
    case coma, limited, full
    /// The calculators: LVO probability, bleed volume, the prehospital LVO scales.
    case lvo, volume, scales

    /// The triage branch, for the module batches.
    public var triageModule: TriageModule? {
        switch self {
        case .coma: return .coma
        case .limited: return .limited
        case .full: return .full
        case .lvo, .volume, .scales: return nil
        }
    }

    /// Every input the batch accepts, in the order the output repeats them.
    public var acceptedKeys: [InputKey] {
        switch self {
        case .lvo: return [.gfap, .fastEd]
        case .volume: return [.gfap]
        case .scales: return InputKey.scaleKeys
        case .coma, .limited, .full: return InputKey.assessmentKeys(for: triageModule!)
        }
    }

    /// The inputs every row must have: the module's required numbers, and GFAP (a research batch
    /// runs the models, which read it). Booleans default to false; glucose, onset and location are optional.
    public var requiredKeys: [InputKey] {
        switch self {
        case .lvo: return [.gfap, .fastEd]
        case .volume: return [.gfap]
        case .scales: return []
        case .coma, .limited, .full: return InputKey.keys(for: triageModule!).filter { $0.isRequired(in: triageModule!) || $0 == .gfap }
        }
    }

    /// The result columns appended to the input columns in CSV output.
    public var resultColumns: [String] {
        switch self {
        case .lvo:
            return ["probability", "risk_level", "lvo_likely", "fast_ed_used", "source", "model", "warnings", "error"]
        case .volume:
            return ["volume_ml", "volume_low_ml", "volume_high_ml", "severity", "mortality", "gfap_used",
                    "source", "model", "warnings", "error"]
        case .scales:
            return LVOScale.allCases.flatMap { $0 == .van ? ["van_positive"] : ["\($0.rawValue)_total", "\($0.rawValue)_lvo_suspected"] }
                + ["undetermined", "warnings", "error"]
        case .coma, .limited, .full:
            return ["ich_probability", "ich_risk_level", "ich_source", "ich_model", "ich_fallback_reason",
                    "lvo_probability", "lvo_risk_level", "lvo_source", "lvo_model", "lvo_fallback_reason",
                    "volume_ml", "volume_low_ml", "volume_high_ml", "volume_severity", "volume_mortality",
                    "volume_source", "volume_model", "warnings", "error"]
        }
    }
}

extension InputKey {
    /// A dense index 0..<allCases.count for the per-row value table (the catalogue's order).
    var ordinal: Int { Self.ordinals[self] ?? 0 }

    private static let ordinals = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}
