import AuditFormat
import Foundation

// The log's time: now in milliseconds, and its ISO 8601 text in exports.

/// Wall-clock time in milliseconds since 1970 (UTC).
enum Clock {
    /// Now, in ms.
    static func nowMs() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}

/// ISO 8601 text of timestamps that mostly share their second: the
/// `YYYY-MM-DDTHH:MM:SS.` prefix is formatted once per second.
struct ISOClock {
    private var second: Int64 = .min
    private var prefix: [UInt8] = []

    /// Appends `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    mutating func append(_ ms: Int64, to out: inout [UInt8]) {
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        if seconds != second {
            second = seconds
            prefix = Array(UTCTime.iso(seconds * 1000).utf8.dropLast(4))
        }
        out.append(contentsOf: prefix)
        let millis = Int(ms - seconds * 1000)
        out.append(UInt8(ascii: "0") + UInt8(millis / 100))
        out.append(UInt8(ascii: "0") + UInt8(millis / 10 % 10))
        out.append(UInt8(ascii: "0") + UInt8(millis % 10))
        out.append(UInt8(ascii: "Z"))
    }
}
