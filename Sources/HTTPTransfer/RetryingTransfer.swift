import Foundation
import Logging

/// The one retry loop: a JSON request repeated per `RetryPolicy` inside a
/// deadline, on an injected clock, jitter draw and transport. The cloud
/// client's calls and the push to the fleet collector both go through it.
///
/// Each attempt's timeouts are clipped to the time left, so an exchange never
/// outlives its deadline. Connect failures, timeouts and the retryable statuses
/// (408, 429, 5xx) are retried after the policy's wait (`Retry-After` when the
/// server sent one); the last answer is returned, whatever its status, once no
/// retry fits. Log lines (debug level) name the URL, attempt, outcome and
/// timings — never a body, a header value or a token.
public struct RetryingTransfer: Sendable {
    /// Every limit of the loop, with the cloud client's documented defaults.
    public struct Limits: Sendable, Hashable {
        /// Connect timeout per attempt, seconds.
        public var connectTimeout: Double
        /// Total timeout per attempt, seconds.
        public var attemptTimeout: Double
        /// Largest accepted answer, bytes; the transfer is aborted beyond it.
        public var maxResponseBytes: Int
        /// Optional public-key pin in libcurl's `CURLOPT_PINNEDPUBLICKEY` form.
        public var pinnedPublicKey: String?
        /// Optional PEM file of a private CA the server's certificate may chain to (verification stays on).
        public var caFile: String?
        /// When to retry.
        public var retry: RetryPolicy

        /// Creates the limits.
        public init(connectTimeout: Double, attemptTimeout: Double, maxResponseBytes: Int, pinnedPublicKey: String?,
                    caFile: String?, retry: RetryPolicy) {
            self.connectTimeout = connectTimeout
            self.attemptTimeout = attemptTimeout
            self.maxResponseBytes = maxResponseBytes
            self.pinnedPublicKey = pinnedPublicKey
            self.caFile = caFile
            self.retry = retry
        }
    }

    /// The limits in force.
    public let limits: Limits
    /// The time source of the deadline, the timeouts, the waits and `Retry-After` dates.
    public let clock: any TransferClock
    private let draw: @Sendable () -> Double
    private let transfer: Transfer
    private let logger: Logger?
    private let logLabel: String

    /// Creates a loop over libcurl.
    /// - Parameters:
    ///   - limits: timeouts, size limit, pin, private CA and retry policy.
    ///   - clock: the time source (the real clock by default; tests inject their own).
    ///   - random: uniform draws in 0 ..< 1 for the backoff jitter (inject a fixed one in tests).
    ///   - logger: receives one debug line per attempt and per wait, labelled `<logLabel> attempt`/`retry`; none when nil.
    ///   - logLabel: the first word of those lines (e.g. `cloud`).
    public init(limits: Limits, clock: any TransferClock = SystemTransferClock(),
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                logger: Logger? = nil, logLabel: String = "http") {
        self.init(limits: limits, clock: clock, random: random, logger: logger, logLabel: logLabel,
                  transfer: { request throws(HTTPTransferError) in try await CurlTransport.send(request) })
    }

    /// Creates a loop whose attempts go through `transfer` instead of libcurl (tests script the answers).
    package init(limits: Limits, clock: any TransferClock, random: @escaping @Sendable () -> Double,
                 logger: Logger? = nil, logLabel: String = "http", transfer: @escaping Transfer) {
        self.limits = limits
        self.clock = clock
        self.draw = random
        self.transfer = transfer
        self.logger = logger
        self.logLabel = logLabel
    }

    /// Sends `body` to `url` until an attempt answers 2xx or no retry fits.
    /// - Parameters:
    ///   - method: `GET` or `POST`.
    ///   - body: the JSON text (ignored for `GET`).
    ///   - headers: header lines (`Name: value`) for one attempt; called before every attempt,
    ///     so each can carry a fresh signature and nonce.
    ///   - deadline: no attempt or wait goes beyond it.
    /// - Returns: the 2xx answer, or the last answer whatever its status.
    /// - Throws: `HTTPTransferError` when no attempt got an answer (`deadline` when no time was
    ///   left for one, also when an attempt timed out with less than the policy's minimum left);
    ///   whatever `headers` throws.
    public func send(method: String = "POST", url: String, body: String, headers: () throws -> [String] = { [] },
                     deadline: ContinuousClock.Instant) async throws -> TransferAnswer {
        let callStart = clock.now
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw HTTPTransferError(.cancelled) }
            let remaining = Self.seconds(deadline - clock.now)
            guard remaining > 0 else { throw HTTPTransferError(.deadline) }
            let total = min(limits.attemptTimeout, remaining)
            let request = HTTPRequest(url: url, body: body, connectTimeout: min(limits.connectTimeout, total),
                                      totalTimeout: total, maxResponseBytes: limits.maxResponseBytes,
                                      pinnedPublicKey: limits.pinnedPublicKey, caFile: limits.caFile, method: method,
                                      extraHeaders: try headers())
            let start = clock.now
            let failure: RetryPolicy.Failure
            var retryAfter: Double?
            var last: Result<TransferAnswer, HTTPTransferError>
            do {
                let response = try await transfer(request)
                log(url, attempt: attempt, outcome: "status \(response.status)", since: start, callStart: callStart)
                let answer = TransferAnswer(status: response.status, body: Data(response.body))
                if (200..<300).contains(response.status) { return answer }
                failure = .status(response.status)
                retryAfter = response.retryAfter.flatMap { RetryAfter.seconds($0, nowMs: Int64(clock.date.timeIntervalSince1970 * 1000)) }
                last = .success(answer)
            } catch {
                log(url, attempt: attempt, outcome: error.code, since: start, callStart: callStart)
                if error.reason == .timeout, Self.seconds(deadline - clock.now) < limits.retry.minimumAttemptSeconds {
                    throw HTTPTransferError(.deadline, error.detail)
                }
                failure = error.retryClass
                last = .failure(error)
            }
            let decision = limits.retry.decide(after: failure, attempt: attempt, retryAfter: retryAfter,
                                               remainingSeconds: Self.seconds(deadline - clock.now), draw: draw())
            guard case .retry(let wait) = decision else { return try last.get() }
            logger?.debug("\(logLabel) retry", metadata: ["endpoint": "\(url)", "attempt": "\(attempt)", "wait_ms": "\(Int(wait * 1000))"])
            do {
                try await clock.sleep(until: clock.now + .milliseconds(Int64((wait * 1000).rounded())))
            } catch {
                throw HTTPTransferError(.cancelled)
            }
        }
    }

    /// One attempt, no retry (e.g. a warm-up): the shorter of the attempt timeout and `seconds` applies.
    /// - Throws: `HTTPTransferError` when the attempt got no answer.
    public func sendOnce(url: String, body: String, within seconds: Double) async throws(HTTPTransferError) -> TransferAnswer {
        let start = clock.now
        let total = min(limits.attemptTimeout, seconds)
        let request = HTTPRequest(url: url, body: body, connectTimeout: min(limits.connectTimeout, total), totalTimeout: total,
                                  maxResponseBytes: limits.maxResponseBytes, pinnedPublicKey: limits.pinnedPublicKey,
                                  caFile: limits.caFile)
        do {
            let response = try await transfer(request)
            log(url, attempt: 1, outcome: "status \(response.status)", since: start, callStart: start)
            return TransferAnswer(status: response.status, body: Data(response.body))
        } catch {
            log(url, attempt: 1, outcome: error.code, since: start, callStart: start)
            throw error
        }
    }

    private func log(_ url: String, attempt: Int, outcome: String, since start: ContinuousClock.Instant,
                     callStart: ContinuousClock.Instant) {
        logger?.debug("\(logLabel) attempt", metadata: [
            "endpoint": "\(url)", "attempt": "\(attempt)", "outcome": "\(outcome)",
            "attempt_ms": "\(Int(Self.seconds(clock.now - start) * 1000))",
            "call_ms": "\(Int(Self.seconds(clock.now - callStart) * 1000))",
        ])
    }

    /// Seconds of a duration, as a `Double`.
    public static func seconds(_ duration: Duration) -> Double {
        let (s, attoseconds) = duration.components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
