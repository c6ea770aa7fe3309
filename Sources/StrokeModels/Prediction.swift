// A probability with its provenance: where it came from, what drove it (the driver catalogue) and its risk level.

/// Where a number came from.
public enum PredictionSource: String, Sendable, Hashable, Codable {
    /// The prediction Cloud Functions.
    case cloud
    /// A local model that reproduces the reference exactly (LVO, volume).
    case local
    /// The offline research baseline (ICH), not a substitute for the cloud model.
    case baseline
}

/// One feature's signed contribution to a prediction.
public struct Driver: Sendable, Hashable, Codable {
    /// The `DriverCatalogue` key, e.g. `"gfap_value"` or `"fast_ed_score"`
    /// (a cloud name outside the catalogue stays as the cloud sent it).
    public let feature: String
    /// Signed weight; positive raises the probability. Never `-0.0`.
    public let weight: Double
    /// The name the Cloud Function gave this driver (e.g. `"High FAST-ED Score"`); nil for local models.
    public let cloudLabel: String?

    /// Creates a driver; a zero weight is stored as `+0.0` (a `-0.0` would print as "-0").
    public init(feature: String, weight: Double, cloudLabel: String? = nil) {
        self.feature = feature
        self.weight = weight == 0 ? 0 : weight
        self.cloudLabel = cloudLabel
    }

    /// The one driver order everywhere (JSON, text, report): |weight|
    /// descending, then key, then cloud label, so equal weights never swap between runs.
    public static func displayOrder(_ a: Driver, _ b: Driver) -> Bool {
        if abs(a.weight) != abs(b.weight) { return abs(a.weight) > abs(b.weight) }
        if a.feature != b.feature { return a.feature < b.feature }
        return (a.cloudLabel ?? "") < (b.cloudLabel ?? "")
    }
}

/// A probability with its provenance: source, model version, drivers, caveats.
public struct Prediction: Sendable, Hashable, Codable {
    /// Probability 0…1, or `nil` when the model does not apply (see `notes`).
    public let probability: Double?
    /// Where the number came from.
    public let source: PredictionSource
    /// Model name and version.
    public let model: String
    /// Drivers in `Driver.displayOrder` (|weight| descending, then key).
    public let drivers: [Driver]
    /// Why the cloud was not used, when a fallback answered in auto mode.
    public let fallbackReason: Message?
    /// Caveats about this number (e.g. cohort mean age used, baseline not applicable).
    public let notes: [ModelWarning]
    /// The inputs the model behind this number read, as keys of the assessment's
    /// `inputs` object (`TriageModule.inputKeys`), in the module's order.
    public let inputsUsed: [String]
    /// The Cloud Function's own risk label (`low`, `moderate`, `high` on its
    /// scale), kept beside this tool's `riskLevel`; nil when it gave none.
    public let cloudRiskLevel: String?

    /// Creates a prediction; drivers are put in `Driver.displayOrder`.
    public init(probability: Double?, source: PredictionSource, model: String, drivers: [Driver],
                fallbackReason: Message? = nil, notes: [ModelWarning] = [], inputsUsed: [String] = [], cloudRiskLevel: String? = nil) {
        self.probability = probability
        self.source = source
        self.model = model
        self.drivers = drivers.sorted(by: Driver.displayOrder)
        self.fallbackReason = fallbackReason
        self.notes = notes
        self.inputsUsed = inputsUsed
        self.cloudRiskLevel = cloudRiskLevel
    }

    /// Risk level of the probability, when there is one.
    public var riskLevel: RiskLevel? { probability.map(RiskLevel.init(probability:)) }

    /// The same prediction marked as a fallback for the given reason.
    public func asFallback(reason: Message) -> Prediction {
        Prediction(probability: probability, source: source, model: model, drivers: drivers,
                   fallbackReason: reason, notes: notes, inputsUsed: inputsUsed, cloudRiskLevel: cloudRiskLevel)
    }
}

/// Risk level of an ICH or LVO probability (docs/clinical-reference.md §4).
///
/// low p < 0.25 ≤ medium < 0.50 ≤ high < 0.70 ≤ critical.
public enum RiskLevel: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case low, medium, high, critical

    /// Lower bound of `medium`.
    public static let mediumFrom = 0.25
    /// Lower bound of `high`.
    public static let highFrom = 0.50
    /// Lower bound of `critical`.
    public static let criticalFrom = 0.70

    /// The level of a probability given as a fraction 0…1.
    public init(probability p: Double) {
        if p >= Self.criticalFrom { self = .critical }
        else if p >= Self.highFrom { self = .high }
        else if p >= Self.mediumFrom { self = .medium }
        else { self = .low }
    }

    /// Levels ordered from low to critical.
    public static func < (a: RiskLevel, b: RiskLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The one catalogue of driver keys. Every source names its drivers its own
/// way: the offline models and the ICH functions use the request's field
/// names (`gfap_value`, `fast_ed_score`), predict_lvo uses risk-factor names
/// (`High FAST-ED Score`, `Low GFAP`). Each maps to one key here, shown with
/// one localized label (`walk.feature.<key>` or the finding's own label).
public enum DriverCatalogue {
    /// A catalogue entry: the key (the request field name) and its label's localization key.
    public struct Entry: Sendable, Hashable {
        /// Stable key, used as `feature` in JSON.
        public let key: String
        /// Localization key of the label shown to people.
        public let labelKey: String
    }

    /// Every known driver key, in a fixed order.
    public static let entries: [Entry] = [
        Entry(key: "gfap_value", labelKey: "walk.feature.gfap_value"),
        Entry(key: "fast_ed_score", labelKey: "walk.feature.fast_ed_score"),
        Entry(key: "age_years", labelKey: "walk.feature.age_years"),
        Entry(key: "systolic_bp", labelKey: "walk.feature.systolic_bp"),
        Entry(key: "diastolic_bp", labelKey: "walk.feature.diastolic_bp"),
        Entry(key: "headache", labelKey: "walk.finding.headache"),
        Entry(key: "beinparese", labelKey: "walk.finding.legParesis"),
        Entry(key: "armparese", labelKey: "walk.finding.armParesis"),
        Entry(key: "eye_deviation", labelKey: "walk.finding.eyeDeviation"),
        Entry(key: "vigilanzminderung", labelKey: "walk.finding.reducedVigilance"),
        Entry(key: "atrial_fibrillation", labelKey: "walk.finding.atrialFibrillation"),
        Entry(key: "anticoagulated_noak", labelKey: "walk.finding.anticoagulated"),
        Entry(key: "antiplatelets", labelKey: "walk.finding.antiplatelets"),
    ]

    private static let byKey: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0) })
    private static let byFolded: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { (fold($0.key), $0) })

    /// The entry for a key, if it is in the catalogue.
    public static func entry(_ key: String) -> Entry? { byKey[key] }

    /// The catalogue key for a name as a Cloud Function sent it, or nil when unknown.
    /// Field names match as they are, also with a note in parentheses after them;
    /// risk-factor names match by the measure they name (`High FAST-ED Score`,
    /// `Low GFAP` → `fast_ed_score`, `gfap_value`).
    public static func key(forCloudName name: String) -> String? {
        if let entry = byKey[name] { return entry.key }
        // A note in parentheses after a field name (`age_years (offline baseline)`) does not change the field.
        if name.hasSuffix(")"), let open = name.lastIndex(of: "("), open > name.startIndex {
            var head = name[..<open]
            while head.last == " " { head.removeLast() }
            if let entry = byKey[String(head)] { return entry.key }
        }
        let folded = fold(name)
        if let entry = byFolded[folded] { return entry.key }
        if folded.contains("fasted") { return "fast_ed_score" }
        if folded.contains("gfap") { return "gfap_value" }
        return nil
    }

    /// A cloud driver mapped to the catalogue; the cloud's own name is kept as `cloudLabel`.
    public static func cloudDriver(name: String, weight: Double) -> Driver {
        Driver(feature: key(forCloudName: name) ?? name, weight: weight, cloudLabel: name)
    }

    /// Lower-case letters and digits only: `High FAST-ED Score` → `highfastedscore`.
    private static func fold(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
    }
}
