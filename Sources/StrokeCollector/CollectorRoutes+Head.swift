import AuditFormat
import Foundation
import HTTPServerKit
import HTTPTypes
import Hummingbird

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
        let signed: SignedRequest
        do throws(SignedRequestRefusal) {
            signed = try await SignedRequest.read(request, maxBodyBytes: 1024)
        } catch {
            // Any trouble with the body (there should be none) is a body too large, as before the signature.
            return error.reason == .signatureMissing
                ? await refuse(.signatureMissing, claimed: claimed, detail: error.detail)
                : await refuse(.bodyTooLarge, claimed: claimed, detail: "head query with a body")
        }
        guard let endorsements = Self.endorsements(headers) else {
            return await refuse(.signatureMissing, claimed: claimed, detail: "signature headers missing or malformed")
        }
        let (signature, body) = (signed.signature, signed.body)
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

    /// Checks a signed request against the device registry now, within the configured window.
    func authenticate(_ request: Request, signature: RequestSignature, endorsements: [KeyEndorsement],
                      body: Data) async throws -> AuthenticatedDevice {
        let nowMs = configuration.clock.nowMs
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
