import AuditFormat
import CaseWire
import Crypto
import Foundation
import HTTPTransfer
import StrokeModels

/// The device's side of the relay's HTTP API (docs/prenotify.md): every
/// request signed like the collector's (`AuditFormat.RequestSignature`,
/// the audit log's Ed25519 key), bounded in time, never carrying patient data
/// in a URL or header.
public struct RelayClient: Sendable {
    /// Seconds to wait for the connection.
    public static let connectTimeout = 3.0
    /// Seconds for one whole request.
    public static let totalTimeout = 8.0

    /// The relay's base URL, without a trailing slash.
    public let relay: String
    /// This device's name at the relay.
    public let device: String
    /// The device's signing key.
    public let key: Curve25519.Signing.PrivateKey
    /// A PEM file of the private CA an https relay's certificate may chain to.
    public let caFile: String?
    /// The wall clock of the requests' signed timestamps.
    public let clock: WallClock

    /// A client of `relay` as `device`, signing with `key` (timestamps from `clock`), trusting `caFile`'s CA besides the system's.
    public init(relay: String, device: String, key: Curve25519.Signing.PrivateKey, caFile: String? = nil, clock: WallClock = .system) {
        self.relay = relay
        self.device = device
        self.key = key
        self.caFile = caFile
        self.clock = clock
    }

    /// The relay's public key for a hospital (`GET /v1/hospitals/{id}`).
    public func hospitalKey(_ hospitalId: String) async throws(NotifyError) -> String {
        try await hospital(hospitalId).publicKey
    }

    /// The relay's entry for a hospital (`GET /v1/hospitals/{id}`): its key and, when the relay
    /// was told, its stroke center in the dataset.
    public func hospital(_ hospitalId: String) async throws(NotifyError) -> HospitalKeyAnswer {
        let answer = try await send("GET", "/v1/hospitals/\(hospitalId)")
        guard answer.status == 200 else { throw Self.failure(answer, hospital: hospitalId) }
        guard let read = try? JSONDecoder().decode(HospitalKeyAnswer.self, from: answer.body) else {
            throw .refused("relay.badAnswer", status: answer.status)
        }
        return read
    }

    /// The hospitals the relay has registered for the dataset's stroke center `centerId` (`GET /v1/centers/{id}/hospitals`).
    public func hospitals(forCenter centerId: String) async throws(NotifyError) -> [String] {
        let answer = try await send("GET", "/v1/centers/\(centerId)/hospitals")
        guard answer.status == 200 else { throw Self.failure(answer, hospital: centerId) }
        guard let read = try? JSONDecoder().decode(CenterHospitalsAnswer.self, from: answer.body) else {
            throw .refused("relay.badAnswer", status: answer.status)
        }
        return read.hospitals
    }

    /// The board's receipt of one of this device's cases (`GET /v1/cases/{id}/receipt`), nil while none came.
    public func receipt(caseId: String) async throws(NotifyError) -> CaseReceipt? {
        let answer = try await send("GET", "/v1/cases/\(caseId)/receipt")
        guard answer.status == 200 else { throw Self.failure(answer, hospital: nil) }
        guard let read = try? JSONDecoder().decode(CaseReceiptAnswer.self, from: answer.body) else {
            throw .refused("relay.badAnswer", status: answer.status)
        }
        return read.receipt
    }

    /// Hands a sealed case to the relay (`POST /v1/cases`); 200 and 201 both mean accepted.
    public func postCase(_ body: String, hospitalId: String) async throws(NotifyError) {
        let answer = try await send("POST", "/v1/cases", body)
        guard answer.status == 200 || answer.status == 201 else { throw Self.failure(answer, hospital: hospitalId) }
    }

    /// A new ETA for one of this device's cases.
    public func postEta(caseId: String, minutes: Int) async throws(NotifyError) {
        let answer = try await send("POST", "/v1/cases/\(caseId)/eta", Self.body(EtaUpdateRequest(etaMinutes: minutes)))
        guard answer.status == 200 else { throw Self.failure(answer, hospital: nil) }
    }

    /// `arrived` or `cancelled` for one of this device's cases.
    public func postStatus(caseId: String, status: String) async throws(NotifyError) {
        guard let known = CaseStatus(rawValue: status) else { throw .refused("relay.statusInvalid", status: 400) }
        let answer = try await send("POST", "/v1/cases/\(caseId)/status", Self.body(StatusUpdateRequest(status: known)))
        guard answer.status == 200 else { throw Self.failure(answer, hospital: nil) }
    }

    private func send(_ method: String, _ path: String, _ body: String = "") async throws(NotifyError) -> TransferAnswer {
        let headers: [(String, String)]
        do {
            headers = try RequestSignature.sign(
                method: method, path: path, body: Data(body.utf8), device: device,
                timestampMs: clock.nowMs, nonce: RequestSignature.makeNonce(), key: key)
        } catch {
            throw .keysUnavailable(cause: "\(error)")
        }
        let answer: TransferAnswer
        do {
            answer = try await JSONTransfer.send(method: method, url: relay + path, body: body, headers: headers,
                                                 connectTimeout: Self.connectTimeout, totalTimeout: Self.totalTimeout, caFile: caFile)
        } catch {
            if let problem = error.certificateProblem { throw .certificateRefused(problem) }
            throw .unreachable(cause: error.detail ?? error.code)
        }
        // A relay that is up but failing is treated like one that is down: the request stays queued.
        if answer.status >= 500 || answer.status == 408 || answer.status == 429 {
            throw .unreachable(cause: "HTTP \(answer.status)")
        }
        return answer
    }

    /// A request body of the relay's wire types (CaseWire).
    private static func body(_ value: some Encodable) -> String {
        String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
    }

    /// The error for a refused request: the relay's code, or `hospitalUnknown` for its 404 `hospital.unknown`.
    private static func failure(_ answer: TransferAnswer, hospital: String?) -> NotifyError {
        let code = (try? JSONDecoder().decode(RefusalBody.self, from: answer.body))?.error.code ?? "http.\(answer.status)"
        if code == "hospital.unknown", let hospital { return .hospitalUnknown(hospital) }
        return .refused(String(code.prefix(64)), status: answer.status)
    }
}
