import AuditFormat
import Foundation
import GRDB
import StrokeJSON

extension AuditLog {
    /// The log's identity row: its id, the key epoch in force, and where a log
    /// from before signed heads was upgraded (nil for a log created with them).
    struct Identity {
        let logID: Data
        let keyEpoch: Int64
        let upgradedSequence: Int64?
    }

    /// Runs one write: under the head lock, an IMMEDIATE transaction that first
    /// checks the database still contains its head file's head, runs `body`,
    /// then signs and stores the new head; after the commit the head file is
    /// replaced (its temporary copy is fsynced beside the commit). Nothing is
    /// written when a check fails.
    /// - Parameters:
    ///   - recountErased: add the data keys destroyed inside this transaction (erasure) to the signed count;
    ///     keys destroyed earlier without a record are never counted.
    ///   - allowMissingHead: accept a missing or unreadable head file (`resetHead`).
    ///   - newLog: when this write creates the log, start it although the key file has
    ///     signed another log or the head file anchors one (`audit init --new-log`; recorded).
    ///   - afterCommit: runs on the connection after the commit (e.g. a WAL checkpoint).
    func write<T>(recountErased: Bool = false, allowMissingHead: Bool = false, newLog: Bool = false,
                  afterCommit: ((Database) throws -> Void)? = nil, _ body: (Database) throws -> T) throws -> (T, AuditHead) {
        try headFile.withLock {
            var pending: PendingHead?
            defer { pending?.discard() }
            let (value, head) = try run {
                try queue.writeWithoutTransaction { db -> (T, AuditHead) in
                    var out: (T, AuditHead)?
                    try db.inTransaction(.immediate) {
                        let identity = try prepareWrite(db, allowMissingHead: allowMissingHead, newLog: newLog)
                        let destroyedBefore = try recountErased ? Self.destroyedKeyCount(db) : 0
                        let value = try body(db)
                        let destroyedNow = try recountErased ? Self.destroyedKeyCount(db) - destroyedBefore : 0
                        let head = try storeHead(db, identity, destroyedNow: destroyedNow)
                        out = (value, head)
                        // The head file's temporary copy is written and fsynced while SQLite commits.
                        pending = headFile.prepare(head)
                        return .commit
                    }
                    try afterCommit?(db)
                    return out!
                }
            }
            // Only a committed head is renamed into place: the head file is never ahead of the database.
            try pending?.install()
            return (value, head)
        }
    }

    /// The latest signed head stored in the database.
    public func head() throws -> AuditHead {
        try run {
            try queue.read { db in
                guard let head = try Self.storedHead(db) else { throw AuditError.headMissing(path) }
                return head
            }
        }
    }

    /// Writes a new head file after the old one was lost or damaged, and
    /// records that in the log (`audit.headReset`). Does nothing (returns nil)
    /// while the head file holds a well-signed head; one that disagrees with
    /// the database is evidence and is refused like any write (`logBehindHead`).
    @discardableResult
    public func resetHead() throws -> AuditHead? {
        let previous: String
        switch headFile.read() {
        case .missing: previous = "missing"
        case .unreadable: previous = "unreadable"
        case .head(let head) where !head.isSigned(byOneOf: keyring.trustedPublicKeys): previous = "badSignature"
        case .head: return nil
        }
        return try write(allowMissingHead: true) { db in
            _ = try insert(db, .headReset, payload: Data(JSONValue.object([("previousHeadFile", .string(previous))]).serializedBytes()), assessment: nil,
                           logKey: true)
        }.1
    }

    /// The identity row, if the log has one yet.
    static func identity(_ db: Database) throws -> Identity? {
        let statement = try db.cachedStatement(sql: "SELECT log_id, key_epoch, upgraded_sequence FROM log_identity WHERE id = 1")
        return try Row.fetchOne(statement).map {
            Identity(logID: $0[0], keyEpoch: $0[1], upgradedSequence: $0[2])
        }
    }

    /// The head stored in the database, if any.
    static func storedHead(_ db: Database) throws -> AuditHead? {
        let statement = try db.cachedStatement(sql: """
            SELECT sequence, chain_hash, erased_keys, key_epoch, time_ms, public_key, signature FROM log_head WHERE id = 1
            """)
        guard let row = try Row.fetchOne(statement), let identity = try identity(db) else { return nil }
        return AuditHead(logID: identity.logID, sequence: row[0], chainHash: row[1], erasedKeys: row[2], keyEpoch: row[3],
                         timeMs: row[4], publicKey: row[5], signature: row[6])
    }

    /// The last record's sequence and hash (0 and the genesis hash when empty).
    static func lastRecord(_ db: Database) throws -> (sequence: Int64, hash: Data) {
        let statement = try db.cachedStatement(sql: "SELECT sequence, hash FROM events ORDER BY sequence DESC LIMIT 1")
        guard let row = try Row.fetchOne(statement) else { return (0, AuditLayout.genesisHash) }
        return (row[0], row[1])
    }

    /// Refuses a key file older than the log's key epoch, and a database that
    /// belongs to another log than the head file. Runs at open, before anything is written.
    /// The key epoch is checked against the clear-text `log_identity.key_epoch`
    /// and against the signed heads (the database's and the head file's): an
    /// edited column does not make an old key file current again.
    func checkIdentity(_ db: Database) throws {
        guard let identity = try Self.identity(db) else { return }
        let contents = headFile.read()
        try check(identity, contents, signedEpoch: try Self.signedKeyEpoch(db, identity, contents))
    }

    /// `checkIdentity` for an identity and head file already read; `signedEpoch`
    /// is the signed heads' epoch where it was read (at open, not on every write).
    private func check(_ identity: Identity, _ contents: AuditHeadFile.Contents, signedEpoch: Int64? = nil) throws {
        let logEpoch = max(identity.keyEpoch, signedEpoch ?? 0)
        if keyring.epoch < logEpoch {
            throw AuditError.staleKeyFile("key file epoch \(keyring.epoch), log epoch \(logEpoch)")
        }
        if case .head(let head) = contents, head.logID != identity.logID {
            throw AuditError.foreignLog("database log \(Hex.encode(identity.logID)), head file log \(head.logIDHex)")
        }
    }

    /// The highest key epoch of a signed head of this log (the database's or the
    /// head file's) whose signature is valid under its own public key. A stale key file does
    /// not know the newer signing key, so the signer is not required to be trusted
    /// here; whether it is trusted is verify's question (`headSignature`).
    static func signedKeyEpoch(_ db: Database, _ identity: Identity, _ contents: AuditHeadFile.Contents) throws -> Int64? {
        var heads = [try storedHead(db)]
        if case .head(let head) = contents { heads.append(head) }
        return heads.compactMap { $0 }.filter { $0.logID == identity.logID && $0.isSigned(byOneOf: [$0.publicKey]) }
            .map(\.keyEpoch).max()
    }

    /// The checks before a write, inside its transaction; creates the identity
    /// (and records the upgrade of a log from before signed heads) on first use.
    private func prepareWrite(_ db: Database, allowMissingHead: Bool, newLog: Bool) throws -> Identity {
        let last = try Self.lastRecord(db)
        guard let identity = try Self.identity(db) else { return try createIdentity(db, last: last, newLog: newLog) }
        let contents = headFile.read()
        try check(identity, contents)
        switch contents {
        case .missing, .unreadable:
            if last.sequence > 0, !allowMissingHead { throw AuditError.headMissing(headFile.url.path) }
        case .head(let head):
            if head.sequence > last.sequence {
                throw AuditError.logBehindHead("head file at sequence \(head.sequence), database ends at \(last.sequence)")
            }
            let hash = head.sequence == last.sequence ? last.hash
                : try Data.fetchOne(db, sql: "SELECT hash FROM events WHERE sequence = ?", arguments: [head.sequence])
            if head.sequence > 0, hash != head.chainHash {
                throw AuditError.logBehindHead("the chain differs from the head file at sequence \(head.sequence)")
            }
        }
        return identity
    }

    /// Gives the log its identity; a log with records gets an `audit.upgraded` event, a
    /// new log started with `newLog` an `audit.newLog` event naming the logs the key file
    /// had signed and the head file it replaced. The key file records the new log before
    /// the commit (a failed commit leaves a key file that refuses a new log: safe).
    private func createIdentity(_ db: Database, last: (sequence: Int64, hash: Data), newLog: Bool) throws -> Identity {
        let headContents = headFile.read()
        if !newLog, case .head(let head) = headContents, head.sequence > 0 {
            throw AuditError.logBehindHead("the head file anchors log \(head.logIDHex) at sequence \(head.sequence); this database is new")
        }
        let signed = AuditKeyFile.signedLogs(at: keyFile)
        if !newLog, last.sequence == 0, let previous = signed.last {
            throw AuditError.newLogRequired("the key file has signed log \(previous); this database is new")
        }
        let identity = Identity(logID: AuditKeyring.randomBytes(16), keyEpoch: keyring.epoch,
                                upgradedSequence: last.sequence > 0 ? last.sequence : nil)
        try db.execute(sql: "INSERT INTO log_identity (id, log_id, created_ms, key_epoch, upgraded_sequence) VALUES (1, ?, ?, ?, ?)",
                       arguments: [identity.logID, clock.nowMs, identity.keyEpoch, identity.upgradedSequence])
        if newLog, last.sequence == 0 {
            let previousHead: JSONValue = switch headContents {
            case .missing: .string("missing")
            case .unreadable: .string("unreadable")
            case .head(let head): head.jsonValue
            }
            let event = JSONValue.object([
                ("logId", .string(Hex.encode(identity.logID))), ("previousLogs", .strings(signed)), ("previousHead", previousHead),
            ])
            _ = try insert(db, .newLog, payload: Data(event.serializedBytes()), assessment: nil, logKey: true)
        }
        try AuditKeyFile.recordSignedLog(identity.logID, at: keyFile)
        if last.sequence > 0 {
            let erased = try String.fetchAll(db, sql: "SELECT id FROM data_keys WHERE wrapped IS NULL ORDER BY id")
            let event = JSONValue.object([
                ("fromSchema", .integer(1)), ("logId", .string(Hex.encode(identity.logID))), ("legacyRecords", .integer(Int(last.sequence))),
                ("legacyHeadHash", .string(Hex.encode(last.hash))), ("erasedKeys", .strings(erased)),
            ])
            _ = try insert(db, .upgraded, payload: Data(event.serializedBytes()), assessment: nil, logKey: true)
        }
        return identity
    }

    /// How many data keys are destroyed (wrapped is NULL).
    static func destroyedKeyCount(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT count(*) FROM data_keys WHERE wrapped IS NULL") ?? 0
    }

    /// Signs the head after this transaction's changes and stores it. The erased-key
    /// count is the previous head's plus `destroyedNow` (the keys this transaction
    /// destroyed); only the first head of a log (new or upgraded) counts the table.
    private func storeHead(_ db: Database, _ identity: Identity, destroyedNow: Int64) throws -> AuditHead {
        let last = try Self.lastRecord(db)
        let previous = try Self.storedHead(db)
        let erased: Int64 = if let previous { previous.erasedKeys + destroyedNow } else { try Self.destroyedKeyCount(db) }
        let epoch = max(identity.keyEpoch, keyring.epoch)
        let head = try AuditHead.sign(logID: identity.logID, sequence: last.sequence, chainHash: last.hash, erasedKeys: erased,
                                      keyEpoch: keyring.epoch, timeMs: max(clock.nowMs, previous?.timeMs ?? 0),
                                      with: keyring.signingKey)
        let statement = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO log_head (id, sequence, chain_hash, erased_keys, key_epoch, time_ms, public_key, signature)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [head.sequence, head.chainHash, head.erasedKeys, head.keyEpoch, head.timeMs,
                                          head.publicKey, head.signature])
        if epoch != identity.keyEpoch {
            try db.execute(sql: "UPDATE log_identity SET key_epoch = ? WHERE id = 1", arguments: [epoch])
        }
        return head
    }
}
