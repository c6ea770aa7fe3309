import CaseWire
import Foundation
import Logging
import PostgresNIO
import PostgresServerKit

/// A registered hospital as `relay list-hospitals` shows it.
public struct HospitalInfo: Sendable, Hashable {
    /// The hospital's id, e.g. `STROKE-CENTER-1`.
    public let id: String
    /// Its public key (`sthk1.…`).
    public let publicKey: HospitalPublicKey
    /// When it was registered, ms since 1970 UTC.
    public let createdMs: Int64
    /// The stroke center of the dataset this hospital is (`add-hospital --center`), when given:
    /// devices that know the hospital only by its relay id compute the ETA to it.
    public var centerId: String? = nil
}

/// The one owner of the relay's database access. It shares the collector's
/// connection pool and `devices` table (the `DeviceRegistry`, the collector's store); per-case
/// ordering lives in PostgreSQL (row locks), never in process memory, so
/// several relays can share one database. Queries bind their values.
public final class RelayStore: Sendable {
    /// The collector's store, whose pool and device registry the relay uses.
    public let collector: any DeviceRegistry
    let logger: Logger

    /// Creates a relay store over a collector store (whose pool must run while this is used).
    public init(collector: any DeviceRegistry, logger: Logger) {
        self.collector = collector
        self.logger = logger
    }

    /// Runs `body` with a store over a new `registry` (the collector's store, `CollectorStore.self`) whose pool
    /// runs for exactly that long (for one-shot commands and tests).
    public static func with<Registry: DeviceRegistry, T: Sendable>(
        _ registry: Registry.Type, database: DatabaseURL, logger: Logger,
        _ body: @Sendable (RelayStore) async throws -> T) async throws -> T {
        try await Registry.with(database: database, logger: logger, deadline: nil) { collector in
            try await body(RelayStore(collector: collector, logger: logger))
        }
    }

    /// Applies the collector's migrations (the `devices` table), then the relay's own.
    public func migrate() async throws {
        do {
            try await collector.migrate()
        } catch let error as CollectorError where error.hasCode(of: .databaseUnavailable("")) {
            throw RelayError.databaseUnavailable(error.detail ?? "")
        }
        try await transaction(bounded: false) { connection in try await RelaySchema.migrate(on: connection, logger: self.logger) }
    }

    /// Answers when the database answers (for `/healthz`).
    public func ping() async throws {
        try await run { try await self.collector.pool.ping() }
    }

    /// Registers a hospital's public key, tied to the dataset's stroke center `centerId` when given
    /// (the caller checks that the center exists).
    /// - Throws: `RelayError` `hospitalIdInvalid`, `publicKeyInvalid`, `centerUnknown`, `hospitalExists`.
    public func addHospital(id: String, publicKey text: String, centerId: String? = nil, nowMs: Int64) async throws -> HospitalInfo {
        guard CaseIdentifiers.isValidName(id) else { throw RelayError.hospitalIdInvalid(id) }
        guard let key = try? HospitalPublicKey(text) else { throw RelayError.publicKeyInvalid }
        if let centerId, centerId.isEmpty || centerId.utf8.count > 128 { throw RelayError.centerUnknown(centerId) }
        return try await transaction { connection in
            var inserted = false
            for try await _ in try await connection.query("""
                INSERT INTO relay_hospitals (id, agreement_key, signing_key, created_ms, center_id)
                VALUES (\(id), \(key.agreementKey), \(key.signingKey), \(nowMs), \(centerId)) ON CONFLICT DO NOTHING RETURNING 1
                """, logger: self.logger).decode(Int32.self) { inserted = true }
            guard inserted else { throw RelayError.hospitalExists(id) }
            return HospitalInfo(id: id, publicKey: key, createdMs: nowMs, centerId: centerId)
        }
    }

    /// The hospitals, sorted by id.
    public func listHospitals() async throws -> [HospitalInfo] {
        try await hospitals(id: nil)
    }

    /// One hospital, nil when not registered.
    public func hospital(_ id: String) async throws -> HospitalInfo? {
        try await hospitals(id: id).first
    }

    /// Removes a hospital and deletes its cases (nobody else can read them).
    /// - Throws: `RelayError.hospitalUnknown`.
    public func removeHospital(id: String) async throws {
        try await transaction { connection in
            var removed = false
            for try await _ in try await connection.query(
                "DELETE FROM relay_hospitals WHERE id = \(id) RETURNING 1", logger: self.logger).decode(Int32.self) {
                removed = true
            }
            guard removed else { throw RelayError.hospitalUnknown(id) }
            try await connection.query("DELETE FROM relay_nonces WHERE principal = \("hospital:" + id)", logger: self.logger)
        }
    }

    /// The ids of the hospitals registered for the dataset's stroke center `centerId` (`add-hospital
    /// --center`), and one registered under the center's own id, sorted.
    public func hospitals(forCenter centerId: String) async throws -> [String] {
        try await run {
            let rows = try await self.collector.client.query(
                "SELECT id FROM relay_hospitals WHERE center_id = \(centerId) OR id = \(centerId) ORDER BY id", logger: self.logger)
            var out: [String] = []
            for try await id in rows.decode(String.self) { out.append(id) }
            return out
        }
    }

    private func hospitals(id: String?) async throws -> [HospitalInfo] {
        try await run {
            let rows = try await self.collector.client.query("""
                SELECT id, agreement_key, signing_key, created_ms, center_id FROM relay_hospitals
                WHERE (\(id)::text IS NULL OR id = \(id)) ORDER BY id
                """, logger: self.logger)
            var out: [HospitalInfo] = []
            for try await (id, agreement, signing, created, center) in rows.decode((String, ByteBuffer, ByteBuffer, Int64, String?).self) {
                guard let key = try? HospitalPublicKey(agreementKey: Data(agreement.readableBytesView),
                                                       signingKey: Data(signing.readableBytesView)) else { continue }
                out.append(HospitalInfo(id: id, publicKey: key, createdMs: created, centerId: center))
            }
            return out
        }
    }

    /// Runs `body` in one transaction on one pooled connection: COMMIT when it returns, ROLLBACK when it throws.
    func transaction<T: Sendable>(bounded: Bool = true,
                                  _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await run(bounded: bounded) {
            try await self.collector.client.transaction(logger: self.logger, body)
        }
    }

    /// Runs `body` within the pool's deadline (if any and `bounded`), turning PostgreSQL failures and a passed
    /// deadline into `RelayError.databaseUnavailable`.
    func run<T: Sendable>(bounded: Bool = true, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await collector.pool.perform(bounded: bounded) { _ in try await body() }
        } catch let error as PSQLError {
            throw RelayError.databaseUnavailable(error.serverMessage)
        } catch let error as DatabaseDeadlineExceeded {
            throw RelayError.databaseUnavailable(error.description)
        }
    }
}
