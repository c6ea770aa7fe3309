/// When to try a request again, and after how long: a pure function of the
/// failure, the attempt number, `Retry-After`, the time left and one random
/// draw. Randomness only spreads the waits; it never changes a result.
///
/// Retried: connect failures, timeouts, and statuses 408, 429, 500, 502, 503
/// and 504 — the requests that retry are safe to repeat (predictions are pure,
/// a push is idempotent). Everything else (DNS failures, TLS, other 4xx,
/// broken answers) is final.
/// The wait is "full jitter": a uniform draw in `0 ..< min(cap, base · 2^(attempt−1))`,
/// or exactly `Retry-After` when the server sent one. No retry is started
/// unless the wait plus `minimumAttemptSeconds` fits before the deadline.
public struct RetryPolicy: Sendable, Hashable {
    /// How a failed attempt is classified for retrying.
    public enum Failure: Sendable, Hashable {
        /// The TCP/TLS connection could not be established (e.g. refused).
        case connectFailure
        /// The attempt hit its connect or total timeout.
        case timeout
        /// The server answered with this HTTP status.
        case status(Int)
        /// Anything else: never retried.
        case other
    }

    /// What to do after a failed attempt.
    public enum Decision: Sendable, Hashable {
        /// Try again after this many seconds.
        case retry(afterSeconds: Double)
        /// Stop and report the failure.
        case giveUp
    }

    /// The statuses that are retried.
    public static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Attempts in total, including the first (default 3).
    public var maxAttempts: Int
    /// Backoff base in seconds (default 0.2).
    public var baseDelay: Double
    /// Backoff cap in seconds (default 2).
    public var maxDelay: Double
    /// Time that must remain after a wait for another attempt to be worth starting (default 0.05 s).
    public var minimumAttemptSeconds: Double

    /// Creates a policy; the defaults are the documented configuration values.
    public init(maxAttempts: Int = 3, baseDelay: Double = 0.2, maxDelay: Double = 2.0, minimumAttemptSeconds: Double = 0.05) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.minimumAttemptSeconds = minimumAttemptSeconds
    }

    /// Whether a failure of this kind is ever retried.
    public static func isRetryable(_ failure: Failure) -> Bool {
        switch failure {
        case .connectFailure, .timeout: true
        case .status(let status): retryableStatuses.contains(status)
        case .other: false
        }
    }

    /// The upper bound of the jittered wait after the given attempt (1-based).
    public func backoffCeiling(afterAttempt attempt: Int) -> Double {
        let exponent = Double(max(0, min(attempt - 1, 30)))
        return min(maxDelay, baseDelay * pow2(exponent))
    }

    /// Decides whether and when to retry.
    /// - Parameters:
    ///   - failure: how the attempt failed.
    ///   - attempt: the number of the attempt that failed, from 1.
    ///   - retryAfter: the server's `Retry-After` in seconds, if it sent one.
    ///   - remainingSeconds: time left before the deadline.
    ///   - draw: a uniform random number in 0 ..< 1 (injected so tests are deterministic).
    public func decide(after failure: Failure, attempt: Int, retryAfter: Double?, remainingSeconds: Double, draw: Double) -> Decision {
        guard Self.isRetryable(failure), attempt < maxAttempts else { return .giveUp }
        let wait: Double
        if let retryAfter, retryAfter.isFinite {
            wait = max(0, retryAfter)
        } else {
            let unit = draw.isFinite ? min(max(draw, 0), 1) : 0
            wait = unit * backoffCeiling(afterAttempt: attempt)
        }
        guard wait + minimumAttemptSeconds < remainingSeconds else { return .giveUp }
        return .retry(afterSeconds: wait)
    }

    private func pow2(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent) { result *= 2 }
        return result
    }
}
