import Foundation
import Logging
import PostgresNIO

/// A registered device as `collector list-devices` shows it.
public struct DeviceInfo: Sendable, Hashable {
    /// The device's name, e.g. `AMB-12`.
    public let name: String
    /// The device's Ed25519 public key, base64.
    public let publicKey: String
    /// `active`, `suspended` or `removed`.
    public let status: String
    /// The last sequence the collector holds for it.
    public let headSequence: Int64
    /// When it was registered.
    public let createdAt: Date
    /// When it last pushed records, if ever.
    public let lastPushAt: Date?

    /// A device as the registry holds it.
    public init(name: String, publicKey: String, status: String, headSequence: Int64, createdAt: Date, lastPushAt: Date?) {
        self.name = name
        self.publicKey = publicKey
        self.status = status
        self.headSequence = headSequence
        self.createdAt = createdAt
        self.lastPushAt = lastPushAt
    }
}

/// The owner of the fleet database's `devices` table (the collector's store), as the servers that
/// share that database use it: the relay authenticates devices from that table, keeps its cases
/// in the same database, and runs these migrations before its own. So the relay needs the
/// collector's store without importing the collector.
public protocol DeviceRegistry: AnyObject, Sendable {
    /// The connection pool with its deadline (a `Service`: it must run while the registry is used).
    var pool: DatabasePool { get }
    /// The pool's current PostgreSQL client (replaced after an outage: fetch it for every operation).
    var client: PostgresClient { get }
    /// Applies the missing migrations of the registry's schema (the `devices` table among them).
    /// - Throws: `CollectorError.databaseUnavailable` when PostgreSQL fails.
    func migrate() async throws
    /// Registers a device (`collector add-device`).
    func addDevice(name: String, publicKey: String) async throws -> DeviceInfo
    /// Runs `body` with a registry for `database` whose pool runs for exactly that long (one-shot commands, tests).
    static func with<T: Sendable>(database: DatabaseURL, logger: Logger, deadline: Duration?,
                                  _ body: @Sendable (Self) async throws -> T) async throws -> T
}
