import Foundation
import StrokeJSON
import StrokeModels

/// How urgently a receiving hospital should prepare for a case is the decision's one
/// urgency type (`TriageUrgency`, docs/clinical-reference.md §12): the device sends the
/// urgency of its `decision`; the board shows the urgency of the verified case's `decision`.
extension TriageUrgency {
    /// The urgency a case JSON (the module's `--json` object) decided: its
    /// `decision.urgency`. Nil when `caseJSON` is not a JSON object or holds no
    /// known `decision.urgency`.
    public init?(caseJSON: Data) {
        struct Case: Decodable {
            struct Decision: Decodable { let urgency: String }
            let decision: Decision?
        }
        guard let read = try? JSONDecoder().decode(Case.self, from: caseJSON),
              let raw = read.decision?.urgency, let urgency = TriageUrgency(rawValue: raw) else { return nil }
        self = urgency
    }

    /// An urgency as stored by any version: today's names, or the names of cases queued
    /// before the one vocabulary (`critical` → `immediate`, `high` → `urgent`,
    /// `moderate` → `timeCritical`, `low` → `standard`, as the relay's migration 2 maps them).
    public init?(stored: String) {
        switch stored {
        case "critical": self = .immediate
        case "high": self = .urgent
        case "moderate": self = .timeCritical
        case "low": self = .standard
        default: self.init(rawValue: stored)
        }
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
