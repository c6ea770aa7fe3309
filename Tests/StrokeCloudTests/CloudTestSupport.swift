import StrokeCloud
import StrokeModels

/// Short limits so the fault suite stays fast; a fixed jitter draw so waits are deterministic.
enum CloudTestSupport {
    /// A client for `base` with test-sized timeouts and backoff.
    static func client(_ base: String, deadline: Double = 3, attemptTimeout: Double = 2, maxAttempts: Int = 3,
                       maxResponseBytes: Int = 65_536) -> CloudClient {
        CloudClient(configuration: CloudConfiguration(
            baseURL: base, connectTimeout: 1, attemptTimeout: attemptTimeout, deadline: deadline,
            maxResponseBytes: maxResponseBytes,
            retry: RetryPolicy(maxAttempts: maxAttempts, baseDelay: 0.02, maxDelay: 0.05)),
            random: { 0.5 })
    }

    /// Full-module inputs.
    static var full: TriageInputs {
        var i = TriageInputs(module: .full, gfap: 150)
        i.age = 72; i.systolic = 160; i.diastolic = 90; i.fastEd = 6; i.armParesis = true; i.eyeDeviation = true
        return i
    }

    /// Limited-module inputs.
    static var limited: TriageInputs {
        var i = TriageInputs(module: .limited, gfap: 150)
        i.age = 72; i.systolic = 160; i.diastolic = 90
        return i
    }

    /// Coma-module inputs.
    static var coma: TriageInputs { TriageInputs(module: .coma, gfap: 100) }

    /// The client's own bound on overshooting a deadline.
    static let deadlineTolerance = 0.1
    /// Extra time the OS may take to wake the waiting threads (the deadline itself is
    /// libcurl's timer). `CloudDeadlineTests` runs alone, so this stays small.
    static let schedulingSlack = 0.05

    /// Whether `elapsed` ended at the deadline: not before it, and no later than the
    /// tolerance plus the scheduling slack.
    static func endsAtDeadline(_ elapsed: Double, _ deadline: Double) -> Bool {
        elapsed >= deadline - 0.005 && elapsed < deadline + deadlineTolerance + schedulingSlack
    }

    /// Seconds elapsed while running `body`.
    static func elapsed(_ body: () async -> Void) async -> Double {
        let start = ContinuousClock.now
        await body()
        let (s, atto) = (ContinuousClock.now - start).components
        return Double(s) + Double(atto) / 1e18
    }
}
