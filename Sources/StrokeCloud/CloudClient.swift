import Foundation
import Logging
import StrokeModels

/// Calls the Cloud Functions with retries inside a deadline.
///
/// Each attempt's timeouts are clipped to the time left, so a call never
/// outlives its deadline; waits between attempts follow `RetryPolicy`.
/// Log lines (debug level) name the endpoint, status, attempt and timings —
/// never a body, a patient value or a token.
public struct CloudClient: Sendable {
    /// The limits in force.
    public let configuration: CloudConfiguration
    private let logger: Logger
    /// The jitter's random draw, the clocks and the transport: injected, and shared by `exchange` (SignedExchange).
    let draw: @Sendable () -> Double
    let clock: any CloudClock
    /// The wall clock a `Retry-After` HTTP date is read against.
    let wallClock: WallClock
    let transfer: CloudTransfer

    /// Creates a client.
    /// - Parameters:
    ///   - configuration: base URL and limits.
    ///   - logger: receives one debug line per attempt.
    ///   - random: uniform draws in 0 ..< 1 for the backoff jitter (inject a fixed one in tests).
    ///   - clock: the time source of the deadline, the timeouts and the waits (the real clock by default).
    ///   - wallClock: the time a `Retry-After` HTTP date is read against (the system's by default).
    public init(configuration: CloudConfiguration, logger: Logger = Logger(label: "stroke-triage.cloud"),
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                clock: any CloudClock = SystemCloudClock(), wallClock: WallClock = .system) {
        self.init(configuration: configuration, logger: logger, random: random, clock: clock, wallClock: wallClock,
                  transfer: { request throws(CloudError) in try await CurlTransport.send(request) })
    }

    /// Creates a client whose attempts go through `transfer` instead of libcurl (tests script the answers).
    init(configuration: CloudConfiguration, logger: Logger = Logger(label: "stroke-triage.cloud"),
         random: @escaping @Sendable () -> Double, clock: any CloudClock, wallClock: WallClock = .system,
         transfer: @escaping CloudTransfer) {
        self.configuration = configuration
        self.logger = logger
        self.draw = random
        self.clock = clock
        self.wallClock = wallClock
        self.transfer = transfer
    }

    /// The deadline that starts now with the configured duration.
    public func deadlineFromNow() -> ContinuousClock.Instant {
        clock.now + .milliseconds(Int64((configuration.deadline * 1000).rounded()))
    }

    /// Posts `body` to `function`, retrying per the policy, and returns the 2xx body.
    /// - Parameter deadline: no attempt or wait goes beyond it.
    /// - Throws: `CloudError`, attributed to the function.
    public func call(_ function: CloudFunction, body: String, deadline: ContinuousClock.Instant) async throws(CloudError) -> [UInt8] {
        do {
            return try await attempts(function, body: body, deadline: deadline)
        } catch {
            throw error.attributed(to: function.rawValue)
        }
    }

    private func attempts(_ function: CloudFunction, body: String, deadline: ContinuousClock.Instant) async throws(CloudError) -> [UInt8] {
        let url = configuration.url(function)
        let callStart = clock.now
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw .cancelled }
            let remaining = seconds(deadline - clock.now)
            guard remaining > 0 else { throw .deadlineExceeded(seconds: configuration.deadline) }
            let total = min(configuration.attemptTimeout, remaining)
            let request = HTTPRequest(url: url, body: body, connectTimeout: min(configuration.connectTimeout, total),
                                      totalTimeout: total, maxResponseBytes: configuration.maxResponseBytes,
                                      pinnedPublicKey: configuration.pinnedPublicKey, caFile: configuration.caFile)
            let start = clock.now
            let failure: CloudError
            var retryAfter: Double?
            do {
                let response = try await transfer(request)
                log(url, attempt: attempt, outcome: "status \(response.status)", since: start, callStart: callStart)
                if response.isSuccess { return Array(response.body) }
                failure = .httpStatus(response.status, errorText: CloudDecoder.errorText(Array(response.body)))
                retryAfter = response.retryAfter.flatMap { RetryAfter.seconds($0, nowMs: wallClock.nowMs) }
            } catch {
                log(url, attempt: attempt, outcome: error.code, since: start, callStart: callStart)
                if error.code == "cloud.timeout", seconds(deadline - clock.now) < configuration.retry.minimumAttemptSeconds {
                    throw .deadlineExceeded(seconds: configuration.deadline)
                }
                failure = error
            }
            let decision = configuration.retry.decide(after: failure.retryClass, attempt: attempt, retryAfter: retryAfter,
                                                      remainingSeconds: seconds(deadline - clock.now), draw: draw())
            guard case .retry(let wait) = decision else { throw failure }
            logger.debug("cloud retry", metadata: ["endpoint": "\(url)", "attempt": "\(attempt)", "wait_ms": "\(Int(wait * 1000))"])
            do {
                try await clock.sleep(until: clock.now + .milliseconds(Int64((wait * 1000).rounded())))
            } catch {
                throw .cancelled
            }
        }
    }

    /// One warm-up post of `{}`: the status (any HTTP answer means the function is awake) and latency.
    /// No retries; the shorter of the attempt timeout and the deadline applies.
    public func warmUp(_ function: CloudFunction) async -> WarmUpResult {
        let start = clock.now
        let total = min(configuration.attemptTimeout, configuration.deadline)
        let request = HTTPRequest(url: configuration.url(function), body: CloudRequest.warmUp,
                                  connectTimeout: min(configuration.connectTimeout, total),
                                  totalTimeout: total, maxResponseBytes: configuration.maxResponseBytes,
                                  pinnedPublicKey: configuration.pinnedPublicKey, caFile: configuration.caFile)
        do {
            let response = try await transfer(request)
            log(request.url, attempt: 1, outcome: "status \(response.status)", since: start, callStart: start)
            return WarmUpResult(function: function, status: response.status, error: nil, seconds: seconds(clock.now - start))
        } catch {
            log(request.url, attempt: 1, outcome: error.code, since: start, callStart: start)
            return WarmUpResult(function: function, status: nil, error: error.attributed(to: function.rawValue),
                                seconds: seconds(clock.now - start))
        }
    }

    /// Logs in for research access and returns the session (never logged).
    public func login(password: String) async throws(CloudError) -> ResearchSession {
        try CloudDecoder.session(try await call(.researchAccess, body: CloudRequest.login(password: password),
                                                deadline: deadlineFromNow()))
    }

    /// Asks the research-access function whether it still accepts `token` (`validate_session`):
    /// true for a 2xx answer with `success: true`, false for 401/403 or `success: false`.
    /// - Throws: `CloudError` when the function cannot be asked (network, 5xx, other 4xx).
    public func validate(token: String) async throws(CloudError) -> Bool {
        do {
            let body = try await call(.researchAccess, body: CloudRequest.validate(token: token), deadline: deadlineFromNow())
            return CloudDecoder.accepted(body)
        } catch {
            if let status = error.httpStatus, status == 401 || status == 403 { return false }
            throw error
        }
    }

    private func log(_ url: String, attempt: Int, outcome: String, since start: ContinuousClock.Instant,
                     callStart: ContinuousClock.Instant) {
        logger.debug("cloud attempt", metadata: [
            "endpoint": "\(url)", "attempt": "\(attempt)", "outcome": "\(outcome)",
            "attempt_ms": "\(Int(seconds(clock.now - start) * 1000))", "call_ms": "\(Int(seconds(clock.now - callStart) * 1000))",
        ])
    }

    private func seconds(_ duration: Duration) -> Double {
        let (s, attoseconds) = duration.components
        return Double(s) + Double(attoseconds) / 1e18
    }
}

/// The outcome of warming up one function.
public struct WarmUpResult: Sendable, Hashable {
    /// The function.
    public let function: CloudFunction
    /// The HTTP status it answered with, if it answered.
    public let status: Int?
    /// Why it did not answer, if it did not.
    public let error: CloudError?
    /// Time to the answer or failure, seconds.
    public let seconds: Double
}
