import AuditFormat
import Foundation
import HTTPServerKit
import HTTPTypes
import Hummingbird
import Logging
import StrokeJSON

/// The collector's HTTP routes: `POST /v1/push`, `GET /healthz`, `GET /metrics`.
///
/// A push is answered only after its records are committed in PostgreSQL. A
/// refused request is answered with its status and `{"error":{"code","message"}}`,
/// counted in `/metrics` and recorded as an incident.
public struct CollectorRoutes: Sendable {
    /// The push endpoint's path (also the path that devices sign).
    public static let pushPath = CollectorPaths.push

    let configuration: CollectorConfiguration
    let store: CollectorStore
    let metrics: CollectorMetrics
    let logger: Logger

    /// Creates the routes over a store and metrics.
    public init(configuration: CollectorConfiguration, store: CollectorStore, metrics: CollectorMetrics, logger: Logger) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics
        self.logger = logger
    }

    /// A router holding every route.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        ServerResponses.addServiceRoutes(to: router, logger: logger, ping: { [store] in try await store.ping() },
                                    metrics: { [metrics] in metrics.render() })
        router.get(RouterPath(stringLiteral: Self.headPath)) { request, _ -> Response in await head(request) }
        router.post(RouterPath(stringLiteral: Self.pushPath)) { request, _ -> Response in
            let start = ContinuousClock.now
            let response = await push(request)
            metrics.recordLatency(start.duration(to: .now))
            return response
        }
        return router
    }

    /// Handles one push; never throws (every failure becomes an answer).
    func push(_ request: Request) async -> Response {
        let headers = request.headers
        let claimed = headers[HTTPField.Name(RequestSignature.deviceHeader)!] ?? ""
        let signed: SignedRequest
        do throws(SignedRequestRefusal) {
            signed = try await SignedRequest.read(request, maxBodyBytes: configuration.maxBodyBytes)
        } catch {
            return await refuse(PushRefusal(error), claimed: claimed, detail: error.detail)
        }
        guard let endorsements = Self.endorsements(headers) else {
            return await refuse(.signatureMissing, claimed: claimed, detail: "signature headers missing or malformed")
        }
        let (signature, body) = (signed.signature, signed.body)
        do {
            let device = try await authenticate(request, signature: signature, endorsements: endorsements, body: body)
            guard let push = try? JSONDecoder().decode(PushRequest.self, from: body) else {
                throw DeviceRefusal(device: device, refusal: .malformed, detail: "not a push request")
            }
            // A repeated member (a second `records`) is malformed, never "first wins" (issue 34).
            guard JSONValue.hasNoDuplicateMembers(body) else {
                throw DeviceRefusal(device: device, refusal: .malformed, detail: "a repeated JSON member")
            }
            if let field = push.unstorableTextField {
                throw DeviceRefusal(device: device, refusal: .malformed, detail: "\(field) holds a NUL character")
            }
            guard push.records.count <= configuration.maxBatchRecords else {
                throw DeviceRefusal(device: device, refusal: .batchTooLarge,
                                    detail: "\(push.records.count) records, limit \(configuration.maxBatchRecords)")
            }
            let ack = try await store.push(push, from: device)
            metrics.recordAccepted(ack.accepted)
            logger.info("push accepted", metadata: [
                "device": "\(device.name)", "accepted": "\(ack.accepted)", "duplicates": "\(ack.duplicates)",
                "head": "\(ack.head.sequence)",
            ])
            return ServerResponses.json(ack, status: .ok)
        } catch let refusal as PushRefusal {
            return await refuse(refusal, claimed: claimed, detail: "")
        } catch let refusal as DeviceRefusal {
            return await refuse(refusal.refusal, claimed: refusal.device.name, deviceID: refusal.device.id,
                                detail: refusal.detail)
        } catch {
            logger.error("push failed", metadata: ["device": "\(claimed)", "error": "\(error)"])
            return ServerResponses.json(RefusalBody(code: "collector.unavailable", message: "The collector cannot store the push now; retry later"),
                             status: .serviceUnavailable)
        }
    }

    /// Counts, logs and records a refusal as an incident, and builds its answer.
    func refuse(_ refusal: PushRefusal, claimed: String, deviceID: Int64? = nil, detail: String) async -> Response {
        metrics.recordRejected(refusal.code)
        let name = claimed.isEmpty ? "(none)" : String(claimed.prefix(64))
        logger.notice("push refused", metadata: ["device": "\(name)", "reason": "\(refusal.code)", "detail": "\(detail)"])
        do {
            try await store.recordIncident(deviceName: name, deviceID: deviceID, reason: refusal.code,
                                           detail: detail, verified: deviceID != nil)
        } catch {
            logger.error("incident not recorded", metadata: ["reason": "\(refusal.code)", "error": "\(error)"])
        }
        return ServerResponses.json(RefusalBody(code: refusal.code, message: refusal.message), status: refusal.httpStatus)
    }
}
