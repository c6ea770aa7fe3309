import AuditFormat

// The log's ISO 8601 text of timestamps in exports (its time is `Location.clock`, a `WallClock`).

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
