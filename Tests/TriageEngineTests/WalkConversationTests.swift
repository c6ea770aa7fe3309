import Foundation
import StrokeModels
import Testing
import TriageEngine
import TriageFleet
import TriageLocalization
import TriageRendering

/// A dialog that answers from a script and keeps every line shown, in order.
final class ScriptedDialog: WalkDialog {
    let style = TextStyle(colour: false, width: 80)
    private var answers: [String]
    private(set) var transcript: [String] = []
    private(set) var questions: [String] = []

    init(_ answers: [String]) { self.answers = answers }

    func say(_ line: String) { transcript.append(line) }
    func say(wrapped text: String, indent: String, hangingIndent: String?) {
        transcript += style.wrap(text, indent: indent, hangingIndent: hangingIndent)
    }
    func warn(_ text: String) { transcript.append("! " + text) }
    func ask(_ question: String, detail: String?) -> String? {
        questions.append(question)
        return answers.isEmpty ? nil : answers.removeFirst()
    }

    /// Whether the answers were all used.
    var finished: Bool { answers.isEmpty }
}

/// The walkthrough's conversation in-process: the disclaimer, the questions, the report offer
/// and the pre-notification offer, driven by a scripted dialog.
@Suite struct WalkConversationTests {
    static let english = Localizer(language: .en)

    /// An offline full-module outcome, recorded in `home`'s audit log.
    static func outcome(_ home: TemporaryHome) async throws -> AssessmentOutcome {
        let trail = AuditTrail.make(AuditSettings(), config: AppConfig(), environment: home.environment)
        return try await ModuleAssessment.run(ModuleRequest(), prediction: .offline, config: AppConfig(),
                                              output: OutputSettings(language: "en"), trail: trail,
                                              events: CollectingEventSink()) { () throws(ModelsError) in AssessmentSessionTests.fullInputs() }
    }

    private func talk(_ answers: [String]) -> (WalkConversation, ScriptedDialog) {
        let dialog = ScriptedDialog(answers)
        return (WalkConversation(dialog: dialog, localizer: Self.english), dialog)
    }

    @Test func theDisclaimerIsReAskedUntilYesThenStoredAndRecorded() async {
        let home = TemporaryHome()
        defer { home.remove() }
        let gate = DisclaimerGate(home.directories)
        let trail = AuditTrail.make(AuditSettings(), config: AppConfig(), environment: home.environment)
        let (conversation, dialog) = talk(["maybe", "yes"])
        #expect(await conversation.acceptDisclaimer(flag: false, gate: gate, trail: trail, events: CollectingEventSink()))
        #expect(gate.isAccepted)
        #expect(trail.lastRecorded?.sequence == 1)
        #expect(dialog.questions.count == 2)
        #expect(dialog.transcript.contains("! " + Self.english.text("walk.disclaimer.again")))
        // Accepted before: no question the next time.
        let (again, second) = talk([])
        #expect(await again.acceptDisclaimer(flag: false, gate: gate, trail: trail, events: CollectingEventSink()))
        #expect(second.questions.isEmpty)
    }

    @Test func noOrTheEndOfInputDeclinesAndStoresNothing() async {
        let home = TemporaryHome()
        defer { home.remove() }
        let gate = DisclaimerGate(home.directories)
        let trail = AuditTrail.make(AuditSettings(), config: AppConfig(), environment: home.environment)
        for answers in [["no"], []] {
            let (conversation, _) = talk(answers)
            #expect(!(await conversation.acceptDisclaimer(flag: false, gate: gate, trail: trail, events: CollectingEventSink())))
        }
        #expect(!gate.isAccepted)
        #expect(trail.lastRecorded == nil)
        // The flag accepts without a question.
        let (flagged, dialog) = talk([])
        #expect(await flagged.acceptDisclaimer(flag: true, gate: gate, trail: trail, events: CollectingEventSink()))
        #expect(dialog.questions.isEmpty && gate.isAccepted)
    }

    @Test func theLimitedPathShowsTheSummaryAndReAsksInvalidAnswers() throws {
        // Not comatose, cannot be examined; an age out of range is re-asked; onset and location skipped.
        let (conversation, dialog) = talk(["n", "n", "300", "70", "160", "90", "n", "", "800", "", "", ""])
        let inputs = try #require(conversation.inputs(scales: [], places: nil))
        #expect(dialog.finished)
        #expect(inputs.module == .limited)
        #expect(inputs.age == 70 && inputs.sbp == 160 && inputs.dbp == 90 && inputs.gfap == 800)
        #expect(dialog.transcript.contains { $0.hasPrefix("! ") })
        #expect(dialog.transcript.contains(Self.english.text("walk.summary.title")))
        #expect(dialog.transcript.contains { $0.hasPrefix("  ") && $0.contains("800") })
    }

    /// Issue 44: the German summary's long scale labels ("Fragen und Aufforderungen zur Bewusstseinslage nicht erfüllt
    /// (CPSSS)") are never glued to their values; the value column follows the longest label.
    @Test func theGermanSummaryNeverGluesAValueToItsLabel() throws {
        let dialog = ScriptedDialog(["n", "j", "70", "160", "90", "5", "n", "n", "j", "j", "n", "n", "n", "n",
                                     "1", "0", "1", "", "800", "", "", ""])
        let conversation = WalkConversation(dialog: dialog, localizer: Localizer(language: .de))
        _ = try #require(conversation.inputs(scales: [.cpsss], places: nil))
        let rows = dialog.transcript.filter { $0.hasPrefix("  ") && $0.contains(":") }
        #expect(rows.contains { $0.contains("Bewusstseinslage") })
        for row in rows { #expect(!row.contains(":0") && !row.contains(":1") && !row.contains(":nein"), "\(row)") }
        // Within 80 columns (a label too long for its row would give its value a line of its own).
        let title = try #require(dialog.transcript.firstIndex(of: Localizer(language: .de).text("walk.summary.title")))
        let summary = dialog.transcript[(title + 1)...].prefix { $0.hasPrefix("  ") }
        #expect(summary.count > 10)
        for row in summary { #expect(row.count <= 80, "\(row.count): \(row)") }
    }

    @Test func theEndOfInputEndsTheQuestionsWithoutInputs() {
        let (conversation, _) = talk(["y"])
        #expect(conversation.inputs(scales: [], places: nil) == nil)
    }

    @Test func theReportIsWrittenPrivatelyOrSkipped() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let outcome = try await Self.outcome(home)
        let folder = home.root.appendingPathComponent("missing-folder/report.md").path
        let target = home.root.appendingPathComponent("report.md").path
        // A path that cannot be written is named and asked again; then written.
        let (conversation, dialog) = talk([folder, target])
        conversation.offerReport(outcome)
        #expect(dialog.finished)
        #expect(dialog.transcript.contains { $0.hasPrefix("! ") })
        let text = try String(contentsOfFile: target, encoding: .utf8)
        #expect(text.hasPrefix("#"))
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // An empty answer skips.
        let (skipping, skipped) = talk([""])
        skipping.offerReport(outcome)
        #expect(skipped.questions.count == 1 && skipped.transcript == [""])
    }

    @Test func theNotificationIsOfferedOnlyWithARelayAndANoSkipsIt() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let outcome = try await Self.outcome(home)
        let trail = AuditTrail.make(AuditSettings(), config: AppConfig(), environment: home.environment)
        // No relay configured: nothing is asked.
        let quiet = WalkNotificationOffer(flags: NotifyFlags(notify: "uk-wuerzburg"), audit: AuditSettings(), trail: trail, config: AppConfig())
        let (c1, d1) = talk([])
        #expect(await quiet.run(outcome, prepared: nil, conversation: c1, events: CollectingEventSink(), json: false) == nil)
        #expect(d1.questions.isEmpty)
        // A relay: asked until yes or no; "no" sends nothing.
        let offered = WalkNotificationOffer(flags: NotifyFlags(notify: "uk-wuerzburg", relay: "http://127.0.0.1:9"),
                                            audit: AuditSettings(), trail: trail, config: AppConfig())
        let (c2, d2) = talk(["perhaps", "n"])
        #expect(await offered.run(outcome, prepared: nil, conversation: c2, events: CollectingEventSink(), json: false) == nil)
        #expect(d2.questions.count == 2)
        #expect(d2.transcript.contains("! " + Self.english.text("walk.invalid.yesNo")))
        #expect(d2.transcript.last == Self.english.text("notify.offer.skipped"))
    }

    @Test func brokenSettingsFailBeforeTheFirstQuestion() throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let trail = AuditTrail.make(AuditSettings(), config: AppConfig(), environment: home.environment)
        let offline = WalkSettings(prediction: PredictionSettings(mode: .offline))
        // The configured assay and scales are read; offline needs no cloud settings.
        let ready = try WalkPreparation.prepare(offline, config: AppConfig(values: ["gfapAssay": .string("istat-tbi"),
                                                                                    "scales": .strings(["race"])]))
        #expect(ready.gfapAssay == .istatTbi && ready.scales == [.race])
        #expect(try PreNotification.prepare(NotifyFlags(), audit: AuditSettings(), config: AppConfig(), trail: trail,
                                            events: IgnoringEventSink()) == nil)
        #expect(throws: EngineError.self) {
            try WalkPreparation.prepare(offline, config: AppConfig(values: ["gfapAssay": .string("magic")]))
        }
        #expect(throws: EngineError.self) {
            try WalkPreparation.prepare(offline, config: AppConfig(values: ["scales": .strings(["nihss"])]))
        }
        // Cloud mode with an unusable API base, and --notify without a relay, are errors too.
        #expect(throws: (any Error).self) {
            try WalkPreparation.prepare(WalkSettings(prediction: PredictionSettings(mode: .cloud, apiBase: "ftp://x")),
                                        config: AppConfig())
        }
        #expect(throws: NotifyError.self) {
            try PreNotification.prepare(NotifyFlags(notify: "uk-wuerzburg"), audit: AuditSettings(), config: AppConfig(),
                                        trail: trail, events: IgnoringEventSink())
        }
    }
}
