/// The time source of `CloudClient`: the deadline, each attempt's timeouts
/// (clipped to the time left), the waits between attempts and the logged
/// timings all read it.
///
/// Production uses `SystemCloudClock`. Tests inject a clock they advance
/// themselves (with a scripted transport), so the retry and deadline schedule
/// is asserted exactly instead of measured against the wall.
public protocol CloudClock: Sendable {
    /// The current instant.
    var now: ContinuousClock.Instant { get }
    /// Returns at `deadline` (at once if it has passed).
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    func sleep(until deadline: ContinuousClock.Instant) async throws
}

/// The real continuous clock (the default of `CloudClient`).
public struct SystemCloudClock: CloudClock {
    /// Creates the clock.
    public init() {}

    /// `ContinuousClock.now`.
    public var now: ContinuousClock.Instant { .now }

    /// Sleeps on `ContinuousClock` until `deadline`.
    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await ContinuousClock().sleep(until: deadline, tolerance: nil)
    }
}

/// One attempt's transfer, as `CloudClient` performs it: libcurl in
/// production (`CurlTransport.send`); a scripted answer in tests.
typealias CloudTransfer = @Sendable (HTTPRequest) async throws(CloudError) -> HTTPAnswer
