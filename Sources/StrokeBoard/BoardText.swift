import CaseWire
import StrokeJSON
import StrokeModels
import TriageLocalization

/// The board's English and German wording. Hedged, never diagnostic; every
/// number on the page says which model produced it. Input names and number
/// formats come from the CLI's own catalogue (`TriageLocalization`).
struct BoardText: Sendable {
    let language: BoardLanguage
    let localizer: Localizer

    init(language: BoardLanguage) {
        self.language = language
        self.localizer = Localizer(language: language == .de ? .de : .en)
    }

    /// The page title.
    var title: String { de ? "Angemeldete Schlaganfall-Patienten" : "Incoming stroke pre-notifications" }
    /// Shown when there is no case.
    var empty: String { de ? "Keine angemeldeten Patienten." : "No incoming cases." }
    /// The label of the case list region.
    var listLabel: String { de ? "Angemeldete Patienten" : "Incoming cases" }
    /// The research-use disclaimer.
    var disclaimer: String {
        de ? "Nur für Forschungszwecke. Kein Medizinprodukt; keine Diagnose. Es entscheidet das klinische Urteil."
            : "Research use only. Not a medical device; no diagnosis. Clinical judgement decides."
    }
    /// A case whose verdict is not valid.
    var notVerified: String { de ? "NICHT VERIFIZIERT — NICHT VERWENDEN" : "NOT VERIFIED — DO NOT USE" }
    /// Why, per verdict.
    func verdictReason(_ verdict: CaseVerdict) -> String {
        switch verdict {
        case .valid: ""
        case .signatureInvalid: de ? "Signatur ungültig" : "signature invalid"
        case .unknownDevice: de ? "unbekanntes Gerät" : "unknown device"
        case .undecryptable: de ? "nicht entschlüsselbar" : "cannot be decrypted"
        case .contentInvalid: de ? "Inhalt ungültig" : "content invalid"
        }
    }
    /// The relay warning.
    func relayFailing(since: String?) -> String {
        let when = since.map { de ? " (letzte Antwort \($0))" : " (last answer \($0))" } ?? ""
        return de ? "Relay nicht erreichbar\(when) — Anzeige möglicherweise veraltet."
            : "Relay not reachable\(when) — this board may be out of date."
    }

    /// The module line: coma names the comatose patient and the coma edge (`DecisionRules.comaGcsAtMost`).
    func module(_ module: String) -> String {
        let gcs = DecisionRules.comaGcsAtMost
        switch module {
        case "coma": return de ? "Koma-Modul: Patient komatös (GCS \(gcs) oder weniger)" : "Coma module: patient comatose (GCS \(gcs) or below)"
        case "limited": return de ? "Eingeschränktes Modul: neurologisch nicht untersuchbar" : "Limited module: not examinable neurologically"
        case "full": return de ? "Vollständiges Modul" : "Full module"
        default: return module.escapingControlCharacters
        }
    }
    /// Where the crew was when it assessed (the place name the routing understood).
    func place(_ place: String) -> String {
        (de ? "Einsatzort: " : "Location: ") + place.escapingControlCharacters
    }
    /// The label of the recommendations list.
    var recommendations: String { de ? "Empfehlungen" : "Recommendations" }
    /// The urgency badge's text.
    func urgency(_ urgency: TriageUrgency) -> String {
        switch urgency {
        case .immediate: de ? "SOFORT" : "IMMEDIATE"
        case .urgent: de ? "DRINGEND" : "URGENT"
        case .timeCritical: de ? "ZEITKRITISCH" : "TIME-CRITICAL"
        case .standard: de ? "REGULÄR" : "STANDARD"
        }
    }
    /// The status line.
    func status(_ status: CaseStatus) -> String {
        switch status {
        case .inTransit: de ? "unterwegs" : "in transit"
        case .arrived: de ? "angekommen" : "arrived"
        case .cancelled: de ? "abgesagt" : "cancelled"
        case .archived: de ? "archiviert" : "archived"
        }
    }
    /// `ETA {m} min`, with `{m}` replaced (the page's script uses the template too).
    var etaTemplate: String { de ? "Ankunft in {m} min" : "ETA {m} min" }
    /// The ETA has passed.
    var etaNow: String { de ? "Ankunft jetzt" : "Arriving now" }
    /// No ETA given.
    var etaUnknown: String { de ? "Ankunftszeit unbekannt" : "ETA unknown" }

    /// A model's source.
    func source(_ source: String) -> String {
        switch source {
        case "cloud": de ? "Cloud-Modell" : "cloud model"
        case "local": de ? "lokales Modell" : "local model"
        case "baseline": de ? "Offline-Basismodell" : "offline baseline"
        default: source
        }
    }
    /// A model risk level as the case states it.
    func riskLevel(_ level: String) -> String {
        guard de else { return level }
        return ["low": "niedrig", "medium": "mittel", "high": "hoch", "critical": "kritisch"][level] ?? level
    }
    /// ICH heading.
    var ich: String { de ? "ICB (Blutung)" : "ICH (bleed)" }
    /// LVO heading.
    var lvo: String { de ? "Großer Gefäßverschluss" : "LVO (large vessel occlusion)" }
    /// Not assessed by this module.
    var notAssessed: String { de ? "nicht berechnet" : "not assessed" }
    /// Volume heading.
    var volume: String { de ? "Geschätztes Blutungsvolumen, falls eine Blutung vorliegt" : "Estimated bleed volume, should a bleed be present" }
    /// The onset when the case gives none (issue 45: "onset unknown" is shown, never left out).
    var onsetUnknown: String { de ? "Symptombeginn unbekannt" : "Symptom onset unknown" }
    /// Onset line: minutes before sending, and the clock time.
    func onset(minutes: String, clock: String?) -> String {
        let at = clock.map { " (≈ \($0))" } ?? ""
        return de ? "Symptombeginn \(minutes) min vor dem Senden\(at)" : "Symptom onset \(minutes) min before sending\(at)"
    }
    /// The findings heading.
    var findings: String { de ? "Befunde (wie eingegeben)" : "Findings (as entered)" }
    /// Sender line.
    func sender(device: String, sent: String) -> String {
        de ? "von \(device), gesendet \(sent)" : "from \(device), sent \(sent)"
    }
    /// A case's accessible name.
    func caseLabel(device: String, urgency: TriageUrgency?) -> String {
        let level = urgency.map { self.urgency($0).lowercased() }
        if de { return "Patient von \(device)" + (level.map { ", Dringlichkeit \($0)" } ?? ", nicht verifiziert") }
        return "Case from \(device)" + (level.map { ", urgency \($0)" } ?? ", not verified")
    }
    /// An input value: yes/no, not answered, or the number as sent (German with a decimal comma).
    func value(_ value: JSONValue) -> String {
        switch value {
        case .bool(let b): b ? (de ? "ja" : "yes") : (de ? "nein" : "no")
        case .null: de ? "nicht erhoben" : "not answered"
        case .integer(let n): String(n)
        case .number(let n): de ? Self.asEntered(n).replacingOccurrences(of: ".", with: ",") : Self.asEntered(n)
        case .string(let s): s
        case .array, .object: "…"
        }
    }

    /// A number as entered: whole numbers without a fraction (`97`, `45`), others in Swift's shortest form (`4321.5`).
    static func asEntered(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// A probability as the CLI shows it (whole percent, e.g. "52 %").
    func percent(_ p: Double) -> String { localizer.percent(p) }

    /// A whole number of the language (volume in ml).
    func whole(_ n: Double) -> String { localizer.number(n, maxFractionDigits: 0) }

    /// The name of an input key of the assessment's `inputs` object, from the CLI's catalogue
    /// (`field.<key>`, else `walk.finding.<key>`), with its unit; unknown keys as they are.
    func input(_ key: String) -> String {
        for candidate in ["field.\(key)", "walk.finding.\(key)"] {
            let name = localizer.text(candidate)
            guard name != candidate else { continue }
            guard let unit = InputField(rawValue: key)?.unit, unit != "years" else { return name }
            return "\(name), \(unit)"
        }
        return key
    }

    /// The order findings are listed in: the module's own input order, then onset and assay, then the rest sorted.
    static func inputOrder(module: String?, keys: [String]) -> [String] {
        let first = (module.flatMap(TriageModule.init(rawValue:))?.inputKeys ?? []) + ["onsetMinutes", "gfapAssay"]
        return first.filter(keys.contains) + keys.filter { !first.contains($0) }.sorted()
    }

    private var de: Bool { language == .de }
}
