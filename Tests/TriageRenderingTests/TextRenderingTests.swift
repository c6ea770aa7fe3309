import AuditFormat
import Foundation
import StrokeModels
import Testing
import TriageLocalization
import TriageRendering

/// The human result and the handover report in process: byte-equal to what the
/// CLI printed for `coma --gfap 500 --mode offline --details` (NO_COLOR, English, 80 columns).
@Suite struct TextRenderingTests {
    /// The CLI's result lines for `coma --gfap 500 --mode offline --details` (before its "Recorded in …" lines).
    static let comaGfap500 = """

Result
No destination suggested: no location given
Urgency: time-critical
ICH: not assessable before imaging (no calibrated estimate offline)
Flags: onset unknown

ICH probability         █████░░░░░ 52 %  high
  Source: offline baseline, model ich-baseline-age-gfap-logistic
  ! ICH from the offline baseline (age + GFAP): poorly calibrated at low GFAP,
    not a substitute for the cloud model.
  ! Age unknown: the baseline used the cohort mean age of 74.59 years.
  Drivers (log-odds, + raises, − lowers):
    GFAP              −0.24  ██████████│
    Age                0.00            │
Estimated bleed volume, should a bleed be present: 17.5 mL (range 12.2–22.7 mL).
  Consistent with a moderate bleed (volume estimate only; no prognosis before
    hospital).
  Source: local model, model gfap-volume-loglog-r2-0.476
Consider
  ICH: the offline baseline is not calibrated and changed nothing here; imaging
  decides.
  Coma: a basilar artery occlusion cannot be excluded; consider a
  thrombectomy-capable center within the bypass limit.
  Check blood glucose: hypoglycaemia can mimic a stroke.
Protocol: stroke-triage-default-2026.12 (sha256 3760ce55d364)
Research use only. Not a medical device; no diagnosis. Clinical judgement
decides.
"""

    static let english = Localizer(language: .en)

    @Test func resultLinesAreTheCLIsBytes() async throws {
        let outcome = try await RenderingGoldenTests.assess(TriageInputs(module: .coma, gfap: 500))
        let lines = ResultRenderer(localizer: Self.english, style: TextStyle()).lines(outcome)
        #expect(lines.joined(separator: "\n") == Self.comaGfap500)
    }

    @Test func colourIsOnlyAddedWhenAsked() async throws {
        let outcome = try await RenderingGoldenTests.assess(TriageInputs(module: .coma, gfap: 500))
        let plain = ResultRenderer(localizer: Self.english, style: TextStyle(colour: false)).lines(outcome)
        let coloured = ResultRenderer(localizer: Self.english, style: TextStyle(colour: true)).lines(outcome)
        #expect(!plain.joined().contains("\u{1B}["))
        #expect(coloured.joined().contains("\u{1B}[31mhigh\u{1B}[0m"))
        #expect(coloured.map { TextStyle.visibleWidth($0) } == plain.map { TextStyle.visibleWidth($0) })
    }

    @Test func wrappingKeepsIndentAndWidth() {
        let style = TextStyle(width: 20)
        let lines = style.wrap("one two three four five six seven", indent: "  ", hangingIndent: "    ")
        #expect(lines == ["  one two three four", "    five six seven"])
        #expect(lines.allSatisfy { $0.count <= 20 })
        #expect(TextStyle.pad("ab", to: 4) == "ab  ")
        #expect(TextStyle.visibleWidth("\u{1B}[1mab\u{1B}[0m") == 2)
    }

    @Test func barsAreScaledAndSigned() {
        #expect(ResultBars.probability(0.52) == "█████░░░░░")
        #expect(ResultBars.probability(1.5) == "██████████")
        #expect(ResultBars.signed(-1, largest: 2) == "     █████│")
        #expect(ResultBars.signed(0.001, largest: 2) == "          │█")
    }

    @Test func handoverReportHoldsResultsTimesAndTheFullDisclaimer() async throws {
        var outcome = try await RenderingGoldenTests.assess(TriageInputs(module: .coma, gfap: 500))
        outcome.recordedAs = RecordedEvent(sequence: 3, database: "/tmp/audit.sqlite")
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        let report = HandoverReport.markdown(outcome, localizer: Self.english, createdAt: created)
        #expect(report.hasPrefix("# "))
        #expect(report.contains(UTCTime.isoSeconds(created)))
        #expect(report.contains("1970-01-01T00:00:00Z"))
        #expect(report.contains(Self.english.text("walk.disclaimer.full")))
        #expect(report.contains("52 %"))
        #expect(report == HandoverReport.markdown(outcome, localizer: Self.english, createdAt: created))
    }
}
