import Foundation
import StrokeModels

extension WallClock {
    /// Now as a Foundation `Date`, read from this clock (`WallClock.system` in production), for the
    /// APIs that take dates: certificate validity, report and export times, session expiry.
    public var date: Date { Date(timeIntervalSince1970: nowSeconds) }
}
