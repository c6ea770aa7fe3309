import CollectorWire
import Foundation
import HTTPTypes
import Hummingbird
import ServerKit

extension CollectorRoutes {
    /// The path of the head query (also the path that devices sign).
    public static let headPath = CollectorPaths.head

    /// `GET /v1/head`: a signed device request with an empty body, answered
    /// with what the collector holds for that device (`HeadAnswer`), so a push
    /// resumes after the acknowledged sequence. Refusals are answered, counted
    /// and recorded as incidents like a push's; it changes nothing else.
    func head(_ request: Request) async -> Response {
        let headers = request.headers
        let claimed = headers[HTTPField.Name(RequestSignature.deviceHeader)!] ?? ""
        let body: Data
        do {
            body = Data(try await request.body.collect(upTo: 1024).readableBytesView)
        } catch {
            return await refuse(.bodyTooLarge, claimed: claimed, detail: "head query with a body")
        }
        guard case let (signature, endorsements)? = Self.signedHeaders(headers) else {
            return await refuse(.signatureMissing, claimed: claimed, detail: "signature headers missing or malformed")
        }
        do {
            let device = try await authenticate(request, signature: signature, endorsements: endorsements, body: body)
            return ServerResponses.json(try await store.headAnswer(for: device), status: .ok)
        } catch let refusal as PushRefusal {
            return await refuse(refusal, claimed: claimed, detail: "head query")
        } catch let refusal as DeviceRefusal {
            return await refuse(refusal.refusal, claimed: refusal.device.name, deviceID: refusal.device.id,
                                detail: "head query")
        } catch {
            logger.error("head query failed", metadata: ["device": "\(claimed)", "error": "\(error)"])
            return ServerResponses.json(RefusalBody(code: "collector.unavailable", message: "The collector cannot answer now; retry later"),
                             status: .serviceUnavailable)
        }
    }

    /// The signature headers and key endorsements of a push or head query;
    /// nil when a signature header is missing or either is malformed.
    static func signedHeaders(_ headers: HTTPFields) -> (RequestSignature, [KeyEndorsement])? {
        guard let signature = RequestSignature.parse(
            device: headers[HTTPField.Name(RequestSignature.deviceHeader)!],
            timestamp: headers[HTTPField.Name(RequestSignature.timestampHeader)!],
            nonce: headers[HTTPField.Name(RequestSignature.nonceHeader)!],
            signature: headers[HTTPField.Name(RequestSignature.signatureHeader)!]),
            let endorsements = endorsements(headers) else { return nil }
        return (signature, endorsements)
    }

    /// Checks a signed request against the device registry now, within the configured window.
    func authenticate(_ request: Request, signature: RequestSignature, endorsements: [KeyEndorsement],
                      body: Data) async throws -> AuthenticatedDevice {
        let nowMs = Int64(Date().timeIntervalSince1970 * 1000)
        return try await store.authenticate(signature, method: request.method.rawValue, path: request.head.path ?? "",
                                            body: body, nowMs: nowMs, windowSeconds: configuration.requestWindowSeconds,
                                            endorsements: endorsements)
    }

    /// The key endorsements a request carries (`Stroke-Key-Endorsement`): empty
    /// without the header, nil when it is malformed.
    static func endorsements(_ headers: HTTPFields) -> [KeyEndorsement]? {
        guard let value = headers[HTTPField.Name(KeyEndorsement.header)!] else { return [] }
        return KeyEndorsement.parseHeader(value)
    }
}
