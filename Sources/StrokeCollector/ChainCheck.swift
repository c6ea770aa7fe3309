import AuditFormat
import Foundation

/// Decides whether a push extends a device's stored chain (pure: no I/O).
///
/// The collector reads, under the device's row lock, the stored head and the
/// stored hashes of every sequence the push mentions at or before that head,
/// then asks `evaluate`; it stores only what `evaluate` returns.
public enum ChainCheck {
    /// What to store for an accepted push.
    public struct Outcome: Sendable, Hashable {
        /// Records after the stored head, in order.
        public let newRecords: [AuditRecord]
        /// Records already stored with the same hash.
        public let duplicates: Int
        /// The stored head after the push.
        public let head: PushHead
    }

    /// The sequences whose stored hashes `evaluate` needs: the batch's at or before `storedHead`.
    public static func sequencesToCompare(_ request: PushRequest, storedHead: Int64) -> [Int64] {
        request.records.map(\.sequence).filter { $0 <= storedHead }
    }

    /// Checks `request` against the stored head and stored hashes.
    /// - Parameters:
    ///   - request: the push.
    ///   - storedHead: the head the collector holds (sequence 0 and zero hash for a new device).
    ///   - storedHashes: stored hashes for `sequencesToCompare(request, storedHead:)`.
    /// - Throws: `PushRefusal` (`chain.invalid`, `chain.rollback`, `chain.fork`, `chain.gap`).
    public static func evaluate(_ request: PushRequest, storedHead: PushHead,
                                storedHashes: [Int64: Data]) throws(PushRefusal) -> Outcome {
        try checkConsistent(request)
        let head = request.head
        if head.sequence < storedHead.sequence { throw .rollback }
        if head.sequence == storedHead.sequence, head.hash != storedHead.hash { throw .fork }
        var duplicates = 0
        var fresh: [AuditRecord] = []
        for record in request.records {
            if record.sequence <= storedHead.sequence {
                guard storedHashes[record.sequence] == record.hash else { throw .fork }
                duplicates += 1
            } else {
                fresh.append(record)
            }
        }
        if let first = fresh.first {
            if first.sequence != storedHead.sequence + 1 { throw .gap }
            if first.previousHash != storedHead.hash { throw .fork }
        }
        let newHead = fresh.last.map { PushHead(sequence: $0.sequence, hash: $0.hash) } ?? storedHead
        return Outcome(newRecords: fresh, duplicates: duplicates, head: newHead)
    }

    /// The batch alone: ascending consecutive sequences from 1 on, each hash
    /// recomputed with `AuditLayout.recordHash`, each link to the previous
    /// record, and a head at or after the last record (equal hash when equal).
    static func checkConsistent(_ request: PushRequest) throws(PushRefusal) {
        let head = request.head
        guard head.sequence >= 0, head.hash.count == 32 else { throw .chainInvalid }
        var previous: AuditRecord?
        for record in request.records {
            guard record.sequence >= 1, record.hash.count == 32, record.previousHash.count == 32 else { throw .chainInvalid }
            if let previous {
                guard record.sequence == previous.sequence + 1, record.previousHash == previous.hash else { throw .chainInvalid }
            }
            guard record.hashIsValid else { throw .chainInvalid }
            previous = record
        }
        if let last = request.records.last {
            guard head.sequence >= last.sequence else { throw .chainInvalid }
            if head.sequence == last.sequence, head.hash != last.hash { throw .chainInvalid }
        }
        if head.sequence == 0, head.hash != AuditLayout.genesisHash { throw .chainInvalid }
    }
}
