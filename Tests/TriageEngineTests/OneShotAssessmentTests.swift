import Foundation
import StrokeModels
import Testing
import TriageEngine
import TriageFleet

/// A one-shot module command's work up to its result, in process: the disclaimer
/// gate and the handover report are real files in a temporary home.
@Suite struct OneShotAssessmentTests {
    private static func coma() throws(ModelsError) -> TriageInputs { TriageInputs(module: .coma, gfap: 500) }

    @Test func withoutTheDisclaimerNothingIsAssessedOrWritten() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let settings = OneShotSettings(request: ModuleRequest(), prediction: .offline, report: "handover.md")
        await #expect(throws: WalkError.disclaimerNotAccepted) {
            _ = try await OneShotAssessment.run(settings, config: AppConfig(), directories: home.directories, trail: .disabled,
                                                build: Self.coma)
        }
        #expect(!DisclaimerGate(home.directories).isAccepted)
        #expect(!FileManager.default.fileExists(atPath: ReportFile.location("handover.md", directories: home.directories)))
    }

    @Test func acceptedByTheFlagTheOutcomeAndTheReportAreThere() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let settings = OneShotSettings(request: ModuleRequest(), prediction: .offline, acceptDisclaimer: true,
                                       report: "handover.md")
        let run = try await OneShotAssessment.run(settings, config: AppConfig(), directories: home.directories, trail: .disabled) {
            () throws(ModelsError) in try TriageInputs(module: .coma, values: [.gfap: 500, .onsetMinutes: 45])
        }
        #expect(DisclaimerGate(home.directories).isAccepted)
        #expect(run.outcome.assessment.inputs.onsetMinutes == 45)
        let path = try #require(run.reportPath)
        #expect(path == ReportFile.location("handover.md", directories: home.directories))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("Research use only"))
    }

    @Test func anInvalidInputComesBeforeTheReport() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let settings = OneShotSettings(request: ModuleRequest(), prediction: .offline, acceptDisclaimer: true,
                                       report: "handover.md")
        await #expect(throws: ModelsError.self) {
            _ = try await OneShotAssessment.run(settings, config: AppConfig(), directories: home.directories, trail: .disabled) {
                () throws(ModelsError) in try TriageInputs(module: .coma, values: [.gfap: 500, .onsetMinutes: -5])
            }
        }
        #expect(!FileManager.default.fileExists(atPath: ReportFile.location("handover.md", directories: home.directories)))
    }

    @Test func aPreNotificationWithoutARelayIsAUsageErrorBeforeTheAssessment() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let settings = OneShotSettings(request: ModuleRequest(), prediction: .offline, acceptDisclaimer: true)
        let notify = NotifyFlags(notify: "elisabeth-krankenhaus-essen", relay: "ftp://not-http")
        do {
            _ = try await NotifyingOneShot.run(settings, notify: notify, audit: AuditSettings(), config: AppConfig(),
                                               directories: home.directories, trail: .disabled, build: Self.coma)
            Issue.record("an unusable relay is refused")
        } catch let error as NotifyError {
            #expect(error.category == .usage)
        }
    }
}
