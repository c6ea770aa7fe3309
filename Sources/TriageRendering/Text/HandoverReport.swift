import AuditFormat
import Foundation
import StrokeModels
import TriageLocalization

/// The Markdown handover report: inputs, results, sources and model
/// versions, warnings, routing, timestamps in UTC and the full disclaimer.
/// It holds patient data: it is written with mode 0600 (`ReportFile`).
public enum HandoverReport {
    /// The report text.
    public static func markdown(_ outcome: AssessmentOutcome, localizer l: Localizer, createdAt: Date = WallClock.system.date) -> String {
        let a = outcome.assessment
        let renderer = ResultRenderer(localizer: l, style: TextStyle(colour: false, width: 1_000))
        var md: [String] = ["# " + l.text("walk.report.title"), ""]
        md.append("- " + l.text("walk.report.created", [.text(UTCTime.isoSeconds(createdAt))]))
        md.append("- " + l.text("walk.report.computed", [.text(UTCTime.isoSeconds(outcome.computedAt))]))
        md.append("- " + l.text("walk.report.version", [.text(AppInfo.version)]))
        let decision = outcome.decision
        md.append("- " + l.text("walk.report.protocol", [.text(decision.protocolReference.id), .text(decision.protocolReference.sha256)]))
        // The decision's crew summary heads the report, as it heads the text result.
        md += ["", "## " + l.text("walk.report.summary"), ""]
        // The onward transfer (an indented summary line) is a nested item under the destination.
        md += DecisionRendering.summary(decision, assessment: a, routing: outcome.routing, l).map {
            $0.hasPrefix("  ") ? "  - " + $0.drop { $0 == " " } : "- " + $0
        }
        md += ["", "## " + l.text("walk.report.inputs"), "", "| " + l.text("walk.report.input") + " | " + l.text("walk.report.value") + " |", "| --- | --- |"]
        for line in InputSummary.lines(of: a.inputs) {
            md.append("| \(l.render(line.label)) | \(l.render(line.value)) |")
        }
        md += ["", "## " + l.text("walk.report.results"), ""]
        md += prediction(a.ich, "walk.result.ich", a.module, renderer)
        if let lvo = a.lvo { md += prediction(lvo, "walk.result.lvo", a.module, renderer) }
        for (i, line) in ScaleRendering.resultLines(a, l).enumerated() { md.append(i == 0 ? "- " + line : "  - " + line) }
        if let v = a.volume {
            let ml = { (x: Double) in l.number(x, maxFractionDigits: 1) }
            if v.isEstimated {
                md.append("- " + l.text("volume.result", [.text(ml(v.volumeMl)), .text(ml(v.rangeMl.lowerBound)), .text(ml(v.rangeMl.upperBound))]))
                md.append("  - " + l.text("volume.severity", [.key("severity.\(v.severity.rawValue)")]))
            } else {
                md.append("- " + l.text("walk.result.volume") + ": " + l.text("walk.result.noVolume"))
            }
            md.append("  - " + renderer.sourceText(.local, model: VolumeModel.version))
        }
        let advice = DecisionRendering.recommendationTexts(decision, l)
        if !advice.isEmpty {
            md += ["", "## " + l.text("walk.result.recommendation"), ""] + advice.map { "- " + $0 }
        }
        let warnings = renderer.generalWarnings(a)
        if !warnings.isEmpty {
            md += ["", "## " + l.text("walk.result.warnings"), ""] + warnings.map { "- " + $0 }
        }
        if let routing = outcome.routing {
            md += ["", "## " + l.text("walk.result.routing"), ""] + routing.lines.map { "    " + $0 }
        }
        md += ["", "## " + l.text("walk.report.disclaimer"), "", l.text("walk.disclaimer.full"), "", l.text("disclaimer.short"), ""]
        return md.joined(separator: "\n")
    }

    private static func prediction(_ p: Prediction, _ label: String, _ module: TriageModule, _ renderer: ResultRenderer) -> [String] {
        let l = renderer.localizer
        var md = ["- " + l.text(label) + ": " + renderer.probabilityText(p)]
        md.append("  - " + renderer.sourceText(p.source, model: p.model))
        if let unused = renderer.unusedInputsText(p, module: module) { md.append("  - " + unused) }
        if let reason = p.fallbackReason { md.append("  - " + l.text("walk.result.fallback", [.message(reason)])) }
        for note in p.notes { md.append("  - " + l.render(note.message)) }
        if !p.drivers.isEmpty {
            let drivers = p.drivers.map { d in
                renderer.featureName(d.feature) + " " + (d.weight < 0 ? "−" : "+") + l.number(abs(d.weight), maxFractionDigits: 3)
            }
            md.append("  - " + l.text("walk.result.drivers") + " " + drivers.joined(separator: ", "))
        }
        return md
    }
}
