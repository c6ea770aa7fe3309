import Foundation

/// Parses the `--from` / `--to` / `--before` dates of the audit commands:
/// `YYYY-MM-DD` (UTC; a `--to` date means the end of that day) or an ISO 8601
/// date-time with a zone (`2026-11-21T05:00:00Z`, fractional seconds allowed).
public enum AuditDate {
    /// Milliseconds since 1970 UTC, or nil when the text is not a date.
    public static func milliseconds(_ text: String, endOfDay: Bool = false) -> Int64? {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        if text.count == 10, let date = day.date(from: text) {
            let start = Int64(date.timeIntervalSince1970) * 1000
            return endOfDay ? start + 86_400_000 - 1 : start
        }
        let full = ISO8601DateFormatter()
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = full.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        full.formatOptions = [.withInternetDateTime]
        if let date = full.date(from: text) { return Int64(date.timeIntervalSince1970) * 1000 }
        return nil
    }
}
