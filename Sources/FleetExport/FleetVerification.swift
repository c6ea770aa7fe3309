/// One failed check of a fleet export: the file (relative to the export
/// directory) and the check, with what was compared (never key material or payloads).
public struct FleetProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file, e.g. `devices/AMB-12/records.jsonl`.
    public let file: String
    /// The stable check name, e.g. `record.hash`, `chain.gap`, `fleet.signature`.
    public let check: String
    /// What was compared, e.g. `sequence 14`.
    public let detail: String

    /// Creates a problem.
    public init(file: String, check: String, detail: String) {
        self.file = file
        self.check = check
        self.detail = detail
    }

    /// `FILE: CHECK (DETAIL)`.
    public var description: String { detail.isEmpty ? "\(file): \(check)" : "\(file): \(check) (\(detail))" }
}

/// What the verifier found for one device.
public struct FleetDeviceReport: Sendable, Hashable {
    /// The device's name.
    public let name: String
    /// Its log id, if bound.
    public var logId: String?
    /// The range's first and last sequence (`last < first` when empty).
    public var rangeFirstSequence: Int64 = 0, rangeLastSequence: Int64 = -1
    /// The head the export proves.
    public var headSequence: Int64 = 0
    /// How many signed heads verified.
    public var signedHeads = 0
    /// The first failed check, if any (verification of a device stops there).
    public var problem: FleetProblem?

    /// Records in the range.
    public var recordsInRange: Int64 { max(0, rangeLastSequence - rangeFirstSequence + 1) }
    /// True when every check passed.
    public var isValid: Bool { problem == nil }

    /// Creates an empty report.
    public init(name: String) { self.name = name }
}

/// The result of verifying a fleet export offline.
public struct FleetVerification: Sendable, Hashable {
    /// The range, ms since 1970 UTC (0 when the manifest could not be read).
    public var fromMs: Int64 = 0, toMs: Int64 = 0
    /// True once the fleet manifest was read (its signature verified), so the range is known.
    public var hasRange = false
    /// A failed check of the fleet manifest or its signature (then no device is trusted).
    public var problem: FleetProblem?
    /// Each device's report, sorted by name.
    public var devices: [FleetDeviceReport] = []

    /// True when the fleet signature and every device verified.
    public var isValid: Bool { problem == nil && devices.allSatisfy(\.isValid) }
    /// Every problem, fleet first then by device.
    public var problems: [FleetProblem] { ([problem] + devices.map(\.problem)).compactMap { $0 } }

    /// Creates an empty result.
    public init() {}
}
