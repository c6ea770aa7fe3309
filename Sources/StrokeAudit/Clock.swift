import Foundation

/// Wall-clock time in milliseconds since 1970 (UTC).
enum Clock {
    /// Now, in ms.
    static func nowMs() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
