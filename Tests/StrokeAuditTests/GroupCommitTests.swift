import Foundation
import Testing
@testable import StrokeAudit

/// The audit writer's group commit (issue 33 item 2): concurrent appends share
/// transactions, each still gets its own receipt, the chain verifies, and a
/// failed transaction fails exactly its batch. Transactions are counted through
/// the writer's observer, never timed.
@Suite("Group commit")
struct GroupCommitTests {
    @Test("200 concurrent appends: 200 receipts, sequences 1…200, fewer transactions than appends, the log verifies")
    func concurrentAppends() async throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        // The first transaction waits until all 200 appends are queued, so the rest make one batch.
        let observer = CommitCounter(holdFirstCommitUntilQueued: 200)
        let writer = AuditWriter(location: fixture.location, context: AuditFixture.context, observer: observer)
        let assessments = (0..<8).map { _ in AuditLog.newAssessmentID() }
        let receipts = try await withThrowingTaskGroup(of: AuditReceipt.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try await writer.append(.predictionGenerated, payload: Data("{\"n\":\(index)}".utf8),
                                            assessment: assessments[index % assessments.count])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        await writer.close()
        #expect(receipts.map(\.sequence).sorted() == Array(1...200))
        #expect(Set(receipts.map(\.hash)).count == 200)
        #expect(observer.commits.count <= 2 && observer.commits.reduce(0, +) == 200)
        #expect(observer.failures == 0)
        let verification = try fixture.verify()
        #expect(verification.isIntact)
        #expect(verification.records == 200 && verification.headSequence == 200)
    }

    @Test("a failed transaction fails every append of its batch with AuditError and loses nothing committed")
    func failedBatch() async throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let observer = CommitCounter(holdFirstCommitUntilQueued: 0)
        let writer = AuditWriter(location: fixture.location, context: AuditFixture.context, observer: observer)
        for index in 1...10 {
            #expect(try await writer.append(.loggedIn, payload: Data("{\"n\":\(index)}".utf8)).sequence == Int64(index))
        }
        // The head file disappears: every following transaction is refused before it writes.
        let headFile = AuditHeadFile(keyFile: fixture.location.keyFile).url
        let savedHead = try Data(contentsOf: headFile)
        try FileManager.default.removeItem(at: headFile)
        let results = await withTaskGroup(of: Result<AuditReceipt, AuditError>.self) { group in
            for index in 0..<20 {
                group.addTask {
                    do throws(AuditError) {
                        return .success(try await writer.append(.loggedOut, payload: Data("{\"m\":\(index)}".utf8)))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0 == .failure(.headMissing(headFile.path)) })
        #expect(observer.failures == observer.commits.count - 10)
        // The head file back: the ten committed records are all there and the writer goes on at 11.
        try savedHead.write(to: headFile)
        #expect(try await writer.append(.loggedIn, payload: Data("{}".utf8)).sequence == 11)
        await writer.close()
        let verification = try fixture.verify()
        #expect(verification.isIntact && verification.records == 11)
    }

    @Test("an append refused on its own (an erased assessment) fails alone; the appends beside it commit")
    func refusedAppendFailsAlone() async throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let erased = AuditLog.newAssessmentID()
        try fixture.withLog { log in
            try log.append(.assessmentStarted, payload: Data("{}".utf8), assessment: erased)
            _ = try log.erase(assessment: erased)
        }
        let observer = CommitCounter(holdFirstCommitUntilQueued: 3)
        let writer = AuditWriter(location: fixture.location, context: AuditFixture.context, observer: observer)
        async let first = writer.append(.loggedIn, payload: Data("{}".utf8))
        async let refused = writer.append(.predictionGenerated, payload: Data("{}".utf8), assessment: erased)
        async let last = writer.append(.loggedOut, payload: Data("{}".utf8))
        let sequences = try await [first.sequence, last.sequence].sorted()
        do {
            _ = try await refused
            Issue.record("an append to an erased assessment was written")
        } catch let error as AuditError {
            #expect(error == .assessmentErased)
        }
        await writer.close()
        let committed = try fixture.withLog { try $0.head().sequence }
        #expect(sequences == [committed - 1, committed])
        #expect(try fixture.verify().isIntact)
    }

    @Test("a closed writer refuses appends with audit.databaseUnavailable")
    func closedWriter() async throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let writer = AuditWriter(location: fixture.location, context: AuditFixture.context)
        try await writer.append(.loggedIn, payload: Data("{}".utf8))
        await writer.close()
        await #expect(throws: AuditError.databaseUnavailable("the audit writer is closed")) {
            try await writer.append(.loggedOut, payload: Data("{}".utf8))
        }
    }
}

/// Counts the writer's transactions; can hold the first one on the writer's thread
/// until `holdFirstCommitUntilQueued` appends were queued (so the others form one batch).
private final class CommitCounter: AuditWriterObserver, @unchecked Sendable {
    private let condition = NSCondition()
    private let holdUntil: Int
    private var queuedTotal = 0
    private var sizes: [Int] = []
    private var failed = 0

    init(holdFirstCommitUntilQueued count: Int) { holdUntil = count }

    /// The size of each transaction's batch, in order.
    var commits: [Int] { condition.withLock { sizes } }
    /// How many transactions failed.
    var failures: Int { condition.withLock { failed } }

    func queued(waiting: Int) {
        condition.withLock {
            queuedTotal += 1
            condition.broadcast()
        }
    }

    func committing(appends: Int) {
        condition.withLock {
            if sizes.isEmpty { while queuedTotal < holdUntil { condition.wait() } }
        }
    }

    func committed(appends: Int, failed didFail: Bool) {
        condition.withLock {
            sizes.append(appends)
            if didFail { failed += 1 }
        }
    }
}
