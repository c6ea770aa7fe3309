import AuditFormat
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
        guard let start = UTCTime.milliseconds(from) else { return .failure(RangeError(flag: "--from", value: from)) }
        guard let end = UTCTime.milliseconds(to, endOfDay: true) else { return .failure(RangeError(flag: "--to", value: to)) }
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
}
