import AuditFormat
import StrokeAudit
import StrokeModels

// The rules for which settings go together, in the command line's words: a front-end
// shows the problem as a usage error (the CLI: argument-parser's validation, exit 64).

extension GfapAssaySetting {
    /// The problem of a `--gfap-assay` name that is no known assay; `nil` for a known one or none.
    public static func usageProblem(_ flag: String?) -> String? {
        guard let flag, GfapAssay(rawValue: flag) == nil else { return nil }
        return "--gfap-assay: '\(flag.escapingControlCharacters)' is not a known assay; allowed: \(GfapAssay.names)."
    }
}

extension ModuleRequest {
    /// The first problem of the request's flags with the catalogue values given: an unknown assay, a
    /// latitude without a longitude (or the reverse), a place together with coordinates; `nil` when usable.
    public func usageProblem(given values: [InputKey: Double]) -> String? {
        if let problem = GfapAssaySetting.usageProblem(gfapAssay) { return problem }
        let latitude = values[.lat], longitude = values[.lon]
        if (latitude == nil) != (longitude == nil) { return "--lat and --lon go together: give both or neither." }
        if near != nil, latitude != nil || longitude != nil { return "Give either --lat/--lon or --near, not both." }
        return nil
    }
}

extension CentersOrigin {
    /// The problem of the origin flags of `centers` and `route` unless they name exactly one
    /// origin (a latitude with a longitude, or a place); `nil` when they do.
    public static func usageProblem(latitude: Double?, longitude: Double?, near: String?) -> String? {
        switch (latitude, longitude, near) {
        case (nil, nil, nil): return "Give the origin: --lat and --lon, or --near PLACE."
        case (_?, nil, _), (nil, _?, _): return "--lat and --lon go together."
        case (_?, _?, _?): return "Give either --lat/--lon or --near, not both."
        default: return nil
        }
    }
}

extension OutcomeInputs {
    /// The problem of the outcome estimate's severity flags unless exactly one of `--race` and
    /// `--nihss` is given; `nil` when it is.
    public static func severityUsageProblem(race: Double?, nihss: Double?) -> String? {
        switch (race, nihss) {
        case (nil, nil): return "Give --race or --nihss."
        case (.some, .some): return "Give either --race or --nihss, not both."
        default: return nil
        }
    }
}

extension AuditExportRequest {
    /// The problem of a date flag (`--from`, `--to`, `--before`) that is no date; `nil` for a date or none.
    public static func dateUsageProblem(_ flag: String, _ value: String?) -> String? {
        guard let value, UTCTime.milliseconds(value) == nil else { return nil }
        return "\(flag): '\(value.escapingControlCharacters)' is not a date; allowed: YYYY-MM-DD or ISO 8601."
    }
}
