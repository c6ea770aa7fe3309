import Foundation
import HTTPTransfer
import StrokeCloud
import Testing

/// The retry decision as a pure function: no network, no clock.
@Suite struct RetryPolicyTests {
    let policy = RetryPolicy()

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retryableStatusesAreRetried(status: Int) {
        #expect(policy.decide(after: .status(status), attempt: 1, retryAfter: nil, remainingSeconds: 10, draw: 0.5)
                == .retry(afterSeconds: 0.1))
    }

    @Test(arguments: [400, 401, 403, 404, 405, 409, 422, 501, 505])
    func otherStatusesAreFinal(status: Int) {
        #expect(policy.decide(after: .status(status), attempt: 1, retryAfter: nil, remainingSeconds: 10, draw: 0.5) == .giveUp)
    }

    @Test func connectFailuresAndTimeoutsAreRetriedOtherFailuresAreNot() {
        #expect(policy.decide(after: .connectFailure, attempt: 1, retryAfter: nil, remainingSeconds: 10, draw: 0) == .retry(afterSeconds: 0))
        #expect(policy.decide(after: .timeout, attempt: 2, retryAfter: nil, remainingSeconds: 10, draw: 0) == .retry(afterSeconds: 0))
        #expect(policy.decide(after: .other, attempt: 1, retryAfter: nil, remainingSeconds: 10, draw: 0) == .giveUp)
    }

    @Test func backoffIsFullJitterUnderAnExponentialCeilingWithACap() {
        let wide = RetryPolicy(maxAttempts: 10)
        let ceilings = (1...6).map { wide.backoffCeiling(afterAttempt: $0) }
        #expect(ceilings == [0.2, 0.4, 0.8, 1.6, 2.0, 2.0])
        for attempt in 1...6 {
            let ceiling = wide.backoffCeiling(afterAttempt: attempt)
            for draw in [0.0, 0.25, 0.5, 0.999_999] {
                guard case .retry(let wait) = wide.decide(after: .status(503), attempt: attempt, retryAfter: nil,
                                                          remainingSeconds: 100, draw: draw) else {
                    Issue.record("expected a retry"); continue
                }
                #expect(wait >= 0 && wait < ceiling)
                #expect(abs(wait - draw * ceiling) < 1e-12)
            }
        }
    }

    @Test func outOfRangeDrawsAreClampedIntoTheWindow() {
        #expect(policy.decide(after: .timeout, attempt: 1, retryAfter: nil, remainingSeconds: 10, draw: 7) == .retry(afterSeconds: 0.2))
        #expect(policy.decide(after: .timeout, attempt: 1, retryAfter: nil, remainingSeconds: 10, draw: -1) == .retry(afterSeconds: 0))
        #expect(policy.decide(after: .timeout, attempt: 1, retryAfter: nil, remainingSeconds: 10, draw: .nan) == .retry(afterSeconds: 0))
    }

    @Test func attemptsStopAtTheMaximum() {
        #expect(policy.maxAttempts == 3)
        #expect(policy.decide(after: .status(503), attempt: 2, retryAfter: nil, remainingSeconds: 10, draw: 0) == .retry(afterSeconds: 0))
        #expect(policy.decide(after: .status(503), attempt: 3, retryAfter: nil, remainingSeconds: 10, draw: 0) == .giveUp)
    }

    @Test func retryAfterIsHonouredWithinTheDeadline() {
        #expect(policy.decide(after: .status(429), attempt: 1, retryAfter: 3, remainingSeconds: 10, draw: 0.9) == .retry(afterSeconds: 3))
        #expect(policy.decide(after: .status(503), attempt: 1, retryAfter: 0, remainingSeconds: 10, draw: 0.9) == .retry(afterSeconds: 0))
        #expect(policy.decide(after: .status(503), attempt: 1, retryAfter: 12, remainingSeconds: 10, draw: 0) == .giveUp)
        #expect(policy.decide(after: .status(400), attempt: 1, retryAfter: 1, remainingSeconds: 10, draw: 0) == .giveUp)
    }

    @Test func noRetryWhenTheWaitLeavesNoTimeForAnAttempt() {
        #expect(policy.decide(after: .timeout, attempt: 1, retryAfter: nil, remainingSeconds: 0.04, draw: 0) == .giveUp)
        #expect(policy.decide(after: .timeout, attempt: 1, retryAfter: nil, remainingSeconds: 0.2, draw: 0.9) == .giveUp)
        #expect(policy.decide(after: .timeout, attempt: 1, retryAfter: nil, remainingSeconds: 0.2, draw: 0.5) == .retry(afterSeconds: 0.1))
    }

    @Test func retryAfterParsesSecondsAndHTTPDates() {
        let now: Int64 = 1_700_000_000_000
        #expect(RetryAfter.seconds("3", nowMs: now) == 3)
        #expect(RetryAfter.seconds(" 0 ", nowMs: now) == 0)
        #expect(RetryAfter.seconds("Tue, 14 Nov 2023 22:13:25 GMT", nowMs: now) == 5)
        #expect(RetryAfter.seconds("Tue, 14 Nov 2023 22:13:10 GMT", nowMs: now) == 0)
        #expect(RetryAfter.seconds("soon", nowMs: now) == nil)
        #expect(RetryAfter.seconds("-1", nowMs: now) == nil)
        #expect(RetryAfter.seconds("", nowMs: now) == nil)
    }
}
