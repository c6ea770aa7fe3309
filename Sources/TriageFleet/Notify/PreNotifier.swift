import CaseWire
import Crypto
import Foundation
import StrokeAudit
import StrokeJSON
import StrokeModels

/// Where a `PreNotifier` records its events (`notify.sent`, `notify.delivered`,
/// `notify.updated`): the front-end's audit trail. The payload holds ids, urgency,
/// ETA and delivery state only, never the case; a failure to record is the
/// recorder's to report (it never stops a notification).
public protocol PreNotificationRecorder: Sendable {
    /// Records one event; `inAssessment` when it belongs to the assessment just shown.
    func record(_ type: AuditEventType, payload: JSONValue, inAssessment: Bool) async
}

/// Creates, delivers and follows up this device's pre-notifications through
/// the queue: every change is written to the queue before the relay is asked,
/// so nothing is lost when the relay, the network or the process goes away,
/// and a retried case is the same bytes under the same case id (the relay
/// answers a repeat with 200, never a duplicate).
public struct PreNotifier: Sendable {
    /// Where the cases are kept.
    public let queue: NotifyQueue
    /// The device's signing key (the audit log's Ed25519 key).
    public let signingKey: Curve25519.Signing.PrivateKey
    /// Where send, delivery and update events are recorded.
    public let recorder: any PreNotificationRecorder
    /// A PEM file of the private CA an https relay's certificate may chain to (verification stays on).
    public let caFile: String?
    /// The wall clock of the cases' times, their retention and the signed requests.
    public let clock: WallClock

    /// A notifier keeping cases in `queue`, signing with `signingKey`, recording to `recorder`,
    /// trusting `caFile`'s CA besides the system's for the relay, reading the time from `clock`.
    public init(queue: NotifyQueue, signingKey: Curve25519.Signing.PrivateKey, recorder: any PreNotificationRecorder,
                caFile: String? = nil, clock: WallClock = .system) {
        self.queue = queue
        self.signingKey = signingKey
        self.recorder = recorder
        self.caFile = caFile
        self.clock = clock
    }

    /// What a new case carries besides the assessment.
    public struct Destination: Sendable, Equatable {
        /// The hospital's id at the relay.
        public let hospitalId: String
        /// Its name, when it is a known stroke center.
        public var name: String?
        /// Its location, when known.
        public var latitude: Double?
        /// Its location, when known.
        public var longitude: Double?
        /// The routed center whose registered hospital the relay could not be asked for yet (`hospitalId` is the center's).
        public var routedCenter: String?

        /// A destination; name and location when it is a known stroke center.
        public init(hospitalId: String, name: String? = nil, latitude: Double? = nil, longitude: Double? = nil) {
            self.hospitalId = hospitalId
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// Creates a case for `caseJSON` (sealed to the pinned key, else to the key the relay
    /// gives, else kept under the local queue key), then tries once to deliver it.
    /// - Returns: the case as kept, and the error when it is not delivered (queued or failed).
    /// - Throws: only when nothing could be kept (bad pinned key, unknown hospital, queue unwritable).
    public func send(caseJSON: Data, to destination: Destination, urgency: TriageUrgency, etaMinutes: Int?,
              settings: NotifySettings) async throws(NotifyError) -> (QueuedCase, NotifyError?) {
        let nowMs = clock.nowMs
        var entry = QueuedCase(
            caseId: CaseIdentifiers.makeCaseId(), hospitalId: destination.hospitalId, hospitalName: destination.name,
            hospitalLat: destination.latitude, hospitalLon: destination.longitude, relay: settings.relay,
            device: settings.device, urgency: urgency.rawValue, etaMinutes: etaMinutes, createdMs: nowMs)
        var firstError: NotifyError?
        entry.routedCenter = destination.routedCenter
        if destination.routedCenter != nil {
            // The hospital is looked up when the relay answers: kept under the local key until then.
            firstError = .unreachable(cause: nil)
            try keepLocally(&entry, caseJSON, error: firstError!)
        } else if let pinned = settings.pinnedKeys[destination.hospitalId] {
            guard let key = try? HospitalPublicKey(pinned) else { throw .badHospitalKey(destination.hospitalId) }
            entry.pinnedKey = key.description
            try seal(&entry, caseJSON, to: key)
        } else {
            do throws(NotifyError) {
                let text = try await client(entry).hospitalKey(destination.hospitalId)
                guard let key = try? HospitalPublicKey(text) else { throw NotifyError.refused("hospital.keyInvalid", status: 200) }
                try seal(&entry, caseJSON, to: key)
            } catch where error.isHospitalUnknown || error.isPermanent {
                throw error
            } catch {
                // Not known yet (relay unreachable, device not registered yet): kept under the local key.
                try keepLocally(&entry, caseJSON, error: error)
                firstError = error
            }
        }
        try queue.save(entry)
        var failure = firstError
        if firstError == nil { (entry, failure) = await deliver(entry) }
        await record(.notifySent, entry, extra: [("urgency", .string(entry.urgency)), ("etaMinutes", Self.number(entry.etaMinutes))],
               inAssessment: true)
        return (entry, failure)
    }

    /// Tries to deliver everything still pending of one case: the case, then the latest ETA, then the status.
    /// Each step is saved as soon as the relay accepts it.
    public func deliver(_ original: QueuedCase) async -> (QueuedCase, NotifyError?) {
        var entry = original
        let relay = client(entry)
        do throws(NotifyError) {
            if !entry.delivered {
                if let center = entry.routedCenter {
                    entry.hospitalId = try await Self.registeredHospital(center: center, relay: relay)
                    entry.routedCenter = nil
                    try queue.save(entry)
                }
                if entry.ciphertext == nil { try await sealFromQueue(&entry, relay) }
                if let pinned = entry.pinnedKey {
                    // A relay that names another key for the hospital is refused: it could be substituting its own.
                    let answer = try await relay.hospitalKey(entry.hospitalId)
                    guard (try? HospitalPublicKey(answer))?.description == pinned else { throw NotifyError.keyMismatch(entry.hospitalId) }
                }
                try await relay.postCase(try body(entry), hospitalId: entry.hospitalId)
                entry.delivered = true
                entry.deliveredMs = clock.nowMs
                try queue.save(entry)
            }
            if let eta = entry.pendingEta {
                try await relay.postEta(caseId: entry.caseId, minutes: eta)
                entry.currentEta = eta
                entry.pendingEta = nil
                try queue.save(entry)
            }
            if let status = entry.pendingStatus {
                try await relay.postStatus(caseId: entry.caseId, status: status)
                entry.pendingStatus = nil
            }
            entry.lastError = nil
            try queue.save(entry)
            return (entry, nil)
        } catch {
            entry.lastError = error.code
            entry.attempts += 1
            if error.isPermanent { entry.failed = true }
            try? queue.save(entry)
            return (entry, error)
        }
    }

    /// Delivers every case with something pending; records `notify.delivered` for each that got through.
    public func flush() async throws(NotifyError) -> [(QueuedCase, NotifyError?)] {
        var results: [(QueuedCase, NotifyError?)] = []
        for entry in try queue.all(nowMs: clock.nowMs) where entry.hasPending {
            let (after, error) = await deliver(entry)
            if error == nil { await record(.notifyDelivered, after, extra: [], inAssessment: false) }
            results.append((after, error))
        }
        return results
    }

    /// Records a follow-up (new ETA, arrived, cancelled) and tries to deliver it.
    public func update(_ caseId: String, eta: Int? = nil, status: CaseStatus? = nil) async throws(NotifyError) -> (QueuedCase, NotifyError?) {
        var entry = try queue.entry(caseId, nowMs: clock.nowMs)
        if let eta { entry.pendingEta = eta }
        if let status {
            entry.status = status.rawValue
            entry.pendingStatus = status.rawValue
        }
        try queue.save(entry)
        let (after, error) = await deliver(entry)
        var extra: [(String, JSONValue)] = [("change", .string(status?.rawValue ?? "eta"))]
        if let eta { extra.append(("etaMinutes", .integer(eta))) }
        await record(.notifyUpdated, after, extra: extra, inAssessment: false)
        return (after, error)
    }

    /// The stroke center the relay ties `hospitalId` to (`add-hospital --center`), asked once within the
    /// relay client's timeouts; nil when the relay cannot be reached or names none.
    public func relayCenter(of hospitalId: String, settings: NotifySettings) async -> String? {
        let relay = RelayClient(relay: settings.relay, device: settings.device, key: signingKey, caFile: caFile, clock: clock)
        return try? await relay.hospital(hospitalId).centerId
    }

    // MARK: - Helpers

    private func client(_ entry: QueuedCase) -> RelayClient {
        RelayClient(relay: entry.relay, device: entry.device, key: signingKey, caFile: caFile, clock: clock)
    }

    private func seal(_ entry: inout QueuedCase, _ caseJSON: Data, to key: HospitalPublicKey) throws(NotifyError) {
        do {
            let sealed = try SealedCase.seal(caseJSON: caseJSON, caseId: entry.caseId, hospitalId: entry.hospitalId,
                                             device: entry.device, signingKey: signingKey, to: key, sentMs: entry.createdMs)
            entry.encapsulatedKey = sealed.encapsulatedKey.base64EncodedString()
            entry.ciphertext = sealed.ciphertext.base64EncodedString()
            entry.localSealed = nil
        } catch {
            throw .notSealed(cause: error.code)
        }
    }

    /// Seals a case kept under the local key to the key the relay now gives for its hospital.
    /// Keeps the case under the local queue key until the hospital's key is known.
    private func keepLocally(_ entry: inout QueuedCase, _ caseJSON: Data, error: NotifyError) throws(NotifyError) {
        let sealed = try? AES.GCM.seal(caseJSON, using: try queue.localKey(), authenticating: Data(entry.caseId.utf8))
        guard let combined = sealed?.combined else { throw .notSealed(cause: "AES-GCM") }
        entry.localSealed = combined.base64EncodedString()
        entry.lastError = error.code
        entry.attempts = 1
    }

    private func sealFromQueue(_ entry: inout QueuedCase, _ relay: RelayClient) async throws(NotifyError) {
        let text = try await relay.hospitalKey(entry.hospitalId)
        guard let key = try? HospitalPublicKey(text) else { throw .refused("hospital.keyInvalid", status: 200) }
        guard let local = entry.localSealed.flatMap({ Data(base64Encoded: $0) }),
              let box = try? AES.GCM.SealedBox(combined: local),
              let caseJSON = try? AES.GCM.open(box, using: try queue.localKey(), authenticating: Data(entry.caseId.utf8))
        else { throw .notSealed(cause: "local queue key") }
        try seal(&entry, caseJSON, to: key)
        try queue.save(entry)
    }

    /// The `POST /v1/cases` body, byte-identical on every retry.
    private func body(_ entry: QueuedCase) throws(NotifyError) -> String {
        guard let urgency = TriageUrgency(stored: entry.urgency),
              let encapsulated = entry.encapsulatedKey.flatMap({ Data(base64Encoded: $0) }),
              let ciphertext = entry.ciphertext.flatMap({ Data(base64Encoded: $0) }) else { throw .notSealed(cause: "queue entry") }
        let request = CaseCreateRequest(caseId: entry.caseId, hospitalId: entry.hospitalId, urgency: urgency,
                                        etaMinutes: entry.etaMinutes,
                                        sealed: SealedCase(encapsulatedKey: encapsulated, ciphertext: ciphertext))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(request) else { throw .notSealed(cause: "encode") }
        return String(decoding: data, as: UTF8.self)
    }

    private func record(_ type: AuditEventType, _ entry: QueuedCase, extra: [(String, JSONValue)], inAssessment: Bool) async {
        let payload = JSONValue.object([
            ("caseId", .string(entry.caseId)), ("hospitalId", .string(entry.hospitalId)), ("relay", .string(entry.relay)),
        ] + extra + [("delivery", .string(entry.delivery))])
        await recorder.record(type, payload: payload, inAssessment: inAssessment)
    }

    private static func number(_ value: Int?) -> JSONValue { value.map { .integer($0) } ?? .null }
}
