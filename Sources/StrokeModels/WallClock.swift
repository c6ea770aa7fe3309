#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall clock: the current time as milliseconds since 1970 (UTC), read
/// through an injected closure.
///
/// Every timestamp the tools write (audit records, signed requests, queued
/// cases, the board's ETA) and every date they compare against (a
/// `Retry-After` HTTP date, a session's expiry) comes from one `WallClock`
/// handed down from the front-end. `WallClock.system` is the only place
/// production code reads the system time; tests pass `fixed(_:)` or their own
/// closure and assert exact times.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Int64

    /// A clock that reads `millisecondsSince1970` on every call.
    public init(millisecondsSince1970: @escaping @Sendable () -> Int64) {
        self.read = millisecondsSince1970
    }

    /// Now, milliseconds since 1970 (UTC).
    public var nowMs: Int64 { read() }

    /// Now, seconds since 1970 (UTC), with the milliseconds as a fraction.
    public var nowSeconds: Double { Double(read()) / 1000 }

    /// A clock that always reads `ms` (tests and replays).
    public static func fixed(_ ms: Int64) -> WallClock {
        WallClock { ms }
    }

    /// The system's real-time clock (`CLOCK_REALTIME`), rounded down to the millisecond.
    public static let system = WallClock {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
