import Foundation
import HexCodec
import StrokeModels

/// How urgently a receiving hospital should prepare for a case: `critical`,
/// `high`, `moderate` or `low` (raw values exactly as written).
///
/// The one rule both ends use (the CLI when it sends, the board when it shows
/// a verified case): the higher of the ICH and LVO probabilities' risk levels
/// (`RiskLevel`, models.md §4), with the models' `medium` named `moderate`:
///
/// | urgency | when (p = the higher of the ICH and LVO probabilities) |
/// | --- | --- |
/// | `critical` | p ≥ 0.70 |
/// | `high` | 0.50 ≤ p < 0.70 |
/// | `moderate` | 0.25 ≤ p < 0.50 |
/// | `low` | p < 0.25 |
///
/// A case with neither probability (no model applied) is `high`: an unknown
/// risk must not sort behind a low one (the safer choice).
public enum CaseUrgency: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case low, moderate, high, critical

    /// The urgency when no probability is available.
    public static let withoutProbability: CaseUrgency = .high

    /// The urgency of a case from its probabilities (fractions 0…1; nil when the model did not apply).
    public init(ich: Double?, lvo: Double?) {
        let levels = [ich, lvo].compactMap { $0 }.map(RiskLevel.init(probability:))
        guard let highest = levels.max() else {
            self = Self.withoutProbability
            return
        }
        self.init(highest)
    }

    /// The urgency that corresponds to one model risk level (`medium` → `moderate`).
    public init(_ level: RiskLevel) {
        switch level {
        case .low: self = .low
        case .medium: self = .moderate
        case .high: self = .high
        case .critical: self = .critical
        }
    }

    /// The urgency of an assessment as the CLI's `--json` writes it: reads
    /// `ich.probability` and `lvo.probability` (either may be null or absent).
    /// Nil when `caseJSON` is not a JSON object.
    public init?(caseJSON: Data) {
        struct Probabilities: Decodable {
            struct Prediction: Decodable { let probability: Double? }
            let ich: Prediction?
            let lvo: Prediction?
        }
        guard let read = try? JSONDecoder().decode(Probabilities.self, from: caseJSON) else { return nil }
        self.init(ich: read.ich?.probability, lvo: read.lvo?.probability)
    }

    /// Urgencies ordered from low to critical.
    public static func < (a: CaseUrgency, b: CaseUrgency) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Where a case stands at the relay: `inTransit`, `arrived`, `cancelled` or `archived`.
public enum CaseStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Sent and on the way (the state after `POST /v1/cases`).
    case inTransit
    /// The crew reported arrival.
    case arrived
    /// The crew cancelled the pre-notification.
    case cancelled
    /// The hospital archived it from its board.
    case archived
}

/// Identifiers that travel between devices, the relay and boards.
public enum CaseIdentifiers {
    /// True for a case id: exactly 32 lowercase hex digits (chosen by the device).
    public static func isValidCaseId(_ id: String) -> Bool {
        Hex.isHex(id, byteCount: 16, lowercaseOnly: true)
    }

    /// A fresh random case id (32 lowercase hex digits).
    public static func makeCaseId() -> String {
        Hex.random(byteCount: 16)
    }

    /// True for a hospital id (or device name): 1–64 characters of `A–Z a–z 0–9 . _ -`.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { $0 == 45 || $0 == 46 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }
}
