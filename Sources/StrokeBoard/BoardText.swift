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
    var title: String { t("board.title") }
    /// Shown when there is no case.
    var empty: String { t("board.empty") }
    /// The label of the case list region.
    var listLabel: String { t("board.listLabel") }
    /// The research-use disclaimer.
    var disclaimer: String { t("board.disclaimer") }
    /// A case whose verdict is not valid.
    var notVerified: String { t("board.notVerified") }
    /// Why, per verdict.
    func verdictReason(_ verdict: CaseVerdict) -> String {
        switch verdict {
        case .valid: ""
        case .signatureInvalid: t("board.verdict.signatureInvalid")
        case .unknownDevice: t("board.verdict.unknownDevice")
        case .undecryptable: t("board.verdict.undecryptable")
        case .contentInvalid: t("board.verdict.contentInvalid")
        }
    }
    /// The relay warning.
    func relayFailing(since: String?) -> String {
        guard let since else { return t("board.relayFailing") }
        return t("board.relayFailing.since", [.text(since)])
    }

    /// The module line: coma names the comatose patient and the coma edge (`DecisionRules.comaGcsAtMost`).
    func module(_ module: String) -> String {
        switch module {
        case "coma": t("board.module.coma", [.number(Double(DecisionRules.comaGcsAtMost), maxFractionDigits: 0)])
        case "limited": t("board.module.limited")
        case "full": t("board.module.full")
        default: module.escapingControlCharacters
        }
    }
    /// Where the crew was when it assessed (the place name the routing understood; control characters escaped).
    func place(_ place: String) -> String { t("board.place", [.text(place)]) }
    /// The label of the recommendations list.
    var recommendations: String { t("board.recommendations") }
    /// The urgency badge's text.
    func urgency(_ urgency: TriageUrgency) -> String {
        switch urgency {
        case .immediate: t("board.urgency.immediate")
        case .urgent: t("board.urgency.urgent")
        case .timeCritical: t("board.urgency.timeCritical")
        case .standard: t("board.urgency.standard")
        }
    }
    /// The status line.
    func status(_ status: CaseStatus) -> String {
        switch status {
        case .inTransit: t("board.status.inTransit")
        case .arrived: t("board.status.arrived")
        case .cancelled: t("board.status.cancelled")
        case .archived: t("board.status.archived")
        }
    }
    /// `ETA {m} min`, with `{m}` replaced (the page's script uses the template too).
    var etaTemplate: String { t("board.eta") }
    /// The ETA has passed.
    var etaNow: String { t("board.eta.now") }
    /// No ETA given.
    var etaUnknown: String { t("board.eta.unknown") }

    /// A model's source.
    func source(_ source: String) -> String {
        switch source {
        case "cloud": t("board.source.cloud")
        case "local": t("board.source.local")
        case "baseline": t("board.source.baseline")
        default: source
        }
    }
    /// A model risk level as the case states it.
    func riskLevel(_ level: String) -> String {
        switch level {
        case "low": t("board.risk.low")
        case "medium": t("board.risk.medium")
        case "high": t("board.risk.high")
        case "critical": t("board.risk.critical")
        default: level
        }
    }
    /// ICH heading.
    var ich: String { t("board.ich") }
    /// LVO heading.
    var lvo: String { t("board.lvo") }
    /// Not assessed by this module.
    var notAssessed: String { t("board.notAssessed") }
    /// Volume heading.
    var volume: String { t("board.volume") }
    /// The onset when the case gives none (issue 45: "onset unknown" is shown, never left out).
    var onsetUnknown: String { t("board.onset.unknown") }
    /// Onset line: minutes before sending, and the clock time.
    func onset(minutes: String, clock: String?) -> String {
        guard let clock else { return t("board.onset", [.text(minutes)]) }
        return t("board.onset.clock", [.text(minutes), .text(clock)])
    }
    /// The findings heading.
    var findings: String { t("board.findings") }
    /// Sender line.
    func sender(device: String, sent: String) -> String { t("board.sender", [.text(device), .text(sent)]) }
    /// A case's accessible name.
    func caseLabel(device: String, urgency: TriageUrgency?) -> String {
        guard let urgency else { return t("board.caseLabel.notVerified", [.text(device)]) }
        return t("board.caseLabel", [.text(device), .text(self.urgency(urgency).lowercased())])
    }
    /// An input value: yes/no, not answered, or the number as sent (German with a decimal comma).
    func value(_ value: JSONValue) -> String {
        switch value {
        case .bool(let b): t(b ? "board.value.yes" : "board.value.no")
        case .null: t("board.value.notAnswered")
        case .integer(let n): String(n)
        case .number(let n): withDecimalSeparator(Self.asEntered(n))
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
        let first = (module.flatMap(TriageModule.init(rawValue:))?.inputKeys ?? []) + [InputKey.onsetMinutes.json, InputKey.gfapAssayMember]
        return first.filter(keys.contains) + keys.filter { !first.contains($0) }.sorted()
    }

    /// The text of a `board.` key of the localization tables (Localization/*/board.*.strings).
    private func t(_ key: String, _ arguments: [MessageArgument] = []) -> String { localizer.text(key, arguments) }

    /// A number written with a point, with the language's decimal separator (German: comma).
    private func withDecimalSeparator(_ number: String) -> String {
        guard language == .de else { return number }
        return number.replacingOccurrences(of: ".", with: ",")
    }
}
