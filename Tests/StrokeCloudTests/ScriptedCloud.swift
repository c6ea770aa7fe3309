import FakeCloudLauncher
import Foundation
import HTTPTransfer
import TestScratch
@testable import StrokeCloud

/// A clock that moves only when the client waits or a scripted attempt takes
/// time: the retry and deadline schedule is then exact, whatever the machine's load.
///
/// Time only moves forward: an advance to an instant already passed (two
/// concurrent attempts ending together) leaves the clock where it is.
final class TestCloudClock: TransferClock, @unchecked Sendable {
    private let lock = NSLock()
    private let origin = ContinuousClock.now
    private var offset: Duration = .zero
    private var recordedWaits: [Duration] = []

    /// The current instant: the origin plus the time advanced so far.
    var now: ContinuousClock.Instant { lock.withLock { origin + offset } }

    /// The time advanced since the clock was made.
    var elapsed: Duration { lock.withLock { offset } }

    /// The wall-clock date: the fake cloud's reference time (`FakeCloud.referenceMs`) plus the time advanced.
    var date: Date {
        let seconds = lock.withLock { Double(offset.components.seconds) + Double(offset.components.attoseconds) / 1e18 }
        return Date(timeIntervalSince1970: Double(FakeCloud.referenceMs) / 1000 + seconds)
    }

    /// Every wait the client asked for, in order.
    var waits: [Duration] { lock.withLock { recordedWaits } }

    /// Moves the clock to `instant` (no earlier than now).
    func advance(to instant: ContinuousClock.Instant) {
        lock.withLock { offset = max(offset, instant - origin) }
    }

    /// Records the wait and returns at once with the clock at `deadline`.
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        try Task.checkCancellation()
        lock.withLock {
            recordedWaits.append(max(.zero, deadline - (origin + offset)))
            offset = max(offset, deadline - origin)
        }
    }
}

/// A clock that never moves: the deadline never comes and waits end at once. For the
/// suites that talk to the real fake server and check outcomes, not the schedule.
struct StillCloudClock: TransferClock {
    /// The one instant it shows.
    let now = ContinuousClock.now
    /// The one date it shows: the fake cloud's reference time (its Retry-After dates are relative to it).
    var date: Date { Date(timeIntervalSince1970: Double(FakeCloud.referenceMs) / 1000) }

    /// Returns at once (throws if the task is cancelled).
    func sleep(until deadline: ContinuousClock.Instant) async throws { try Task.checkCancellation() }
}

/// Answers the client's attempts from a script instead of the network, and
/// records when each attempt started and with which timeouts.
final class ScriptedTransfer: @unchecked Sendable {
    /// One scripted answer.
    enum Reply: Sendable {
        /// An HTTP answer at once (optionally with `Retry-After`).
        case status(Int, retryAfter: String? = nil, body: String = "{}")
        /// No answer: the attempt runs out its total timeout (libcurl's `http.timeout`, the cloud's `cloud.timeout`).
        case silent
        /// No answer, like `silent`, once `attempts` attempts have started: concurrent calls all start before
        /// the first one's timeout moves the clock (else a call scheduled late would start at the deadline).
        case silentOnceStarted(attempts: Int)
        /// The status once `attempts` attempts have started (so only concurrent calls get it);
        /// `http.timeout` if they do not within a bounded poll.
        case statusOnceStarted(Int, attempts: Int)
    }

    /// One attempt as the client made it: start (on the test clock) and timeouts, milliseconds.
    struct Attempt: Sendable, Equatable {
        let startMs: Int64
        let connectMs: Int64
        let totalMs: Int64
    }

    private let lock = NSLock()
    private let clock: TestCloudClock
    private var replies: [Reply]
    private var recorded: [Attempt] = []

    /// A transfer answering with `replies` in order; the last one repeats.
    init(clock: TestCloudClock, replies: [Reply]) {
        self.clock = clock
        self.replies = replies
    }

    /// The attempts made so far.
    var attempts: [Attempt] { lock.withLock { recorded } }

    /// A client with the test-sized limits of `CloudTestSupport`, this clock and this script.
    func client(deadline: Double, attemptTimeout: Double = 2, maxAttempts: Int = 3) -> CloudClient {
        CloudClient(configuration: CloudTestSupport.configuration("http://scripted.invalid", deadline: deadline,
                                                                  attemptTimeout: attemptTimeout, maxAttempts: maxAttempts),
                    random: { 0.5 }, clock: clock, transfer: { request throws(HTTPTransferError) in try await self.perform(request) })
    }

    private func perform(_ request: HTTPRequest) async throws(HTTPTransferError) -> HTTPResponse {
        let start = clock.now
        let reply: Reply = lock.withLock {
            recorded.append(Attempt(startMs: Self.ms(clock.elapsed), connectMs: Self.ms(request.connectTimeout),
                                    totalMs: Self.ms(request.totalTimeout)))
            return replies.count > 1 ? replies.removeFirst() : replies[0]
        }
        switch reply {
        case .status(let status, let retryAfter, let body):
            return HTTPResponse(status: status, body: Array(body.utf8), retryAfter: retryAfter)
        case .silent:
            // libcurl's timer has millisecond resolution (CURLOPT_TIMEOUT_MS).
            clock.advance(to: start + .milliseconds(Self.ms(request.totalTimeout)))
            throw HTTPTransferError(.timeout, "scripted silence")
        case .silentOnceStarted(let count):
            try? await waitUntil(timeout: .seconds(10), poll: .milliseconds(10), "\(count) attempts started") { attempts.count >= count }
            clock.advance(to: start + .milliseconds(Self.ms(request.totalTimeout)))
            throw HTTPTransferError(.timeout, "scripted silence")
        case .statusOnceStarted(let status, let count):
            try? await waitUntil(timeout: .seconds(10), poll: .milliseconds(10), "\(count) attempts started") { attempts.count >= count }
            guard attempts.count >= count else { throw HTTPTransferError(.timeout, "only \(attempts.count) attempts started") }
            return HTTPResponse(status: status, body: Array("{}".utf8), retryAfter: nil)
        }
    }

    /// Whole milliseconds of a duration.
    static func ms(_ duration: Duration) -> Int64 {
        let (s, atto) = duration.components
        return s * 1000 + Int64((Double(atto) / 1e15).rounded())
    }

    private static func ms(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
}
