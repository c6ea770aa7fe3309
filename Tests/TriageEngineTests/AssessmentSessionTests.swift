import Foundation
import GoldenFiles
import StrokeAudit
import StrokeModels
import Testing
import TriageEngine
import TriageRendering

/// Sessions in process: the offline service, a real audit log in a temporary
/// home, and a collecting event sink instead of the console.
@Suite struct AssessmentSessionTests {
    static let english = OutputSettings(language: "en")

    static func fullInputs() -> TriageInputs {
        var inputs = TriageInputs(module: .full, gfap: 450)
        inputs.age = 70
        inputs.sbp = 150
        inputs.dbp = 85
        inputs.fastEd = 5
        return inputs
    }

    @Test func offlineSessionWithRoutingMatchesTheCLIsJSONAndIsRecorded() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let trail = AuditTrail.make(AuditSettings(), config: AppConfig(), environment: home.environment)
        let events = CollectingEventSink()
        // Onset and location are catalogue inputs like the others: one values-by-key dictionary.
        let values: [InputKey: Double] = [.age: 70, .sbp: 150, .dbp: 85, .gfap: 450, .fastEd: 5, .onsetMinutes: 80, .lat: 49.79, .lon: 9.95]
        let outcome = try await ModuleAssessment.run(ModuleRequest(), prediction: .offline, config: AppConfig(), output: Self.english,
                                                     trail: trail, events: events) { () throws(ModelsError) in
            try TriageInputs(module: .full, values: values)
        }
        #expect(AssessmentSession.json(outcome).serialized() == (try Golden.text("full-lat-lon.json")))
        #expect(events.events.isEmpty)
        // assessment.started, prediction.generated, routing.decided: the prediction is event 2.
        #expect(outcome.recordedAs?.sequence == 2)
        #expect(outcome.recordedAs?.database == home.root.appendingPathComponent("data/audit.sqlite").path)
        #expect(trail.lastRecorded?.sequence == 3)
        #expect(!trail.refusedWrite)
    }

    @Test func aPlaceNameResolvesThroughTheGazetteer() async throws {
        let request = ModuleRequest(near: "Würzburg")
        let outcome = try await ModuleAssessment.run(request, prediction: .offline, config: AppConfig(), output: Self.english) {
            () throws(ModelsError) in Self.fullInputs()
        }
        #expect(AssessmentSession.json(outcome).serialized() == (try Golden.text("full-near-wuerzburg.json")))
        #expect(outcome.assessment.inputs.place != nil)
    }

    @Test func explainAddsTheTraces() async throws {
        let outcome = try await AssessmentSession.assess(Self.fullInputs(), prediction: .offline, config: AppConfig())
        #expect(AssessmentSession.json(outcome, explain: true).serialized() == (try Golden.text("full-explain.json")))
    }

    @Test func anUnwritableLogReportsNotRecordedAndTheResultStands() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        // A file where the database's folder should be: the log cannot be opened.
        let blocker = home.root.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let settings = AuditSettings(database: blocker.appendingPathComponent("audit.sqlite").path)
        let trail = AuditTrail.make(settings, config: AppConfig(), environment: home.environment)
        let events = CollectingEventSink()
        let outcome = try await AssessmentSession.assess(TriageInputs(module: .coma, gfap: 500), prediction: .offline,
                                                         config: AppConfig(), trail: trail, events: events)
        #expect(AssessmentSession.json(outcome).serialized() == (try Golden.text("coma-gfap500.json")))
        #expect(outcome.recordedAs == nil)
        #expect(events.events.count == 2)
        for event in events.events {
            guard case .notRecorded(let message) = event else { continue }
            #expect(message.key == "audit.warning.notRecorded")
        }
    }

    @Test func invalidInputsNameTheFirstFieldAndAssayComesFirst() async throws {
        #expect(throws: ModelsError.self) {
            try ModuleAssessment.inputs(ModuleRequest(), config: AppConfig()) { () throws(ModelsError) in
                try TriageInputs(module: .coma, values: [.gfap: 100, .onsetMinutes: 20_000])
            }
        }
        let badAssay = AppConfig(values: ["gfapAssay": .string("magic")])
        #expect(throws: EngineError.self) {
            try ModuleAssessment.inputs(ModuleRequest(), config: badAssay) { () throws(ModelsError) in
                throw ModelsError(ValidationIssue(field: .gfap, allowed: AllowedRange(lower: 29), given: -1))
            }
        }
        #expect(throws: ModelsError.self) { try TriageInputs(module: .coma, values: [.gfap: -1]) }
        #expect(try TriageInputs(module: .limited, values: [.age: 70, .sbp: 150, .dbp: 90, .gfap: 100]).age == 70)
        // A latitude without its longitude names the missing one; the pair makes the location.
        let unpaired = #expect(throws: ModelsError.self) { try TriageInputs(module: .coma, values: [.gfap: 100, .lat: 49.79]) }
        #expect(unpaired?.issues.map(\.field) == [.lon])
        #expect(unpaired?.issues.first?.allowed == TriageRules.allowed(.lon))
        let located = try TriageInputs(module: .coma, values: [.gfap: 100, .lat: 49.79, .lon: 9.95, .onsetMinutes: 45.5])
        #expect(located.location == Coordinate(latitude: 49.79, longitude: 9.95))
        #expect(located.onsetMinutes == 45.5)
    }

    @Test func cloudModeWithAnUnusableSettingFailsBeforeAnyPrediction() async throws {
        let events = CollectingEventSink()
        await #expect(throws: CloudSettingsError.self) {
            _ = try await AssessmentSession.assess(TriageInputs(module: .coma, gfap: 500), prediction: PredictionSettings(mode: .cloud, apiBase: "ftp://x"),
                                                   config: AppConfig(), events: events)
        }
        #expect(events.events.isEmpty)
    }
}
