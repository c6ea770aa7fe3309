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
