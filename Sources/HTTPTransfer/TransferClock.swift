import Foundation
import StrokeModels

/// The time source of `RetryingTransfer` (and so of `CloudClient` and the
/// push): the deadline, each attempt's timeouts (clipped to the time left),
/// the waits between attempts, the logged timings, and the date an HTTP-date
/// `Retry-After` is read against.
///
/// Production uses `SystemTransferClock`. Tests inject a clock they advance
/// themselves (with a scripted transport), so the retry and deadline schedule
/// is asserted exactly instead of measured against the wall.
public protocol TransferClock: Sendable {
    /// The current instant.
    var now: ContinuousClock.Instant { get }
    /// The current wall-clock date (an HTTP-date `Retry-After` is relative to it).
    var date: Date { get }
    /// Returns at `deadline` (at once if it has passed).
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    func sleep(until deadline: ContinuousClock.Instant) async throws
}

extension TransferClock {
    /// The system's date, unless a clock gives its own.
    public var date: Date { Date(timeIntervalSince1970: WallClock.system.nowSeconds) }
}

/// The real continuous clock (the default of `RetryingTransfer`).
public struct SystemTransferClock: TransferClock {
    /// Creates the clock.
    public init() {}

    /// `ContinuousClock.now`.
    public var now: ContinuousClock.Instant { .now }

    /// Sleeps on `ContinuousClock` until `deadline`.
    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await ContinuousClock().sleep(until: deadline, tolerance: nil)
    }
}

/// One attempt's transfer, as `RetryingTransfer` performs it: libcurl in
/// production (`CurlTransport.send`); a scripted answer in tests.
package typealias Transfer = @Sendable (HTTPRequest) async throws(HTTPTransferError) -> HTTPResponse
