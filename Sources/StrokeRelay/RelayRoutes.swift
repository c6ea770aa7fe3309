import AuditFormat
import CaseWire
import Foundation
import HTTPServerKit
import HTTPTypes
import Hummingbird
import Logging
import StrokeJSON

/// The relay's HTTP routes (docs/prenotify.md): signed device routes to send
/// and follow up cases and fetch a hospital's key, signed hospital routes to
/// list and archive its cases, `GET /healthz` and `GET /metrics`.
///
/// A device reaches only its own cases and a hospital only its own: anyone
/// else's case answers 404 `case.unknown`, exactly like a missing one. Logs
/// carry the route, the sender, the case id and the outcome, never a body.
public struct RelayRoutes: Sendable {
    let configuration: RelayConfiguration
    let store: RelayStore
    let metrics: RelayMetrics
    let logger: Logger

    /// Creates the routes.
    public init(configuration: RelayConfiguration, store: RelayStore, metrics: RelayMetrics, logger: Logger) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics
        self.logger = logger
    }

    /// Who must sign a route.
    enum Signer { case device, hospital }

    /// A router holding every route.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        ServerResponses.addServiceRoutes(to: router, logger: logger, ping: { [store] in try await store.ping() },
                                    metrics: { [metrics] in metrics.render() })
        router.post(RouterPath(stringLiteral: RelayPaths.cases)) { request, _ in
            await signed(request, by: .device, route: "case.create") { principal, body, now in
                try await create(body, principal: principal, nowMs: now)
            }
        }
        router.post("/v1/cases/:caseId/eta") { request, context in
            await signed(request, by: .device, route: "case.eta") { principal, body, now in
                let id = try Self.caseId(context)
                guard case .device(let device, _) = principal, JSONValue.hasNoDuplicateMembers(body),
                      let update = try? JSONDecoder().decode(EtaUpdateRequest.self, from: body),
                      EtaUpdateRequest.allowedMinutes.contains(update.etaMinutes) else { throw RelayRefusal.malformed }
                let answer = try await store.updateETA(caseId: id, deviceId: device, etaMinutes: update.etaMinutes,
                                                       nowMs: now, ttlMs: configuration.caseTTLMs)
                log("case eta updated", principal, caseId: id)
                return ServerResponses.json(answer, status: .ok)
            }
        }
        router.post("/v1/cases/:caseId/status") { request, context in
            await signed(request, by: .device, route: "case.status") { principal, body, now in
                let id = try Self.caseId(context)
                guard case .device(let device, _) = principal, JSONValue.hasNoDuplicateMembers(body),
                      let update = try? JSONDecoder().decode(StatusUpdateRequest.self, from: body) else { throw RelayRefusal.malformed }
                let answer = try await store.updateStatus(caseId: id, deviceId: device, to: update.status, nowMs: now,
                                                          ttlMs: configuration.caseTTLMs)
                log("case status updated", principal, caseId: id, ["status": "\(answer.status.rawValue)"])
                return ServerResponses.json(answer, status: .ok)
            }
        }
        router.get("/v1/hospitals/:hospitalId") { request, context in
            await signed(request, by: .device, route: "hospital.key") { principal, _, _ in
                guard let id = context.parameters.get("hospitalId"), CaseIdentifiers.isValidName(id) else {
                    throw RelayRefusal.malformed
                }
                guard let hospital = try await store.hospital(id) else { throw RelayRefusal.hospitalUnknown }
                log("hospital key served", principal, caseId: nil, ["hospital": "\(id)"])
                return ServerResponses.json(HospitalKeyAnswer(hospitalId: id, publicKey: hospital.publicKey.description,
                                                                   centerId: hospital.centerId), status: .ok)
            }
        }
        // The hospitals registered for a routed stroke center (`notify --notify destination`, issue 45).
        router.get("/v1/centers/:centerId/hospitals") { request, context in
            await signed(request, by: .device, route: "center.hospitals") { principal, _, _ in
                guard let center = context.parameters.get("centerId"), !center.isEmpty, center.utf8.count <= 128,
                      CaseIdentifiers.isValidName(center) else { throw RelayRefusal.malformed }
                let ids = try await store.hospitals(forCenter: center)
                log("center hospitals served", principal, caseId: nil, ["center": "\(center)", "count": "\(ids.count)"])
                return ServerResponses.json(CenterHospitalsAnswer(centerId: center, hospitals: ids), status: .ok)
            }
        }
        router.get(RouterPath(stringLiteral: RelayPaths.hospitalCases)) { request, _ in
            await signed(request, by: .hospital, route: "hospital.cases") { principal, _, now in
                guard case .hospital(let id) = principal else { throw RelayRefusal.malformed }
                let cases = try await store.cases(hospitalId: id, nowMs: now, ttlMs: configuration.caseTTLMs)
                logger.debug("cases listed", metadata: ["hospital": "\(id)", "count": "\(cases.count)"])
                return ServerResponses.json(HospitalCaseList(cases: cases), status: .ok)
            }
        }
        // The board's receipt (issue 45), and the sending device's read of it.
        router.post("/v1/hospital/cases/:caseId/receipt") { request, context in
            await signed(request, by: .hospital, route: "case.receipt") { principal, body, now in
                let id = try Self.caseId(context)
                guard case .hospital(let hospital) = principal, JSONValue.hasNoDuplicateMembers(body),
                      let receipt = try? JSONDecoder().decode(CaseReceipt.self, from: body),
                      receipt.code.map({ !$0.isEmpty && $0.utf8.count <= 64 && CaseIdentifiers.isValidName($0) }) ?? true
                else { throw RelayRefusal.malformed }
                try await store.recordReceipt(caseId: id, hospitalId: hospital, receipt, nowMs: now, ttlMs: configuration.caseTTLMs)
                log("case receipt recorded", principal, caseId: id, ["receipt": "\(receipt.state.rawValue)"])
                return ServerResponses.json(CaseReceiptAnswer(caseId: id, receipt: receipt), status: .ok)
            }
        }
        router.get("/v1/cases/:caseId/receipt") { request, context in
            await signed(request, by: .device, route: "case.receipt.read") { principal, _, now in
                let id = try Self.caseId(context)
                guard case .device(let device, _) = principal else { throw RelayRefusal.malformed }
                let receipt = try await store.receipt(caseId: id, deviceId: device, nowMs: now, ttlMs: configuration.caseTTLMs)
                return ServerResponses.json(CaseReceiptAnswer(caseId: id, receipt: receipt), status: .ok)
            }
        }
        router.post("/v1/hospital/cases/:caseId/archive") { request, context in
            await signed(request, by: .hospital, route: "case.archive") { principal, _, now in
                let id = try Self.caseId(context)
                guard case .hospital(let hospital) = principal else { throw RelayRefusal.malformed }
                let answer = try await store.archive(caseId: id, hospitalId: hospital, nowMs: now, ttlMs: configuration.caseTTLMs)
                log("case archived", principal, caseId: id)
                return ServerResponses.json(answer, status: .ok)
            }
        }
        return router
    }

    /// `POST /v1/cases`: validates the body and stores the case (201), or recognises a retried send (200).
    func create(_ body: Data, principal: RelayPrincipal, nowMs: Int64) async throws -> Response {
        // A repeated member is malformed (issue 34): JSONDecoder would keep one of the two silently.
        guard case .device(let device, _) = principal, JSONValue.hasNoDuplicateMembers(body),
              let request = try? JSONDecoder().decode(CaseCreateRequest.self, from: body),
              CaseIdentifiers.isValidCaseId(request.caseId), CaseIdentifiers.isValidName(request.hospitalId),
              request.etaMinutes.map({ EtaUpdateRequest.allowedMinutes.contains($0) }) ?? true,
              request.encapsulatedKey.count == 32, !request.ciphertext.isEmpty else { throw RelayRefusal.malformed }
        let (answer, created) = try await store.createCase(request, deviceId: device, nowMs: nowMs, ttlMs: configuration.caseTTLMs)
        if created { metrics.recordCreated() }
        log(created ? "case created" : "case re-sent", principal, caseId: request.caseId, ["hospital": "\(request.hospitalId)"])
        return ServerResponses.json(answer, status: created ? .created : .ok)
    }

    /// Reads the body within the limit, authenticates the signer, runs `handle`; every failure becomes an answer.
    func signed(_ request: Request, by signer: Signer, route: String,
                _ handle: (RelayPrincipal, Data, Int64) async throws -> Response) async -> Response {
        let start = ContinuousClock.now
        defer { metrics.recordLatency(start.duration(to: .now)) }
        let nameHeader = signer == .device ? RequestSignature.deviceHeader : HospitalRequestSignature.hospitalHeader
        let claimed = SignedRequest.claimedSender(request, nameHeader: nameHeader)
        do {
            let signed: SignedRequest
            do throws(SignedRequestRefusal) {
                signed = try await SignedRequest.read(request, nameHeader: nameHeader, maxBodyBytes: configuration.maxBodyBytes)
            } catch {
                // An unreadable body is no refusal: the connection failed (answered 503 below).
                if error.reason == .bodyUnreadable { throw BodyUnreadable(cause: error.cause ?? error.detail) }
                throw RelayRefusal(error)
            }
            let (signature, body, nowMs) = (signed.signature, signed.body, configuration.clock.nowMs)
            let (method, path, window) = (request.method.rawValue, request.head.path ?? "", configuration.requestWindowSeconds)
            let principal = switch signer {
            case .device: try await store.authenticateDevice(signature, method: method, path: path, body: body,
                                                             nowMs: nowMs, windowSeconds: window)
            case .hospital: try await store.authenticateHospital(signature, method: method, path: path, body: body,
                                                                 nowMs: nowMs, windowSeconds: window)
            }
            return try await handle(principal, body, nowMs)
        } catch let refusal as RelayRefusal {
            metrics.recordRefused(refusal.code)
            logger.notice("request refused", metadata: [
                "route": "\(route)", "sender": "\(claimed.isEmpty ? "(none)" : claimed)", "reason": "\(refusal.code)",
            ])
            return ServerResponses.json(RefusalBody(code: refusal.code, message: refusal.message), status: refusal.httpStatus)
        } catch {
            logger.error("request failed", metadata: ["route": "\(route)", "sender": "\(claimed)", "error": "\(error)"])
            return ServerResponses.json(RefusalBody(code: "relay.unavailable", message: "The relay cannot serve the request now; retry later"),
                             status: .serviceUnavailable)
        }
    }

    func log(_ event: Logger.Message, _ principal: RelayPrincipal, caseId: String?, _ extra: Logger.Metadata = [:]) {
        var metadata = extra
        switch principal {
        case .device(_, let name): metadata["device"] = "\(name)"
        case .hospital(let id): metadata["hospital"] = "\(id)"
        }
        if let caseId { metadata["case"] = "\(caseId)" }
        logger.info(event, metadata: metadata)
    }

    /// A request body that could not be read: the relay answers 503, logging the connection's error.
    struct BodyUnreadable: Error, CustomStringConvertible {
        /// The connection's error.
        let cause: String
        /// The connection's error, as logged.
        var description: String { cause }
    }

    /// The `caseId` path parameter, when well-formed.
    static func caseId(_ context: BasicRequestContext) throws -> String {
        guard let id = context.parameters.get("caseId"), CaseIdentifiers.isValidCaseId(id) else { throw RelayRefusal.malformed }
        return id
    }
}
