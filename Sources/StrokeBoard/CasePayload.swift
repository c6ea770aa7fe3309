import Foundation
import StrokeJSON
import StrokeModels
import TriageRendering

/// A decrypted case payload that passed the board's schema check: the one
/// place that decides whether a signed payload is a case the board may show.
///
/// The schema is the module command's `--json` object (`AssessmentJSON` in
/// TriageRendering, docs/commands.md): `module`, `inputs`, `ich`, `lvo`,
/// `decision` (the engine's one decision: its urgency is the board's badge),
/// `volume`, `warnings`, `disclaimer`, and optionally `scales`, `routing`,
/// `trace`. The check is strict:
/// - the payload is one JSON document (the project's strict reader) whose
///   objects never repeat a member name, anywhere;
/// - every member of the objects checked here is known and of its type;
/// - no impossible value is accepted and nothing is clamped: a probability
///   outside 0…1, a negative volume or range, an input outside its allowed
///   range (`TriageRules.allowed`), a non-finite number.
/// `routing`, `scales` and `trace` are checked to be objects (their
/// members are only shown through the checked ones). A payload that fails is
/// never shown: the board's verdict is `contentInvalid`.
///
/// To add a member to the case (e.g. a new object of the CLI's `--json`),
/// list it in `topLevel` with its check.
public struct CasePayload: Sendable, Equatable {
    /// The payload as read; `/cases.json` writes it with `JSONValue`'s writer, never as the received bytes.
    public let value: JSONValue
    /// The board's own assessment of the case's inputs and numbers (`CaseDecision`).
    public let assessment: Assessment
    /// The board's own decision for it: the page renders its words from this, never from the device's texts.
    public let decision: ClinicalDecision
    /// Whether the decision's protocol is one the board knows (a release's default, or `board serve --protocol`);
    /// false for a local protocol the case carried itself: shown, marked "not approved here" (issue 45).
    public let protocolApproved: Bool

    /// Reads and checks a payload; nil when it is not a valid case. Its decision must be the one the
    /// rules give under the standard protocol or one of `protocols` (`CaseDecision`); its routing names only
    /// centers of `centerIds` (nil: not checked).
    public init?(validating data: Data, protocols: [TriageProtocol] = [], centerIds: Set<String>? = nil) {
        guard data.count <= Self.maxBytes,
              let value = try? JSONValue(parsing: [UInt8](data), limits: JSONLimits(maxDepth: 32, maxBytes: Self.maxBytes)),
              Self.isCase(value), let derived = CaseDecision.derived(value, protocols: protocols, centerIds: centerIds) else { return nil }
        self.value = value
        self.assessment = derived.assessment
        self.decision = derived.decision
        self.protocolApproved = derived.approved
    }

    /// The case as the board vouches for it, the source of its FHIR Bundle (issue 45: the EHR gets the board's
    /// words): the decision's recommendation texts and summary lines are the board's own (English, as the
    /// Bundle's texts are), the device's warnings are left out; every number and code is the checked case's.
    public var vouched: JSONValue {
        let english = ModelJSON.english
        let recommendations = JSONValue.array(decision.recommendations.map {
            .object([("code", .string($0.code)), ("text", .string(english.render($0.message)))])
        })
        let summary = [english.text("decision.summary.urgency", [.key("decision.urgency.\(decision.urgency.rawValue)")])]
            + DecisionRendering.verdictLines(decision, assessment: assessment, english)
        let carried = value["decision"] ?? .null
        let ownDecision = Self.replacing(Self.replacing(carried, "recommendations", recommendations), "summary", .strings(summary))
        return Self.replacing(Self.replacing(value, "decision", ownDecision), "warnings", .array([]))
    }

    /// `object` with member `name`'s value replaced by `replacement` (other values unchanged).
    static func replacing(_ object: JSONValue, _ name: String, _ replacement: JSONValue) -> JSONValue {
        guard let members = object.objectMembers else { return object }
        return .object(members.map { $0.0 == name ? ($0.0, replacement) : $0 })
    }

    /// The largest payload the board reads (a case is a few KiB).
    public static let maxBytes = 1 << 20

    typealias Check = @Sendable (JSONValue) -> Bool

    /// The top-level members: name → (required, check).
    static let topLevel: [String: (required: Bool, check: Check)] = [
        "module": (true, { $0.stringValue.flatMap(TriageModule.init(rawValue:)) != nil }),
        "decision": (true, { CasePayload.decision($0) }),
        "inputs": (true, { CasePayload.inputs($0) }),
        "ich": (true, { $0.isNull || CasePayload.prediction($0, agreement: false) }),
        "lvo": (true, { $0.isNull || CasePayload.prediction($0, agreement: true) }),
        "volume": (true, { $0.isNull || CasePayload.volume($0) }),
        "warnings": (true, { CasePayload.strings($0) }),
        "disclaimer": (true, { $0.stringValue != nil }),
        "scales": (false, { $0.objectMembers != nil }),
        "routing": (false, { $0.objectMembers != nil }),
        "trace": (false, { $0.objectMembers != nil }),
    ]

    /// True when `value` is a case: an object of the known members, each valid, no name repeated anywhere.
    /// (Its decision is checked against the rules by `CaseDecision`.)
    static func isCase(_ value: JSONValue) -> Bool {
        noRepeatedNames(value) && object(value, topLevel)
    }

    /// True when `value` is an object whose members are all in `schema`, every required one present, each valid.
    static func object(_ value: JSONValue, _ schema: [String: (required: Bool, check: Check)]) -> Bool {
        guard let members = value.dictionary else { return false }
        return members.allSatisfy { name, member in schema[name]?.check(member) == true }
            && schema.allSatisfy { name, entry in !entry.required || members[name] != nil }
    }

    /// A prediction: `probability` 0…1 (null when the model does not apply), its risk level, provenance, drivers
    /// and notes (`lvo` adds `agreement`).
    static func prediction(_ value: JSONValue, agreement: Bool) -> Bool {
        var schema: [String: (required: Bool, check: Check)] = [
            "probability": (true, { $0.isNull || CasePayload.fraction($0) }),   // null: the model does not apply (age < 18)
            "riskLevel": (true, { $0.isNull || $0.stringValue.flatMap(RiskLevel.init(rawValue:)) != nil }),
            "cloudRiskLevel": (true, { $0.isNull || $0.stringValue != nil }),
            "source": (true, { $0.stringValue != nil }),
            "model": (true, { $0.stringValue != nil }),
            "drivers": (true, { $0.arrayValue?.allSatisfy { CasePayload.driver($0) } == true }),
            "fallbackReason": (false, { $0.stringValue != nil }),
            "notes": (true, { CasePayload.strings($0) }),
            "inputsUsed": (true, { CasePayload.strings($0) }),
        ]
        if agreement { schema["agreement"] = (true, { $0.isNull || CasePayload.agreement($0) }) }
        return object(value, schema)
    }

    /// The decision (docs/clinical-reference.md §12): a known urgency, the LVO verdict (true, false or null)
    /// with known bases, coded recommendations and at most ten summary lines (`DecisionRendering.maximumSummaryLines`).
    static func decision(_ value: JSONValue) -> Bool {
        object(value, [
            "urgency": (true, { $0.stringValue.flatMap(TriageUrgency.init(rawValue:)) != nil }),
            "lvoSuspected": (true, { $0.isNull || $0.boolValue != nil }),
            "lvoBasis": (true, { $0.stringArray?.allSatisfy { LVOVerdict.Basis(rawValue: $0) != nil } == true }),
            "recommendations": (true, { $0.arrayValue?.allSatisfy { item in
                object(item, ["code": (true, { $0.stringValue != nil }), "text": (true, { $0.stringValue != nil })])
            } == true }),
            "summary": (true, { ($0.stringArray?.count ?? Int.max) <= DecisionRendering.maximumSummaryLines }),
            "ichUsed": (false, { $0.boolValue != nil }),
            "protocol": (false, { object($0, ["id": (true, { $0.stringValue != nil }), "sha256": (true, { $0.stringValue != nil }),
                                              "file": (false, { $0.dictionary != nil })]) }),
        ])
    }

    /// One driver of a prediction.
    static func driver(_ value: JSONValue) -> Bool {
        object(value, [
            "feature": (true, { $0.stringValue != nil }), "label": (true, { $0.stringValue != nil }),
            "weight": (true, { $0.doubleValue != nil }), "cloudLabel": (false, { $0.stringValue != nil }),
        ])
    }

    /// FAST-ED against the LVO probability.
    static func agreement(_ value: JSONValue) -> Bool {
        object(value, [
            "status": (true, { $0.stringValue != nil }), "agrees": (true, { $0.boolValue != nil }),
            "lvoSuspected": (true, { $0.boolValue != nil }),
            "fastEd": (true, { $0.intValue.map { TriageRules.allowed(.fastEd).contains(Double($0)) } == true }),
            "fastEdThreshold": (true, { $0.doubleValue != nil }), "probability": (true, { CasePayload.fraction($0) }),
            "modelThreshold": (true, { CasePayload.fraction($0) }), "statement": (true, { $0.stringValue != nil }),
        ])
    }

    /// The volume estimate: non-negative GFAP, volume and range (low ≤ high).
    static func volume(_ value: JSONValue) -> Bool {
        let range = value["volumeRangeMl"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        guard range.count == 2, range[0] >= 0, range[0] <= range[1] else { return false }
        let nonNegative: Check = { ($0.doubleValue ?? -1) >= 0 }
        return object(value, [
            "gfap": (true, nonNegative), "gfapUsed": (true, nonNegative), "capped": (true, { $0.boolValue != nil }),
            "estimated": (true, { $0.boolValue != nil }), "volumeMl": (true, nonNegative),
            "volumeRangeMl": (true, { $0.arrayValue?.count == 2 }), "severity": (true, { $0.stringValue != nil }),
            "mortality": (false, { $0.stringValue != nil }), "source": (true, { $0.stringValue != nil }),
            "model": (true, { $0.stringValue != nil }), "warnings": (true, { CasePayload.strings($0) }),
            "inputsUsed": (true, { CasePayload.strings($0) }),
        ])
    }

    /// The inputs: each null, a flag, a string or a finite number; a number of a triage input inside its allowed range.
    static func inputs(_ value: JSONValue) -> Bool {
        guard let members = value.objectMembers else { return false }
        return members.allSatisfy { name, member in
            switch member {
            case .null, .bool, .string: return true
            case .integer, .number:
                guard let number = member.doubleValue else { return false }
                return InputField(rawValue: name).map { TriageRules.allowed($0).contains(number) } ?? true
            case .array, .object: return false
            }
        }
    }

    /// A finite number 0…1.
    static func fraction(_ value: JSONValue) -> Bool {
        value.doubleValue.map { (0...1).contains($0) } == true
    }

    /// An array of strings.
    static func strings(_ value: JSONValue) -> Bool { value.stringArray != nil }

    /// True when no object in `value` (at any depth) repeats a member name.
    static func noRepeatedNames(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            return Set(members.map(\.0)).count == members.count && members.allSatisfy { noRepeatedNames($0.1) }
        case .array(let items):
            return items.allSatisfy(noRepeatedNames)
        default:
            return true
        }
    }
}
