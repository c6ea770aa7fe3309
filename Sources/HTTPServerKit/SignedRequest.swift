import AuditFormat
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Why the servers' signed-request authentication refused a request: the one refusal
/// type of `SignedRequest` and `NonceStore`, shared by the collector and the relay.
/// Each server answers it with its own wire code, status and sentence (`PushRefusal`,
/// `RelayRefusal`), which stay as they were.
public struct SignedRequestRefusal: Error, Sendable, Hashable {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// The body is larger than the limit (declared or read).
        case bodyTooLarge
        /// The body could not be read (the connection failed).
        case bodyUnreadable
        /// A signature header is missing or malformed.
        case signatureMissing
        /// The timestamp lies outside the accepted window.
        case stale
        /// The nonce was already used by this sender.
        case replayed
    }

    /// What was wrong.
    public let reason: Reason
    /// The detail for the collector's incident record (never a body or a key).
    public let detail: String
    /// The underlying error of an unreadable body (the connection's), for the server's log.
    public let cause: String?

    /// A refusal for `reason`.
    public init(_ reason: Reason, detail: String = "", cause: String? = nil) {
        self.reason = reason
        self.detail = detail
        self.cause = cause
    }
}

/// The servers' signed requests (docs/server.md, "Signed requests"), read once: the body within
/// the limit, the signature headers (`Stroke-Device` or the hospital's `Stroke-Hospital` names the
/// sender; `Stroke-Timestamp`, `Stroke-Nonce`, `Stroke-Signature`), and the time window. The
/// sender's key, its status and its nonce are each server's (`NonceStore` records the nonce).
public struct SignedRequest: Sendable {
    /// The parsed signature headers.
    public let signature: RequestSignature
    /// The body, at most the limit.
    public let body: Data

    /// Reads `request`: a declared length over `maxBodyBytes` is refused before reading, then the
    /// body is read up to the limit, then the signature headers (named by `nameHeader`) are parsed.
    /// - Throws: `SignedRequestRefusal` `bodyTooLarge`, `bodyUnreadable` or `signatureMissing`.
    public static func read(_ request: Request, nameHeader: String = RequestSignature.deviceHeader,
                            maxBodyBytes: Int) async throws(SignedRequestRefusal) -> SignedRequest {
        let headers = request.headers
        if let length = headers[.contentLength].flatMap(Int.init), length > maxBodyBytes {
            throw SignedRequestRefusal(.bodyTooLarge, detail: "declared body of \(length) bytes")
        }
        let body: Data
        do {
            body = Data(try await request.body.collect(upTo: maxBodyBytes).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw SignedRequestRefusal(.bodyTooLarge, detail: "body over \(maxBodyBytes) bytes")
        } catch {
            throw SignedRequestRefusal(.bodyUnreadable, detail: "body not readable", cause: "\(error)")
        }
        guard let signature = RequestSignature.parse(
            device: headers[HTTPField.Name(nameHeader)!],
            timestamp: headers[HTTPField.Name(RequestSignature.timestampHeader)!],
            nonce: headers[HTTPField.Name(RequestSignature.nonceHeader)!],
            signature: headers[HTTPField.Name(RequestSignature.signatureHeader)!]) else {
            throw SignedRequestRefusal(.signatureMissing, detail: "signature headers missing or malformed")
        }
        return SignedRequest(signature: signature, body: body)
    }

    /// The sender's name in `nameHeader` as claimed (unverified; at most 64 characters), for logs and incidents.
    public static func claimedSender(_ request: Request, nameHeader: String = RequestSignature.deviceHeader) -> String {
        String((request.headers[HTTPField.Name(nameHeader)!] ?? "").prefix(64))
    }
}
