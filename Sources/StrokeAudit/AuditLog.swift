import AuditFormat
import Crypto
import Foundation
import GRDB
import StrokeJSON
import StrokeModels

/// An open audit log: the SQLite file and the keys that belong to it.
///
/// Appends are durable when they return (`synchronous = FULL`), and each one
/// is a single IMMEDIATE transaction that reads the chain head and inserts the
/// next record, so concurrent processes never lose or duplicate a sequence
/// number. Prefer `withLog` for a scoped, deterministically closed log.
public final class AuditLog: Sendable {
    /// Who writes and with which build: stored (encrypted) in every payload.
    public struct Context: Sendable {
        /// The operator (configuration `operator`, else the OS user).
        public let `operator`: String
        /// The app version.
        public let appVersion: String

        /// Creates a context.
        public init(operator: String, appVersion: String) {
            self.operator = `operator`
            self.appVersion = appVersion
        }
    }

    /// Where a log lives and how to open it.
    public struct Location: Sendable {
        /// The SQLite file.
        public let database: URL
        /// The key file (created on first use).
        public let keyFile: URL
        /// The key file's passphrase, if it is (or is to be) protected.
        public let passphrase: String?
        /// How long to wait for another writer's lock, in seconds.
        public let busyTimeout: TimeInterval
        /// The time of the log's records, heads, keys and signed requests.
        public let clock: WallClock

        /// Creates a location; the busy timeout defaults to 5 s, the clock to the system's.
        public init(database: URL, keyFile: URL, passphrase: String? = nil, busyTimeout: TimeInterval = 5, clock: WallClock = .system) {
            self.database = database
            self.keyFile = keyFile
            self.passphrase = passphrase
            self.busyTimeout = busyTimeout
            self.clock = clock
        }
    }

    let queue: DatabaseQueue
    let keyring: AuditKeyring
    let context: Context
    let path: String
    /// The wall clock of its records (the location's): what the log's users stamp their own times with.
    public let clock: WallClock
    /// The head file beside the key file.
    let headFile: AuditHeadFile
    /// The key file (it records the logs it has signed).
    let keyFile: URL
    /// The data key of this process's events that belong to no assessment.
    let sessionKeyID: String
    /// The data key of the log's own events (erasures, upgrade, head resets): never erased.
    static let logKeyID = "log"

    init(queue: DatabaseQueue, keyring: AuditKeyring, context: Context, path: String, keyFile: URL, clock: WallClock) {
        self.queue = queue
        self.clock = clock
        self.keyring = keyring
        self.context = context
        self.path = path
        self.keyFile = keyFile
        self.headFile = AuditHeadFile(keyFile: keyFile)
        self.sessionKeyID = "session-" + AuditKeyring.randomID()
    }

    /// Opens the log: loads the key file (creating it only for a new log), opens
    /// the database and checks that the keys belong to it. A wrong or missing
    /// key throws and writes nothing.
    /// - Parameter newLog: start a new log although the key file has signed another one
    ///   (`audit init --new-log`); the new log's first record says so (`audit.newLog`).
    public static func open(_ location: Location, context: Context, newLog: Bool = false) throws -> AuditLog {
        // A deleted database is not silently replaced by a new, empty log: not over a head
        // file that anchors records, and not with a key file that has signed a log.
        // (The key file's record is read first: a process that creates the log creates
        // the database before it records the log, so a racing opener sees the database.)
        let signed = AuditKeyFile.signedLogs(at: location.keyFile)
        if !newLog, !FileManager.default.fileExists(atPath: location.database.path) {
            if let head = headFileHead(location), head.sequence > 0 {
                throw AuditError.logBehindHead("the database is missing; the head file anchors log \(head.logIDHex) at sequence \(head.sequence)")
            }
            if let last = signed.last {
                throw AuditError.newLogRequired("the database is missing; the key file has signed log \(last)")
            }
        }
        // An existing log never gets a fresh key file: a missing one is an error, not a new identity.
        let keyring = FileManager.default.fileExists(atPath: location.database.path)
            ? try AuditKeyFile.load(at: location.keyFile, passphrase: location.passphrase)
            : try AuditKeyFile.loadOrCreate(at: location.keyFile, passphrase: location.passphrase, nowMs: location.clock.nowMs)
        // Creating the file (journal mode, schema) takes locks SQLite cannot wait for: two processes
        // opening a new log at once would fail at once. The head-file lock orders them (best effort,
        // so a log in a read-only directory can still be read).
        let queue = try AuditHeadFile(keyFile: location.keyFile).withLockIfPossible {
            try AuditDatabase.open(location.database, busyTimeout: location.busyTimeout)
        }
        let log = AuditLog(queue: queue, keyring: keyring, context: context, path: location.database.path, keyFile: location.keyFile,
                           clock: location.clock)
        do {
            // A foreign database or a stale key file is refused before anything is written.
            try log.run { try queue.read { try log.checkIdentity($0) } }
            try log.registerKeys()
            if let identity = try log.run({ try queue.read { try Self.identity($0) } }) {
                if newLog { throw AuditError.logExists(location.database.path) }
                // A key file from before this record learns the log it signs; best effort, so that
                // reading a log (verify, export) never fails on a read-only key file or directory.
                if !signed.contains(Hex.encode(identity.logID)) {
                    try? log.headFile.withLock { try AuditKeyFile.recordSignedLog(identity.logID, at: location.keyFile) }
                }
            } else {
                _ = try log.write(newLog: newLog) { _ in }
            }
        } catch {
            try? queue.close()
            throw error
        }
        return log
    }

    /// The head in the head file that belongs to `location` (beside its key
    /// file), if there is a well-formed one; its signature is not checked.
    public static func headFileHead(_ location: Location) -> AuditHead? {
        if case .head(let head) = AuditHeadFile(keyFile: location.keyFile).read() { return head }
        return nil
    }

    /// Opens the log (see `open` for `newLog`), runs `body`, and closes it whatever happens.
    public static func withLog<T>(_ location: Location, context: Context, newLog: Bool = false,
                                  _ body: (AuditLog) throws -> T) throws -> T {
        let log = try open(location, context: context, newLog: newLog)
        defer { log.close() }
        return try body(log)
    }

    /// Closes the database (later calls fail) and makes the head file's last rename durable.
    public func close() {
        try? queue.close()
        headFile.syncDirectory()
    }

    /// The log's id (32 hex digits).
    public func logID() throws -> String {
        try run {
            try queue.read { db in
                guard let identity = try Self.identity(db) else { throw AuditError.headMissing(path) }
                return Hex.encode(identity.logID)
            }
        }
    }

    /// The head file's location (`audit.head` beside the key file).
    public var headFileURL: URL { headFile.url }

    /// The verification key (raw 32-byte Ed25519 public key, base64).
    public var publicKeyBase64: String { keyring.publicKeyBase64 }

    /// The value of `PRAGMA synchronous` on the writer (2 = FULL).
    public func synchronousSetting() throws -> Int {
        try run { try queue.read { try Int.fetchOne($0, sql: "PRAGMA synchronous") ?? -1 } }
    }

    /// A new assessment identifier (its data key is created with its first event).
    public static func newAssessmentID() -> String { "a-" + AuditKeyring.randomID() }

    /// Appends one event durably and returns its receipt.
    /// - Parameters:
    ///   - type: the event type.
    ///   - payload: the event's data as UTF-8 JSON text (encrypted; never stored in the clear).
    ///   - assessment: the assessment it belongs to (its own data key), or nil for session events.
    /// - Throws: `AuditError` (locked, disk full, erased assessment, …); nothing is written then.
    @discardableResult
    public func append(_ type: AuditEventType, payload: Data, assessment: String? = nil) throws -> AuditReceipt {
        try write { db in try insert(db, type, payload: payload, assessment: assessment) }.0
    }

    /// Inserts one record inside an open write transaction.
    /// With `logKey`, the payload is sealed under the log's own data key, which no erasure destroys.
    func insert(_ db: Database, _ type: AuditEventType, payload: Data, assessment: String?, logKey: Bool = false) throws -> AuditReceipt {
        let keyID = logKey ? Self.logKeyID : assessment ?? sessionKeyID
        let dataKey = try dataKey(db, id: keyID, kind: logKey ? "log" : assessment == nil ? "session" : "assessment")
        let headStatement = try db.cachedStatement(sql: "SELECT sequence, timestamp_ms, hash FROM events ORDER BY sequence DESC LIMIT 1")
        let head = try Row.fetchOne(headStatement)
        let sequence: Int64 = (head?[0] ?? 0) + 1
        // Timestamps never go backwards along the chain, so a date range is a sequence range.
        let timestamp = max(clock.nowMs, head?[1] ?? 0)
        let previous: Data = head?[2] ?? AuditLayout.genesisHash
        var record = JSONObjectWriter(capacity: payload.count + 128)
        record.add("operator", .string(context.operator))
        record.add("appVersion", .string(context.appVersion))
        record.add("assessment", assessment.map(JSONValue.string) ?? .null)
        record.add("data", rawJSON: payload.isEmpty ? Data("{}".utf8) : payload)  // the caller's JSON, sealed unchanged
        let plaintext = record.finish()
        let aad = AuditLayout.associatedData(sequence: sequence, timestamp: timestamp, type: type.rawValue, previousHash: previous)
        let sealed = try AES.GCM.seal(plaintext, using: dataKey, nonce: AES.GCM.Nonce(), authenticating: aad)
        let ciphertext = sealed.combined!
        let hash = AuditLayout.recordHash(sequence: sequence, timestamp: timestamp, type: type.rawValue,
                                          ciphertext: ciphertext, previousHash: previous)
        let insertStatement = try db.cachedStatement(sql: """
            INSERT INTO events (sequence, timestamp_ms, type, data_key_id, ciphertext, prev_hash, hash)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        try insertStatement.execute(arguments: [sequence, timestamp, type.rawValue, keyID, ciphertext, previous, hash])
        return AuditReceipt(sequence: sequence, timestampMs: timestamp, hash: hash)
    }

    /// The data key `id`, created and wrapped under the current master key if new.
    private func dataKey(_ db: Database, id: String, kind: String) throws -> SymmetricKey {
        let select = try db.cachedStatement(sql: "SELECT master_key_id, wrapped FROM data_keys WHERE id = ?")
        if let row = try Row.fetchOne(select, arguments: [id]) {
            guard let wrapped: Data = row[1] else { throw AuditError.assessmentErased }
            guard let key = unwrap(id: id, masterID: row[0], wrapped: wrapped) else { throw AuditError.wrongKey }
            return key
        }
        let key = SymmetricKey(size: .bits256)
        let master = keyring.currentMaster
        let wrapped = try AES.GCM.seal(key.withUnsafeBytes { Data($0) }, using: master.key,
                                       authenticating: AuditLayout.wrapAssociatedData(keyID: id)).combined!
        try db.execute(sql: "INSERT INTO data_keys (id, kind, master_key_id, wrapped, created_ms) VALUES (?, ?, ?, ?, ?)",
                       arguments: [id, kind, master.id, wrapped, clock.nowMs])
        return key
    }

    /// Unwraps a data key, or nil if the master key is missing or the wrap does not open.
    func unwrap(id: String, masterID: String, wrapped: Data) -> SymmetricKey? {
        guard let master = keyring.master(masterID),
              let box = try? AES.GCM.SealedBox(combined: wrapped),
              let raw = try? AES.GCM.open(box, using: master, authenticating: AuditLayout.wrapAssociatedData(keyID: id)) else {
            return nil
        }
        return SymmetricKey(data: raw)
    }

    /// Checks the keyring against the database's master-key check values and
    /// registers new master keys. Throws `wrongKey` before writing anything.
    private func registerKeys() throws {
        let known = try run {
            try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT id, check_value FROM master_keys").map { ($0["id"] as String, $0["check_value"] as Data) }
            }
        }
        var matched = known.isEmpty
        for (id, check) in known {
            guard let key = keyring.master(id) else { continue }
            guard AuditKeyring.check(key) == check else { throw AuditError.wrongKey }
            matched = true
        }
        guard matched else { throw AuditError.wrongKey }
        let missing = keyring.masterKeys.filter { master in !known.contains { $0.0 == master.id } }
        guard !missing.isEmpty else { return }
        try run {
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    for master in missing {
                        try db.execute(sql: "INSERT OR IGNORE INTO master_keys (id, check_value, created_ms) VALUES (?, ?, ?)",
                                       arguments: [master.id, AuditKeyring.check(master.key), master.createdMs])
                    }
                    return .commit
                }
            }
        }
    }

    /// Runs a database operation, mapping SQLite failures to `AuditError`.
    func run<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw AuditDatabase.translate(error, path: path) }
    }
}
