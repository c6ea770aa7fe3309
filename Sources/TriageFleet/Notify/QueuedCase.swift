import CaseWire
/// One pre-notification as this device keeps it, from sending until 48 hours
/// later: only metadata and ciphertext, never the case in plaintext.
///
/// `ciphertext`/`encapsulatedKey` hold the case sealed to the hospital (HPKE).
/// While the hospital's key is not known yet (relay unreachable, no pinned
/// key) the case waits in `localSealed` instead: AES-GCM under the queue key
/// in the state directory (0600), sealed to the hospital at the next flush.
public struct QueuedCase: Codable, Sendable, Hashable {
    /// 32 lowercase hex digits, chosen by this device; the relay's idempotency key.
    public let caseId: String
    /// The hospital's id at the relay (the routed center's id while `routedCenter` is still to be looked up).
    public internal(set) var hospitalId: String
    /// What the hospital's board did with the case, once the relay has its receipt (issue 45).
    public var receipt: CaseReceipt?
    /// The routed stroke center whose registered hospital is still to be looked up at the relay
    /// (`--notify destination` while the relay was unreachable); delivery looks it up first.
    public var routedCenter: String?
    /// The hospital's display name when it is a known stroke center.
    public var hospitalName: String?
    /// The hospital's location when known (for `notify update --lat --lon`).
    public var hospitalLat: Double?
    /// The hospital's location when known.
    public var hospitalLon: Double?
    /// The relay's base URL at the time of sending.
    public let relay: String
    /// This device's name at the relay.
    public let device: String
    /// `critical`, `high`, `moderate` or `low` (CaseWire's thresholds).
    public let urgency: String
    /// The ETA sent with the case, minutes.
    public let etaMinutes: Int?
    /// When the case was created (ms since 1970, UTC).
    public let createdMs: Int64
    /// The pinned hospital key it was sealed to, if one was pinned (checked against the relay).
    public var pinnedKey: String?
    /// HPKE encapsulated key (base64), once sealed to the hospital.
    public var encapsulatedKey: String?
    /// HPKE ciphertext (base64), once sealed to the hospital.
    public var ciphertext: String?
    /// The case under the local queue key (base64 AES-GCM combined), until sealed to the hospital.
    public var localSealed: String?
    /// True once the relay accepted the case.
    public var delivered = false
    /// When the relay accepted the case.
    public var deliveredMs: Int64?
    /// `inTransit`, `arrived` or `cancelled`, as last asked by the crew.
    public var status = "inTransit"
    /// The latest ETA the crew gave, when the relay has not acknowledged it yet.
    public var pendingEta: Int?
    /// The latest ETA acknowledged by the relay (after the one sent with the case).
    public var currentEta: Int?
    /// `arrived` or `cancelled` when the relay has not acknowledged it yet.
    public var pendingStatus: String?
    /// The last failure's code (`notify.*`, e.g. `notify.unreachable`), cleared by success.
    public var lastError: String?
    /// True when the relay refused the case for good (e.g. `case.conflict`): never retried.
    public var failed = false
    /// Delivery attempts so far.
    public var attempts = 0

    /// A new case, not yet sealed or delivered.
    public init(caseId: String, hospitalId: String, hospitalName: String? = nil, hospitalLat: Double? = nil,
                hospitalLon: Double? = nil, relay: String, device: String, urgency: String, etaMinutes: Int?,
                createdMs: Int64) {
        self.caseId = caseId
        self.hospitalId = hospitalId
        self.hospitalName = hospitalName
        self.hospitalLat = hospitalLat
        self.hospitalLon = hospitalLon
        self.relay = relay
        self.device = device
        self.urgency = urgency
        self.etaMinutes = etaMinutes
        self.createdMs = createdMs
    }

    /// True while anything of this case still has to reach the relay.
    public var hasPending: Bool { !failed && (!delivered || pendingEta != nil || pendingStatus != nil) }

    /// The ETA the hospital should see (the latest given).
    public var latestEta: Int? { pendingEta ?? currentEta ?? etaMinutes }

    /// `delivered`, `notYetDelivered` (queued, retried) or `failed` (refused for good by the relay).
    public var delivery: String {
        if failed { return "failed" }
        return hasPending ? "notYetDelivered" : "delivered"
    }
}
