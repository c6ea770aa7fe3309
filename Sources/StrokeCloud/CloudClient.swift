import Foundation
import HTTPTransfer
import Logging

/// Calls the Cloud Functions with retries inside a deadline.
///
/// The calls go through the package's one retry loop (`RetryingTransfer`):
/// each attempt's timeouts are clipped to the time left, so a call never
/// outlives its deadline; waits between attempts follow `RetryPolicy`.
/// Log lines (debug level) name the endpoint, status, attempt and timings —
/// never a body, a patient value or a token.
public struct CloudClient: Sendable {
    /// The limits in force.
    public let configuration: CloudConfiguration
    /// The retry loop over the transport, with the injected clock and jitter.
    private let transfer: RetryingTransfer

    /// Creates a client.
    /// - Parameters:
    ///   - configuration: base URL and limits.
    ///   - logger: receives one debug line per attempt.
    ///   - random: uniform draws in 0 ..< 1 for the backoff jitter (inject a fixed one in tests).
    ///   - clock: the time source of the deadline, the timeouts and the waits (the real clock by default).
    public init(configuration: CloudConfiguration, logger: Logger = Logger(label: "stroke-triage.cloud"),
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                clock: any TransferClock = SystemTransferClock()) {
        self.configuration = configuration
        transfer = RetryingTransfer(limits: configuration.transferLimits, clock: clock, random: random, logger: logger,
                                    logLabel: "cloud")
    }

    /// Creates a client whose attempts go through `transfer` instead of libcurl (tests script the answers).
    package init(configuration: CloudConfiguration, logger: Logger = Logger(label: "stroke-triage.cloud"),
                 random: @escaping @Sendable () -> Double, clock: any TransferClock, transfer: @escaping Transfer) {
        self.configuration = configuration
        self.transfer = RetryingTransfer(limits: configuration.transferLimits, clock: clock, random: random, logger: logger,
                                         logLabel: "cloud", transfer: transfer)
    }

    /// The deadline that starts now with the configured duration.
    public func deadlineFromNow() -> ContinuousClock.Instant {
        transfer.clock.now + .milliseconds(Int64((configuration.deadline * 1000).rounded()))
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
        let answer: TransferAnswer
        do {
            answer = try await transfer.send(url: configuration.url(function), body: body, deadline: deadline)
        } catch let error as HTTPTransferError {
            throw CloudError(error, deadline: configuration.deadline)
        } catch {
            throw .transport("\(error)")
        }
        guard (200..<300).contains(answer.status) else {
            throw .httpStatus(answer.status, errorText: CloudDecoder.errorText([UInt8](answer.body)))
        }
        return [UInt8](answer.body)
    }

    /// One warm-up post of `{}`: the status (any HTTP answer means the function is awake) and latency.
    /// No retries; the shorter of the attempt timeout and the deadline applies.
    public func warmUp(_ function: CloudFunction) async -> WarmUpResult {
        let start = transfer.clock.now
        let seconds = { RetryingTransfer.seconds(self.transfer.clock.now - start) }
        do {
            let answer = try await transfer.sendOnce(url: configuration.url(function), body: CloudRequest.warmUp,
                                                     within: configuration.deadline)
            return WarmUpResult(function: function, status: answer.status, error: nil, seconds: seconds())
        } catch {
            return WarmUpResult(function: function, status: nil,
                                error: CloudError(error, deadline: configuration.deadline).attributed(to: function.rawValue),
                                seconds: seconds())
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
