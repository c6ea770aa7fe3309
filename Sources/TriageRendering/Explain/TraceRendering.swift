import StrokeJSON
import StrokeModels
import TriageLocalization

/// The `--explain` output: a trace as JSON (`trace`) and as human lines.
///
/// Every value is printed in full round-trip precision (Swift's shortest
/// exact form), so the printed steps reproduce the result bit for bit; the
/// human form only swaps the decimal separator for German.
public enum TraceRendering {
    /// `{"model", "steps": [{"step", "formula", "value", "text"?, "reference"}]}`.
    public static func json(_ trace: ModelTrace) -> JSONValue {
        .object([
            ("model", .string(trace.model)),
            ("steps", .array(trace.steps.map { step in
                var members: [(String, JSONValue)] = [
                    ("step", .string(step.id)),
                    ("formula", .string(step.formula)),
                    ("value", .number(step.value)),
                ]
                if let text = step.text { members.append(("text", .string(text))) }
                members.append(("reference", .string(step.reference)))
                return .object(members)
            })),
        ])
    }

    /// The traces of an assessment keyed by result: `{"ich", "lvo", "volume"}`, `null` where
    /// the number did not come from a local model (the cloud's numbers cannot be traced here).
    public static func json(_ traces: AssessmentTrace) -> JSONValue {
        .object([
            ("ich", traces.ich.map(json) ?? .null),
            ("lvo", traces.lvo.map(json) ?? .null),
            ("volume", traces.volume.map(json) ?? .null),
        ])
    }

    /// The human lines of one trace, headed by the model.
    public static func lines(_ trace: ModelTrace, _ l: Localizer) -> [String] {
        var out = [l.text("explain.model", [.text(trace.model)])]
        for step in trace.steps {
            let label = self.label(step.id, l)
            var result = step.value.map { exact($0, l) } ?? ""
            if let text = step.text { result += result.isEmpty ? text : " (\(text))" }
            out.append("  " + l.text("explain.step", [.text(label), .text(step.formula), .text(result), .text(step.reference)]))
        }
        return out
    }

    /// A step's label: `trace.<id>`; a scale's steps are named by their item, `trace.scale.total` or `trace.scale.rule`.
    public static func label(_ id: String, _ l: Localizer) -> String {
        let parts = id.split(separator: ".").map(String.init)
        guard parts.count == 2, LVOScale(rawValue: parts[0]) != nil || parts[0] == "fastEd" else { return l.text("trace.\(id)") }
        if let item = ScaleItem(rawValue: parts[1]) { return l.text(item.messageKey) }
        if parts[0] == "fastEd", let field = InputField(rawValue: parts[1]) { return l.text(field.messageKey) }
        return l.text("trace.scale.\(parts[1])")
    }

    /// The human lines of an assessment's traces, saying which numbers have none.
    public static func lines(_ traces: AssessmentTrace, _ l: Localizer) -> [String] {
        var out = ["", l.text("explain.title")]
        for (key, trace) in [("ich", traces.ich), ("lvo", traces.lvo), ("volume", traces.volume)] {
            if let trace { out += lines(trace, l) } else if traces.untraced.contains(key) {
                out.append(l.text("explain.cloud.\(key)"))
            }
        }
        return out
    }

    /// A number in its exact shortest round-trip form (whole numbers without ".0"),
    /// with the language's decimal separator.
    public static func exact(_ value: Double, _ l: Localizer) -> String {
        let text = value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(describing: value)
        return l.language == .de ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}

/// The traces behind an assessment's numbers, recomputed with the same local
/// functions that produced them (offline and fallback answers only).
public struct AssessmentTrace: Sendable {
    /// The ICH baseline's trace, when the ICH number came from the baseline.
    public let ich: ModelTrace?
    /// The local LVO model's trace, when the LVO number came from it.
    public let lvo: ModelTrace?
    /// The volume trace (always local).
    public let volume: ModelTrace?
    /// Results that have a number but no local trace (from the cloud): "ich", "lvo".
    public let untraced: [String]

    /// The traces of an assessment.
    public init(_ a: Assessment) {
        var untraced: [String] = []
        if a.ich.source == .baseline, a.ich.probability != nil, let gfap = a.inputs.gfap {
            let age = a.inputs.age.map(Double.init) ?? ICHBaseline.ageMean
            ich = (try? ICHBaseline.predict(age: age, gfap: gfap))?.trace
        } else {
            ich = nil
            if a.ich.probability != nil { untraced.append("ich") }
        }
        if let p = a.lvo, p.source == .local, let fastEd = a.inputs.fastEd, let gfap = a.inputs.gfap {
            lvo = (try? LVOModel.predict(gfap: gfap, fastEd: Double(fastEd)))?.trace
        } else {
            lvo = nil
            if a.lvo?.probability != nil { untraced.append("lvo") }
        }
        volume = a.volume.flatMap { _ in a.inputs.gfap.flatMap { (try? VolumeModel.estimate(gfap: $0))?.trace } }
        self.untraced = untraced
    }
}
