import Foundation
import StrokeModels

/// Parses the HTTP `Retry-After` header: delay-seconds or an HTTP-date.
public enum RetryAfter {
    /// The wait in seconds from `nowMs`, or `nil` when the value is neither form.
    /// A date in the past gives 0.
    /// - Parameters:
    ///   - value: the header's value.
    ///   - nowMs: the client's injected wall clock (`TransferClock.date`), ms since 1970, that an HTTP date is read against.
    public static func seconds(_ value: String, nowMs: Int64) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) {
            return Double(trimmed)
        }
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) {
                return max(0, date.timeIntervalSince1970 - Double(nowMs) / 1000)
            }
        }
        return nil
    }

    /// IMF-fixdate, RFC 850 and asctime, as RFC 9110 §5.6.7 requires recipients to accept.
    private static let formats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]
}
