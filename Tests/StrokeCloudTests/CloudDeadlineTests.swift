import Testing
import StrokeCloud
import StrokeModels

/// The deadline and retry schedule, asserted exactly on a test clock with
/// scripted answers (`ScriptedTransfer`): when each attempt starts, its
/// timeouts (clipped to the time left), every wait, and the instant the call
/// ends. Nothing here measures the wall clock.
@Suite struct CloudDeadlineTests {
    typealias Attempt = ScriptedTransfer.Attempt

    /// Calls predict_lvo through `script` and returns the error code ("ok" on success).
    func call(_ script: ScriptedTransfer, deadline: Double, attemptTimeout: Double = 2) async -> String {
        let client = script.client(deadline: deadline, attemptTimeout: attemptTimeout)
        do {
            _ = try await client.call(.lvo, body: "{}", deadline: client.deadlineFromNow())
            return "ok"
        } catch {
            return error.code
        }
    }

    @Test func aSilentCloudEndsExactlyAtTheDeadline() async {
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.silent])
        #expect(await call(script, deadline: 0.4) == "cloud.deadline")
        #expect(script.attempts == [Attempt(startMs: 0, connectMs: 400, totalMs: 400)])
        #expect(clock.waits.isEmpty)
        #expect(clock.elapsed == .milliseconds(400))
    }

    @Test func eachAttemptIsClippedToTheTimeLeft() async {
        // Attempt 1 runs out its 2 s; the wait is half the 0.02 s ceiling; attempt 2 gets the 0.99 s left.
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.silent])
        #expect(await call(script, deadline: 3) == "cloud.deadline")
        #expect(script.attempts == [Attempt(startMs: 0, connectMs: 1000, totalMs: 2000),
                                    Attempt(startMs: 2010, connectMs: 990, totalMs: 990)])
        #expect(clock.waits == [.milliseconds(10)])
        #expect(clock.elapsed == .milliseconds(3000))
    }

    @Test func retryableStatusesWaitTheJitteredBackoff() async {
        // Draw 0.5: half of min(0.05, 0.02 · 2^(n−1)) after attempt n — 10 ms, then 20 ms; no wait after the last.
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.status(503)])
        #expect(await call(script, deadline: 3) == "cloud.status")
        #expect(script.attempts.map(\.startMs) == [0, 10, 30])
        #expect(script.attempts.map(\.totalMs) == [2000, 2000, 2000])
        #expect(clock.waits == [.milliseconds(10), .milliseconds(20)])
        #expect(clock.elapsed == .milliseconds(30))
    }

    @Test func retryAfterIsWaitedExactlyAndTheNextAttemptGetsTheRest() async {
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.status(429, retryAfter: "1"), .status(200)])
        #expect(await call(script, deadline: 3) == "ok")
        #expect(script.attempts == [Attempt(startMs: 0, connectMs: 1000, totalMs: 2000),
                                    Attempt(startMs: 1000, connectMs: 1000, totalMs: 2000)])
        #expect(clock.waits == [.seconds(1)])
        #expect(clock.elapsed == .seconds(1))
    }

    @Test func aRetryAfterBeyondTheDeadlineStopsAtOnce() async {
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.status(503, retryAfter: "30")])
        #expect(await call(script, deadline: 2) == "cloud.status")
        #expect(script.attempts.count == 1)
        #expect(clock.waits.isEmpty)
        #expect(clock.elapsed == .zero)
    }

    @Test func aRetryAfterDateIsReadAgainstTheInjectedWallClock() async {
        // The client's wall clock reads 2023-11-14T22:13:20Z: the date is 5 s ahead, then one beyond the deadline.
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.status(503, retryAfter: "Tue, 14 Nov 2023 22:13:25 GMT"),
                                                              .status(503, retryAfter: "Tue, 14 Nov 2023 22:14:20 GMT")])
        #expect(await call(script, deadline: 10) == "cloud.status")
        #expect(script.attempts.count == 2)
        #expect(clock.waits == [.seconds(5)])
    }

    @Test func noWaitIsStartedThatWouldLeaveLessThanAMinimumAttempt() async {
        // 10 ms of backoff plus the 50 ms minimum attempt do not fit in 55 ms.
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.status(503)])
        #expect(await call(script, deadline: 0.055) == "cloud.status")
        #expect(script.attempts == [Attempt(startMs: 0, connectMs: 55, totalMs: 55)])
        #expect(clock.waits.isEmpty)
    }

    @Test func aSilentCloudFallsBackAtTheDeadline() async throws {
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.silent])
        let service = CloudPredictionService(client: script.client(deadline: 0.5), fallback: true)
        let a = try await service.assess(CloudTestSupport.limited)
        #expect(a.ich.source == .baseline && a.ich.fallbackReason?.key == "cloud.error.deadline")
        #expect(script.attempts == [Attempt(startMs: 0, connectMs: 500, totalMs: 500)])
        #expect(clock.elapsed == .milliseconds(500))
    }

    @Test func aSilentCloudFallsBackAtTheDeadlineForBothFullModulePredictions() async throws {
        // predict_full_stroke and predict_lvo run at once; whichever ends first, both end at the deadline. Both
        // attempts start before either's silence moves the clock (a call scheduled late on a busy machine
        // would otherwise start at the deadline).
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.silentOnceStarted(attempts: 2)])
        let service = CloudPredictionService(client: script.client(deadline: 0.5), fallback: true)
        let a = try await service.assess(CloudTestSupport.full)
        #expect(a.ich.source == .baseline && a.ich.fallbackReason?.key == "cloud.error.deadline")
        #expect(a.lvo?.source == .local && a.lvo?.fallbackReason?.key == "cloud.error.deadline")
        #expect(!script.attempts.isEmpty && script.attempts.allSatisfy { $0 == Attempt(startMs: 0, connectMs: 500, totalMs: 500) })
        #expect(clock.elapsed == .milliseconds(500))
    }
}
