import Foundation

/// The date range of a fleet export, inclusive at both ends, in ms since 1970 UTC.
public struct FleetExportRange: Sendable, Hashable {
    /// The first millisecond in the range.
    public let fromMs: Int64
    /// The last millisecond in the range.
    public let toMs: Int64

    /// Parses `--from` and `--to`: `YYYY-MM-DD` (a whole UTC day: from its first
    /// millisecond, to its last) or a full ISO 8601 time with a zone (`2026-11-23T08:00:00Z`).
    /// - Returns: the range, or the offending flag and value when a value is malformed or `from` lies after `to`.
    public static func parse(from: String, to: String) -> Result<FleetExportRange, RangeError> {
        guard let start = instant(from, endOfDay: false) else { return .failure(RangeError(flag: "--from", value: from)) }
        guard let end = instant(to, endOfDay: true) else { return .failure(RangeError(flag: "--to", value: to)) }
        guard start <= end else { return .failure(RangeError(flag: "--to", value: to)) }
        return .success(FleetExportRange(fromMs: start, toMs: end))
    }

    /// A value that is not a date, or a range that ends before it starts.
    public struct RangeError: Error, Sendable, Hashable {
        /// `--from` or `--to`.
        public let flag: String
        /// The value given.
        public let value: String

        /// Creates an error naming the flag and its value.
        public init(flag: String, value: String) {
            self.flag = flag
            self.value = value
        }
    }

    static func instant(_ text: String, endOfDay: Bool) -> Int64? {
        let utf8 = Array(text.utf8)
        if utf8.count == 10 {
            var components = DateComponents()
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                  let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                  (1...12).contains(month), (1...31).contains(day) else { return nil }
            components.year = year
            components.month = month
            components.day = day
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
            let start = Int64((date.timeIntervalSince1970 * 1000).rounded())
            return endOfDay ? start + 86_400_000 - 1 : start
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        return nil
    }
}
