import Foundation

/// Milliseconds since 1970 as ISO 8601 UTC text, e.g. `2026-11-21T05:50:00.123Z`
/// (a fixed-width formatter: fast enough for streaming exports).
public enum UTCTime {
    /// The ISO 8601 UTC text of `ms`.
    public static func iso(_ ms: Int64) -> String {
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        let millis = ms - seconds * 1000
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil date from days since the epoch (H. Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay % 3600 / 60, 2) + ":" + pad(secondOfDay % 60, 2) + "." + pad(millis, 3) + "Z"
    }

    /// The ISO 8601 UTC text of `ms` to the whole second (the milliseconds dropped), e.g.
    /// `2026-11-21T05:50:00Z`: the one form for times shown to the user and in reports.
    public static func isoSeconds(_ ms: Int64) -> String {
        String(iso(ms).dropLast(5)) + "Z"
    }

    /// The ISO 8601 UTC text of `date` to the whole second (rounded to the millisecond first,
    /// then the milliseconds dropped, as Foundation's formatter does).
    public static func isoSeconds(_ date: Date) -> String {
        isoSeconds(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Parses a date given on a command line (`--from`, `--to`, `--before`): `YYYY-MM-DD`,
    /// a whole UTC day (its first millisecond, or with `endOfDay` its last), or an ISO 8601
    /// date-time with a zone (`2026-11-23T08:00:00Z`, fractional seconds allowed).
    /// - Returns: milliseconds since 1970 UTC, or `nil` when the text is not such a date
    ///   (a day that does not exist, such as `2026-02-30`, is not one).
    public static func milliseconds(_ text: String, endOfDay: Bool = false) -> Int64? {
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
