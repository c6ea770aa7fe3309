import AuditFormat
import Foundation
import GRDB
import StrokeJSON

/// The signed heads a verification compares the chain with.
struct HeadSources {
    /// The log's identity row (nil only for a database never opened with keys).
    let identity: AuditLog.Identity?
    /// The head stored in the database.
    let stored: AuditHead?
    /// The head file beside the key file.
    let file: AuditHeadFile.Contents
    /// A head kept outside the device (`--against`).
    let external: AuditHead?

    init(db: Database, file: AuditHeadFile.Contents, external: AuditHead?) throws {
        identity = try AuditLog.identity(db)
        stored = try AuditLog.storedHead(db)
        self.file = file
        self.external = external
    }

    /// The head file's head, when it holds one.
    var fileHead: AuditHead? {
        if case .head(let head) = file { return head }
        return nil
    }

    /// Every sequence number at which a head claims a chain hash.
    var sequences: Set<Int64> { Set([stored, fileHead, external].compactMap { $0?.sequence }) }
}

/// What the chain scan collects for the head checks: the chain hash at each
/// head's sequence, the erased keys with the first record under each, and the
/// keys that signed `audit.erased` / `audit.upgraded` events name.
struct HeadScan {
    private let anchors: Set<Int64>
    /// The chain hash at each anchor sequence reached.
    private(set) var hashes: [Int64: Data] = [:]
    /// Erased data keys and the first record sealed under each.
    private(set) var erasedKeys: [String: Int64] = [:]
    /// Keys named by an erasure (or by the upgrade of a log from before signed heads).
    private(set) var namedKeys: Set<String> = []
    /// The `audit.newLog` record, if the log was started with `audit init --new-log`.
    private(set) var newLog: NewLogStart?

    init(anchors: Set<Int64>) { self.anchors = anchors }

    mutating func passed(sequence: Int64, hash: Data) {
        if anchors.contains(sequence) { hashes[sequence] = hash }
    }

    mutating func erased(key: String, sequence: Int64) {
        if erasedKeys[key] == nil { erasedKeys[key] = sequence }
    }

    /// Collects the key names of an erasure or upgrade event's decrypted payload, and
    /// what an `audit.newLog` event says it replaced.
    mutating func read(sequence: Int64, type: String, payload: Data) {
        guard type == AuditEventType.erased.rawValue || type == AuditEventType.upgraded.rawValue || type == AuditEventType.newLog.rawValue,
              let root = try? JSONValue(parsing: Array(payload)),
              let data = root["data"], data.objectMembers != nil else { return }
        if type == AuditEventType.newLog.rawValue {
            let head: String = switch data["previousHead"] {
            case .string(let text)?: text
            case let object? where object.objectMembers != nil:
                "log \(object["logId"]?.stringValue ?? "?") at sequence \(object["sequence"]?.intValue.map(String.init) ?? "?")"
            default: "missing"
            }
            newLog = NewLogStart(sequence: sequence, previousLogs: data["previousLogs"]?.stringArray ?? [], previousHead: head)
            return
        }
        for field in ["keys", "erasedKeys"] {
            for name in data[field]?.stringArray ?? [] { namedKeys.insert(name) }
        }
        // Erasures from before signed heads named only the assessment. A newer erasure
        // always lists `keys`, so one that destroyed nothing never covers a key
        // destroyed earlier without a record (erasure laundering).
        if data["keys"] == nil, let assessment = data["assessment"]?.stringValue { namedKeys.insert(assessment) }
    }
}

extension AuditLog {
    /// Compares an intact chain with its signed heads and checks every erased
    /// key against a signed erasure; fills the result's head fields.
    func checkHeads(_ db: Database, _ heads: HeadSources, _ scan: HeadScan, _ result: inout AuditVerification) throws -> AuditProblem? {
        let end = result.headSequence
        let trusted = keyring.trustedPublicKeys
        result.logID = heads.identity.map { Hex.encode($0.logID) }
        result.upgradedAtSequence = heads.identity?.upgradedSequence
        result.newLog = scan.newLog
        result.head = [heads.stored, heads.fileHead].compactMap { $0 }.max { $0.sequence < $1.sequence }

        /// The problem a head shows against the chain, if any.
        func compare(_ head: AuditHead, beyondEnd: AuditProblem.Reason) -> AuditProblem? {
            if !head.isSigned(byOneOf: trusted) { return AuditProblem(sequence: head.sequence, reason: .headSignature) }
            if let identity = heads.identity, head.logID != identity.logID { return AuditProblem(sequence: 0, reason: .foreignLog) }
            if head.sequence > end {
                return AuditProblem(sequence: end + 1, reason: end == 0 && beyondEnd == .truncated ? .emptyWithHead : beyondEnd)
            }
            let hash = head.sequence == 0 ? AuditLayout.genesisHash : scan.hashes[head.sequence]
            if hash != head.chainHash { return AuditProblem(sequence: head.sequence, reason: .forked) }
            return nil
        }

        if let external = heads.external, let problem = compare(external, beyondEnd: .rolledBack) { return problem }
        switch heads.file {
        case .missing, .unreadable:
            if end > 0 { return AuditProblem(sequence: 0, reason: .headMissing) }
        case .head(let head):
            if let problem = compare(head, beyondEnd: .truncated) { return problem }
        }
        if let stored = heads.stored, let problem = compare(stored, beyondEnd: .truncated) { return problem }
        // Every destroyed key needs a signed erasure naming it; the count may not exceed the newest head's.
        let destroyed = try String.fetchAll(db, sql: "SELECT id FROM data_keys WHERE wrapped IS NULL ORDER BY id")
        let unrecorded = destroyed.filter { !scan.namedKeys.contains($0) }
        if !unrecorded.isEmpty {
            let first = unrecorded.compactMap { scan.erasedKeys[$0] }.min() ?? 0
            return AuditProblem(sequence: first, reason: .unrecordedErasure)
        }
        if let newest = result.head, Int64(destroyed.count) > newest.erasedKeys {
            return AuditProblem(sequence: newest.sequence, reason: .unrecordedErasure)
        }
        return nil
    }
}
