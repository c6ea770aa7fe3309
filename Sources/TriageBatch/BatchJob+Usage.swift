import TriageEngine

extension BatchJob {
    /// The problem of a batch run's settings in the command line's words, `nil` when usable:
    /// cloud-only mode is not offered (offline or auto), 1–256 rows in flight, a deadline > 0 seconds.
    public static func usageProblem(mode: PredictionMode, concurrency: Int, deadline: Double?) -> String? {
        guard mode != .cloud else { return "--mode cloud is not available for batch; use offline or auto." }
        guard (1...256).contains(concurrency) else { return "--concurrency must be a whole number from 1 to 256." }
        if let deadline, !(deadline.isFinite && deadline > 0) { return "--deadline must be a number of seconds > 0." }
        return nil
    }
}
