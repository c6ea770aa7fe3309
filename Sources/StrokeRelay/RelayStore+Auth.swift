import AuditFormat
import Foundation
import HTTPServerKit
import PostgresNIO
import PostgresServerKit

/// Who sent a request whose signature verified.
public enum RelayPrincipal: Sendable, Hashable {
    /// A registered device (row id in `devices`, name).
    case device(id: Int64, name: String)
    /// A registered hospital (its id).
    case hospital(String)

    /// The key of its nonces in `relay_nonces`.
    var nonceKey: String {
        switch self {
        case .device(let id, _): "device:\(id)"
        case .hospital(let id): "hospital:\(id)"
        }
    }
}

extension RelayStore {
    /// Verifies a device request's signature (under the key in the collector's `devices` table),
    /// its freshness and its nonce, and records the nonce.
    /// - Throws: `RelayRefusal` (`device.unknown`, `signature.invalid`, `device.suspended`,
    ///   `request.stale`, `request.replayed`), or `RelayError` when PostgreSQL fails.
    public func authenticateDevice(_ signature: RequestSignature, method: String, path: String, body: Data,
                                   nowMs: Int64, windowSeconds: Int) async throws -> RelayPrincipal {
        let name = signature.device
        let found: (Int64, Data, String)? = try await run {
            var row: (Int64, Data, String)?
            for try await (id, key, status) in try await self.collector.client.query(
                "SELECT id, public_key, status FROM devices WHERE name = \(name) AND status <> 'removed'",
                logger: self.logger).decode((Int64, ByteBuffer, String).self) {
                row = (id, Data(key.readableBytesView), status)
            }
            return row
        }
        guard let (id, key, status) = found else { throw RelayRefusal.deviceUnknown }
        guard signature.isValid(method: method, path: path, body: body, publicKey: key) else { throw RelayRefusal.signatureInvalid }
        guard status == "active" else { throw RelayRefusal.deviceSuspended }
        let principal = RelayPrincipal.device(id: id, name: name)
        try await accept(signature, for: principal, nowMs: nowMs, windowSeconds: windowSeconds)
        return principal
    }

    /// Verifies a hospital request's signature (under the hospital's registered Ed25519 key; the
    /// hospital id stands where a device request has its name), freshness and nonce.
    /// - Throws: `RelayRefusal` (`hospital.unknown` 401, `signature.invalid`, `request.stale`,
    ///   `request.replayed`), or `RelayError` when PostgreSQL fails.
    public func authenticateHospital(_ signature: RequestSignature, method: String, path: String, body: Data,
                                     nowMs: Int64, windowSeconds: Int) async throws -> RelayPrincipal {
        guard let hospital = try await hospital(signature.device) else { throw RelayRefusal.hospitalUnregistered }
        guard signature.isValid(method: method, path: path, body: body, publicKey: hospital.publicKey.signingKey) else {
            throw RelayRefusal.signatureInvalid
        }
        let principal = RelayPrincipal.hospital(hospital.id)
        try await accept(signature, for: principal, nowMs: nowMs, windowSeconds: windowSeconds)
        return principal
    }

    /// The relay's nonces (`relay_nonces`, per `RelayPrincipal.nonceKey`), under the servers' one policy.
    static let nonces = NonceStore(table: "relay_nonces", principalColumn: "principal")

    /// Refuses a stale timestamp or a reused nonce; records the nonce (`NonceStore`: kept for twice the window).
    private func accept(_ signature: RequestSignature, for principal: RelayPrincipal, nowMs: Int64,
                        windowSeconds: Int) async throws {
        do throws(SignedRequestRefusal) {
            try NonceStore.checkWindow(signature.timestampMs, nowMs: nowMs, windowSeconds: windowSeconds)
        } catch {
            throw RelayRefusal.stale
        }
        let key = principal.nonceKey
        let fresh = try await transaction { connection in
            try await Self.nonces.record(signature.nonce, timestampMs: signature.timestampMs, principal: key, nowMs: nowMs,
                                         windowSeconds: windowSeconds, on: connection, logger: self.logger)
        }
        guard fresh else { throw RelayRefusal.replayed }
    }
}
