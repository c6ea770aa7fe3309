import Foundation

extension CloudClient {
    /// One request to `url` with the cloud client's transport, timeouts,
    /// retry policy and deadline, for services other than the prediction
    /// functions (the fleet collector). `headers` runs before every attempt,
    /// so each attempt can carry a fresh signature and nonce.
    ///
    /// Connect failures, timeouts and the retryable statuses (408, 429, 5xx)
    /// are retried per `RetryPolicy`, on the client's injected clock, jitter and
    /// transport as `call`'s; the last answer is returned whatever its status
    /// once no retry fits.
    /// - Parameters:
    ///   - method: `GET` or `POST`.
    ///   - body: the JSON body (empty for `GET`).
    ///   - headers: header lines (`Name: value`) for one attempt.
    ///   - deadline: no attempt or wait goes beyond it.
    /// - Throws: `CloudError` when no attempt got an answer; whatever `headers` throws.
    public func exchange(method: String, url: String, body: Data, headers: () throws -> [String],
                         deadline: ContinuousClock.Instant) async throws -> HTTPAnswer {
        var attempt = 0
        let text = String(decoding: body, as: UTF8.self)
        while true {
            attempt += 1
            if Task.isCancelled { throw CloudError.cancelled }
            let remaining = Self.seconds(deadline - clock.now)
            guard remaining > 0 else { throw CloudError.deadlineExceeded(seconds: configuration.deadline) }
            let total = min(configuration.attemptTimeout, remaining)
            let request = HTTPRequest(url: url, body: text, connectTimeout: min(configuration.connectTimeout, total),
                                      totalTimeout: total, maxResponseBytes: configuration.maxResponseBytes,
                                      pinnedPublicKey: configuration.pinnedPublicKey, caFile: configuration.caFile, method: method,
                                      extraHeaders: try headers())
            let failure: RetryPolicy.Failure
            var retryAfter: Double?
            var last: Result<HTTPAnswer, CloudError>
            do {
                let answer = try await transfer(request)
                if answer.isSuccess { return answer }
                failure = .status(answer.status)
                retryAfter = answer.retryAfter.flatMap { RetryAfter.seconds($0, nowMs: wallClock.nowMs) }
                last = .success(answer)
            } catch {
                failure = error.retryClass
                last = .failure(error)
            }
            let decision = configuration.retry.decide(after: failure, attempt: attempt, retryAfter: retryAfter,
                                                      remainingSeconds: Self.seconds(deadline - clock.now),
                                                      draw: draw())
            guard case .retry(let wait) = decision else { return try last.get() }
            do {
                try await clock.sleep(until: clock.now + .milliseconds(Int64((wait * 1000).rounded())))
            } catch {
                throw CloudError.cancelled
            }
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (s, attoseconds) = duration.components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
