import AuditFormat
import Foundation
import HTTPTransfer
import StrokeAudit
import StrokeJSON

/// Pushes an audit log to the fleet collector: asks the collector's head,
/// then sends the records after it in bounded batches, exactly as stored,
/// each batch with the log's signed head, the destroyed data keys' ids and,
/// with an organisation key, the batch's data keys wrapped to it. Resumable
/// and idempotent: the collector's head says where to start, and records it
/// holds already are counted as duplicates, never stored twice.
///
/// The entry point of TriageFleet's device side of the fleet (pre-notification:
/// `PreNotifier`; fleet-export checks: `FleetVerifyRunner`).
///
/// ```swift
/// let settings = try CollectorSettings(collector: "https://collector.example", device: "ambulance-7",
///                                      config: FleetConfig(), transport: { _ in CloudConfiguration() })
/// let location = AuditLog.Location(database: databaseURL, keyFile: keyFileURL)
/// let state = PushState(directory: keyFileURL.deletingLastPathComponent())
/// guard let lock = await state.lock(waitingUpTo: .seconds(60)) else { throw PushError(.busy) }
/// defer { close(lock) }
/// let log = try AuditLog.open(location, context: AuditLog.Context(operator: "crew", appVersion: "1.0"))
/// defer { log.close() }
/// let summary = try await FleetPusher(settings: settings, log: log, state: state).push(batchSize: 500)
/// print(summary.accepted, summary.pending)
/// ```
public struct FleetPusher: Sendable {
    /// What a push did.
    public struct Summary: Sendable, Equatable {
        /// Records the collector stored.
        public var accepted = 0
        /// Records the collector already held.
        public var duplicates = 0
        /// Requests sent.
        public var batches = 0
        /// Data keys wrapped to the organisation key.
        public var wrappedKeys = 0
        /// The local log's head sequence.
        public var localHead: Int64 = 0
        /// The head the collector acknowledged last.
        public var acknowledgedHead: Int64 = 0

        /// Records the collector does not hold yet.
        public var pending: Int64 { max(0, localHead - acknowledgedHead) }

        /// An empty summary (nothing pushed yet).
        public init() {}
    }

    /// Where and as whom to push.
    public let settings: CollectorSettings
    /// The open audit log pushed from (and signing the requests).
    public let log: AuditLog
    /// Where the acknowledged head is remembered.
    public let state: PushState
    /// The one retry loop, with the collector's transport limits.
    let transfer: RetryingTransfer

    /// A pusher of `log` to the collector of `settings`, remembering acknowledgements in `state`.
    public init(settings: CollectorSettings, log: AuditLog, state: PushState) {
        self.settings = settings
        self.log = log
        self.state = state
        self.transfer = RetryingTransfer(limits: settings.configuration.transferLimits)
    }

    /// Pushes everything pending in batches of at most `batchSize` records.
    /// - Throws: `PushError` (unreachable, refused, answerInvalid), `AuditError` from the log.
    public func push(batchSize: Int) async throws -> Summary {
        var summary = Summary()
        var after = try await collectorHead().head.sequence
        summary.acknowledgedHead = after
        while true {
            // The log's SQLite reads and the keys' wrapping, in one trip off the cooperative pool.
            let (log, start, orgKey) = (log, after, settings.orgKey)
            let (batch, wrapped) = try await AuditLog.offPool {
                let batch = try log.pushBatch(after: start, limit: batchSize)
                return (batch, try orgKey.map { try log.wrapDataKeys(batch.records.map(\.dataKeyId), to: $0) })
            }
            summary.localHead = batch.head.sequence
            let request = PushRequest(records: batch.records, head: batch.pushHead, signedHead: batch.head,
                                      wrappedKeys: wrapped, erasedKeyIds: batch.erasedKeyIds)
            let ack: PushAcknowledgement = try await send("POST", CollectorPaths.push, body: try Self.encoder.encode(request))
            remember(ack.head)
            summary.batches += 1
            summary.accepted += ack.accepted
            summary.duplicates += ack.duplicates
            summary.wrappedKeys += wrapped?.count ?? 0
            summary.acknowledgedHead = ack.head.sequence
            // Done when the collector holds the head, or when a batch made no progress (never loop).
            guard ack.head.sequence < batch.head.sequence, ack.head.sequence > after, !batch.records.isEmpty else { break }
            after = ack.head.sequence
        }
        return summary
    }

    /// `GET /v1/head`: what the collector holds for this device; remembered locally.
    public func collectorHead() async throws -> HeadAnswer {
        let answer: HeadAnswer = try await send("GET", CollectorPaths.head, body: Data())
        remember(answer.head)
        return answer
    }

    private func remember(_ head: PushHead) {
        state.remember(.init(collector: settings.baseURL, device: settings.device, sequence: head.sequence,
                             chainHash: Hex.encode(head.hash),
                             timeMs: log.clock.nowMs))
    }

    /// One signed request (re-signed with a fresh nonce for every retry); decodes a 200 answer.
    private func send<T: Decodable>(_ method: String, _ path: String, body: Data) async throws -> T {
        let endorsements = log.keyEndorsements
        let answer: TransferAnswer
        let deadline = transfer.clock.now + .milliseconds(Int64((settings.configuration.deadline * 1000).rounded()))
        do {
            answer = try await transfer.send(method: method, url: settings.baseURL + path, body: String(decoding: body, as: UTF8.self),
                                             headers: {
                var lines = try log.signCollectorRequest(method: method, path: path, body: body, device: settings.device)
                    .map { "\($0.0): \($0.1)" }
                if !endorsements.isEmpty { lines.append("\(KeyEndorsement.header): \(KeyEndorsement.headerValue(endorsements))") }
                return lines
            }, deadline: deadline)
        } catch let error as HTTPTransferError {
            var failure = PushError(.unreachable, cause: error.description)
            failure.certificateProblem = error.certificateProblem
            throw failure
        }
        guard answer.status == 200 else {
            let reason = PushError.sanitisedReason((try? JSONDecoder().decode(RefusalBody.self, from: answer.body))?.error.code)
            if answer.status >= 500 || answer.status == 408 || answer.status == 429 {
                throw PushError(.unreachable, reason: reason, status: answer.status, cause: "HTTP \(answer.status) \(reason)")
            }
            throw PushError(.refused, reason: reason, status: answer.status, cause: "HTTP \(answer.status)")
        }
        guard let value = try? JSONDecoder().decode(T.self, from: answer.body) else {
            throw PushError(.answerInvalid, cause: "HTTP 200 with \(answer.body.count) bytes that are not the expected answer")
        }
        return value
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
