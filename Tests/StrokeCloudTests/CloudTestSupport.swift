import HTTPTransfer
import StrokeCloud
import StrokeModels
import Testing

/// Short limits so the fault suite stays fast; a fixed jitter draw so waits are deterministic.
enum CloudTestSupport {
    /// A client for `base` with test-sized timeouts and backoff.
    /// On a `StillCloudClock` unless `clock` is given: against the real fake server the suites
    /// check which error and how many attempts, and a thread pool starved by other suites must
    /// not turn an answer into a deadline error (only libcurl's own timeouts use real time).
    static func client(_ base: String, deadline: Double = 3, attemptTimeout: Double = 2, maxAttempts: Int = 3,
                       maxResponseBytes: Int = 65_536, clock: any TransferClock = StillCloudClock()) -> CloudClient {
        CloudClient(configuration: configuration(base, deadline: deadline, attemptTimeout: attemptTimeout,
                                                 maxAttempts: maxAttempts, maxResponseBytes: maxResponseBytes),
                    random: { 0.5 }, clock: clock)
    }

    /// The test-sized limits: connect timeout 1 s, backoff base 0.02 s, cap 0.05 s.
    static func configuration(_ base: String, deadline: Double = 3, attemptTimeout: Double = 2, maxAttempts: Int = 3,
                              maxResponseBytes: Int = 65_536) -> CloudConfiguration {
        CloudConfiguration(baseURL: base, connectTimeout: 1, attemptTimeout: attemptTimeout, deadline: deadline,
                           maxResponseBytes: maxResponseBytes,
                           retry: RetryPolicy(maxAttempts: maxAttempts, baseDelay: 0.02, maxDelay: 0.05))
    }

    /// Full-module inputs.
    static var full: TriageInputs {
        var i = TriageInputs(module: .full, gfap: 150)
        i.age = 72; i.sbp = 160; i.dbp = 90; i.fastEd = 6; i.armParesis = true; i.eyeDeviation = true
        return i
    }

    /// Limited-module inputs.
    static var limited: TriageInputs {
        var i = TriageInputs(module: .limited, gfap: 150)
        i.age = 72; i.sbp = 160; i.dbp = 90
        return i
    }

    /// Coma-module inputs.
    static var coma: TriageInputs { TriageInputs(module: .coma, gfap: 100) }
}
