import CollectorWire
import Foundation
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
        let body: Data
        do {
            body = Data(try await request.body.collect(upTo: 1024).readableBytesView)
        } catch {
            return await refuse(.bodyTooLarge, claimed: claimed, detail: "head query with a body")
        }
        guard let signature = RequestSignature.parse(
            device: headers[HTTPField.Name(RequestSignature.deviceHeader)!],
            timestamp: headers[HTTPField.Name(RequestSignature.timestampHeader)!],
            nonce: headers[HTTPField.Name(RequestSignature.nonceHeader)!],
            signature: headers[HTTPField.Name(RequestSignature.signatureHeader)!]),
            let endorsements = Self.endorsements(headers) else {
            return await refuse(.signatureMissing, claimed: claimed, detail: "signature headers missing or malformed")
        }
        do {
            let nowMs = Int64(Date().timeIntervalSince1970 * 1000)
            let device = try await store.authenticate(signature, method: request.method.rawValue, path: request.head.path ?? "",
                                                      body: body, nowMs: nowMs, windowSeconds: configuration.requestWindowSeconds,
                                                      endorsements: endorsements)
            return Self.json(try await store.headAnswer(for: device), status: .ok)
        } catch let refusal as PushRefusal {
            return await refuse(refusal, claimed: claimed, detail: "head query")
        } catch let refusal as DeviceRefusal {
            return await refuse(refusal.refusal, claimed: refusal.device.name, deviceID: refusal.device.id,
                                detail: "head query")
        } catch {
            logger.error("head query failed", metadata: ["device": "\(claimed)", "error": "\(error)"])
            return Self.json(RefusalBody(code: "collector.unavailable", message: "The collector cannot answer now; retry later"),
                             status: .serviceUnavailable)
        }
    }

    /// The key endorsements a request carries (`Stroke-Key-Endorsement`): empty
    /// without the header, nil when it is malformed.
    static func endorsements(_ headers: HTTPFields) -> [KeyEndorsement]? {
        guard let value = headers[HTTPField.Name(KeyEndorsement.header)!] else { return [] }
        return KeyEndorsement.parseHeader(value)
    }
}
