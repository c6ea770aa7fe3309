#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a batch run has got to: rows done, rows per second and, when the
/// input size is known, an estimate of the seconds left.
public struct BatchProgress: Sendable, Hashable {
    /// Rows done (scored or rejected).
    public let rows: Int
    /// Rows per second since the run started.
    public let rowsPerSecond: Double
    /// Seconds left at this rate, from the bytes read of a regular input file; `nil` when unknown.
    public let secondsLeft: Double?

    /// A progress value (tests, front-ends replaying a run).
    public init(rows: Int, rowsPerSecond: Double, secondsLeft: Double?) {
        self.rows = rows
        self.rowsPerSecond = rowsPerSecond
        self.secondsLeft = secondsLeft
    }
}

/// Receives what a batch run reports beside its output: each rejected row, in
/// input order, and progress a few times a second. The library prints nothing;
/// the CLI draws a progress line and one stderr line per rejected row.
public protocol BatchEventSink {
    /// Whether progress is wanted at all; when `false` the run never looks at the clock.
    var wantsProgress: Bool { get }
    /// A row was rejected: its line number in the input and why (never its values).
    func rowRejected(line: Int, reason: RowRejection)
    /// Progress, at most `BatchProgressMeter.updatesPerSecond` times a second.
    func progress(_ progress: BatchProgress)
    /// The run wrote its last row (a progress line can be cleared now).
    func finished()
}

extension BatchEventSink {
    /// By default no progress is wanted.
    public var wantsProgress: Bool { false }
    /// By default progress is dropped.
    public func progress(_ progress: BatchProgress) {}
    /// By default nothing happens at the end.
    public func finished() {}
}

/// A sink that drops every event (a front-end that reports nothing).
public struct IgnoringBatchEvents: BatchEventSink {
    /// A sink that drops every event.
    public init() {}
    /// Drops the rejection.
    public func rowRejected(line: Int, reason: RowRejection) {}
}

/// Decides when progress is due: it looks at the clock only every
/// `rowsBetweenChecks` rows and reports at most `updatesPerSecond` times a second.
struct BatchProgressMeter {
    /// Reports per second, at most.
    static let updatesPerSecond = 4.0
    /// Rows between looks at the clock.
    static let rowsBetweenChecks = 1024

    private let enabled: Bool
    private let totalBytes: Int?
    private let started: Double
    private var lastReport: Double
    private var countdown = rowsBetweenChecks

    /// A meter; `totalBytes` is the input size when it is a regular file.
    init(totalBytes: Int?, enabled: Bool) {
        self.enabled = enabled
        self.totalBytes = totalBytes
        self.started = Self.now()
        self.lastReport = started
    }

    /// Notes a row; the progress to report when one is due, else `nil` (cheap).
    @inline(__always) mutating func tick(rows: Int, bytesRead: Int) -> BatchProgress? {
        guard enabled else { return nil }
        countdown -= 1
        guard countdown <= 0 else { return nil }
        countdown = Self.rowsBetweenChecks
        let now = Self.now()
        guard now - lastReport >= 1 / Self.updatesPerSecond else { return nil }
        lastReport = now
        return Self.progress(rows: rows, bytesRead: bytesRead, totalBytes: totalBytes, elapsed: now - started)
    }

    /// The progress after `elapsed` seconds: the rate, and the time left from the share of bytes read.
    static func progress(rows: Int, bytesRead: Int, totalBytes: Int?, elapsed: Double) -> BatchProgress {
        let rate = elapsed > 0 ? Double(rows) / elapsed : 0
        var left: Double? = nil
        if let totalBytes, totalBytes > 0, bytesRead > 0, bytesRead <= totalBytes {
            left = elapsed * Double(totalBytes - bytesRead) / Double(bytesRead)
        }
        return BatchProgress(rows: rows, rowsPerSecond: rate, secondsLeft: left)
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
