import Foundation
import StrokeModels

/// The relay's routes (PRENOTIFY.md §2, §5); the paths are also what requests sign.
public enum RelayPaths {
    /// `POST`: a device sends a sealed case.
    public static let cases = "/v1/cases"
    /// `GET`: a hospital lists its cases.
    public static let hospitalCases = "/v1/hospital/cases"

    /// `POST`: a device updates a case's ETA.
    public static func eta(caseId: String) -> String { "/v1/cases/\(caseId)/eta" }
    /// `POST`: a device reports arrival or cancels.
    public static func status(caseId: String) -> String { "/v1/cases/\(caseId)/status" }
    /// `POST`: a hospital archives a case.
    public static func archive(caseId: String) -> String { "/v1/hospital/cases/\(caseId)/archive" }
    /// `GET`: a device fetches a hospital's public key.
    public static func hospital(_ hospitalId: String) -> String { "/v1/hospitals/\(hospitalId)" }
}

/// The body of `POST /v1/cases`: the sealed case and its plaintext metadata.
public struct CaseCreateRequest: Codable, Sendable, Hashable {
    /// 32 lowercase hex digits chosen by the device.
    public let caseId: String
    /// The receiving hospital.
    public let hospitalId: String
    /// The urgency of the case's `decision` (`TriageUrgency`).
    public let urgency: TriageUrgency
    /// Minutes to arrival, when known.
    public let etaMinutes: Int?
    /// HPKE's encapsulated key (base64 in JSON).
    public let encapsulatedKey: Data
    /// The sealed envelope (base64 in JSON).
    public let ciphertext: Data

    /// Creates a request from a sealed case and its metadata.
    public init(caseId: String, hospitalId: String, urgency: TriageUrgency, etaMinutes: Int?, sealed: SealedCase) {
        self.caseId = caseId
        self.hospitalId = hospitalId
        self.urgency = urgency
        self.etaMinutes = etaMinutes
        self.encapsulatedKey = sealed.encapsulatedKey
        self.ciphertext = sealed.ciphertext
    }

    private enum CodingKeys: String, CodingKey { case caseId, hospitalId, urgency, etaMinutes, encapsulatedKey, ciphertext }

    /// Writes every key, `etaMinutes` as null when unknown.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(caseId, forKey: .caseId)
        try c.encode(hospitalId, forKey: .hospitalId)
        try c.encode(urgency, forKey: .urgency)
        try c.encode(etaMinutes, forKey: .etaMinutes)
        try c.encode(encapsulatedKey, forKey: .encapsulatedKey)
        try c.encode(ciphertext, forKey: .ciphertext)
    }
}

/// The relay's answer about one case (to create, ETA and status requests).
public struct CaseStatusAnswer: Codable, Sendable, Hashable {
    /// The case.
    public let caseId: String
    /// Its status.
    public let status: CaseStatus

    /// Creates an answer.
    public init(caseId: String, status: CaseStatus) {
        self.caseId = caseId
        self.status = status
    }
}

/// The body of `POST /v1/cases/{caseId}/eta`.
public struct EtaUpdateRequest: Codable, Sendable, Hashable {
    /// Minutes to arrival from now (`allowedMinutes`).
    public let etaMinutes: Int

    /// The ETAs a case may carry, whole minutes: up to a day, the longest drive time accepted
    /// (`OutcomeModel.maximumMinutes`; the relay refuses others, the CLI's flags too).
    public static let allowedMinutes = 0...Int(OutcomeModel.maximumMinutes)

    /// Creates an update.
    public init(etaMinutes: Int) { self.etaMinutes = etaMinutes }
}

/// The body of `POST /v1/cases/{caseId}/status`: `arrived` or `cancelled`.
public struct StatusUpdateRequest: Codable, Sendable, Hashable {
    /// The new status (a device may set only `arrived` or `cancelled`).
    public let status: CaseStatus

    /// Creates an update.
    public init(status: CaseStatus) { self.status = status }
}

/// One case as the relay lists it to its hospital (`GET /v1/hospital/cases`).
public struct HospitalCase: Codable, Sendable, Hashable {
    /// The case id.
    public let caseId: String
    /// The registered device that sent it (authenticated by the relay).
    public let device: String
    /// That device's registered raw Ed25519 key (base64 in JSON), nil when the device was removed since.
    public let devicePublicKey: Data?
    /// The urgency the device declared (plaintext metadata; the board recomputes it from the verified case).
    public let urgency: TriageUrgency
    /// Minutes to arrival as of `etaUpdatedMs`, when known.
    public let etaMinutes: Int?
    /// When the ETA was last set, ms since 1970 UTC.
    public let etaUpdatedMs: Int64?
    /// Where the case stands.
    public let status: CaseStatus
    /// When the relay received it.
    public let createdMs: Int64
    /// When it last changed.
    public let updatedMs: Int64
    /// HPKE's encapsulated key.
    public let encapsulatedKey: Data
    /// The sealed envelope.
    public let ciphertext: Data

    /// Creates a listed case.
    public init(caseId: String, device: String, devicePublicKey: Data?, urgency: TriageUrgency, etaMinutes: Int?,
                etaUpdatedMs: Int64?, status: CaseStatus, createdMs: Int64, updatedMs: Int64, encapsulatedKey: Data,
                ciphertext: Data) {
        self.caseId = caseId
        self.device = device
        self.devicePublicKey = devicePublicKey
        self.urgency = urgency
        self.etaMinutes = etaMinutes
        self.etaUpdatedMs = etaUpdatedMs
        self.status = status
        self.createdMs = createdMs
        self.updatedMs = updatedMs
        self.encapsulatedKey = encapsulatedKey
        self.ciphertext = ciphertext
    }

    private enum CodingKeys: String, CodingKey {
        case caseId, device, devicePublicKey, urgency, etaMinutes, etaUpdatedMs, status, createdMs, updatedMs,
             encapsulatedKey, ciphertext
    }

    /// Writes every key; unknown values as null.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(caseId, forKey: .caseId)
        try c.encode(device, forKey: .device)
        try c.encode(devicePublicKey, forKey: .devicePublicKey)
        try c.encode(urgency, forKey: .urgency)
        try c.encode(etaMinutes, forKey: .etaMinutes)
        try c.encode(etaUpdatedMs, forKey: .etaUpdatedMs)
        try c.encode(status, forKey: .status)
        try c.encode(createdMs, forKey: .createdMs)
        try c.encode(updatedMs, forKey: .updatedMs)
        try c.encode(encapsulatedKey, forKey: .encapsulatedKey)
        try c.encode(ciphertext, forKey: .ciphertext)
    }

    /// The sealed parts.
    public var sealed: SealedCase { SealedCase(encapsulatedKey: encapsulatedKey, ciphertext: ciphertext) }
}

/// The body of `GET /v1/hospital/cases`: this hospital's unexpired cases, sorted by case id.
public struct HospitalCaseList: Codable, Sendable, Hashable {
    /// The cases.
    public let cases: [HospitalCase]

    /// Creates a list.
    public init(cases: [HospitalCase]) { self.cases = cases }
}

/// The body of `GET /v1/hospitals/{hospitalId}`.
public struct HospitalKeyAnswer: Codable, Sendable, Hashable {
    /// The hospital.
    public let hospitalId: String
    /// Its `sthk1.…` key.
    public let publicKey: String
    /// The stroke center of the dataset it is, when the relay was told (`add-hospital --center`);
    /// absent otherwise. The device computes the ETA to that center.
    public let centerId: String?

    /// Creates an answer.
    public init(hospitalId: String, publicKey: String, centerId: String? = nil) {
        self.hospitalId = hospitalId
        self.publicKey = publicKey
        self.centerId = centerId
    }
}

/// `GET /v1/centers/{id}/hospitals`: the relay's hospitals registered for a stroke center of the dataset.
public struct CenterHospitalsAnswer: Codable, Sendable, Hashable {
    /// The center asked about.
    public let centerId: String
    /// The ids of the hospitals registered for it (`add-hospital --center`, or under its own id), sorted.
    public let hospitals: [String]

    /// Creates an answer.
    public init(centerId: String, hospitals: [String]) {
        self.centerId = centerId
        self.hospitals = hospitals
    }
}

/// What a hospital's board did with a case (issue 45): shown on the wall (valid), or refused with its
/// verdict's code (`contentInvalid`, `signatureInvalid`, …). The board sends it (`POST
/// /v1/hospital/cases/{id}/receipt`); the sending device reads it (`GET /v1/cases/{id}/receipt`).
public struct CaseReceipt: Codable, Sendable, Hashable {
    /// Shown or refused.
    public enum State: String, Codable, Sendable, Hashable {
        case shown, refused
    }

    /// Shown or refused.
    public let state: State
    /// The board's verdict code when refused (at most 64 characters), nil when shown.
    public let code: String?
    /// When the relay recorded it (ms since 1970), nil in the board's request.
    public let atMs: Int64?

    /// Creates a receipt.
    public init(state: State, code: String? = nil, atMs: Int64? = nil) {
        self.state = state
        self.code = code
        self.atMs = atMs
    }
}

/// `GET /v1/cases/{caseId}/receipt`: the board's receipt of a device's own case, nil while none came.
public struct CaseReceiptAnswer: Codable, Sendable, Hashable {
    /// The case.
    public let caseId: String
    /// The board's receipt, when there is one.
    public let receipt: CaseReceipt?

    /// Creates an answer.
    public init(caseId: String, receipt: CaseReceipt?) {
        self.caseId = caseId
        self.receipt = receipt
    }
}
