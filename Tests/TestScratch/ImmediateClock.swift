import Foundation

/// A clock whose sleeps return at once, recording how long each would have been (the supervisor's schedule).
public final class ImmediateClock: Clock, @unchecked Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleeps: [Duration] = []

    /// A clock at offset zero that has not slept.
    public init() {}

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }
    /// Every sleep so far.
    public var slept: [Duration] { lock.withLock { sleeps } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        lock.withLock {
            sleeps.append(current.duration(to: deadline))
            current = max(current, deadline)
        }
        await Task.yield()
    }
}
