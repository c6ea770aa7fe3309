import Foundation
import Testing
import StrokeModels

/// The outcome model against the values `eschenfeldt/stroke-swift` computes
/// with its uncertainty switched off (Fixtures/outcomes-peer.json).
@Suite struct OutcomeParityTests {
    struct Hospital: Decodable, Sendable {
        let driveMinutes: Double, transferMinutes: Double, doorToNeedleMinutes: Double?
    }
    struct Center: Decodable, Sendable {
        let driveMinutes: Double, doorToNeedleMinutes: Double?, doorToPunctureMinutes: Double?
    }
    struct Input: Decodable, Sendable {
        let id: String, race: Double?, nihss: Double?, lvo: Double?, onsetMinutes: Double
        let thrombolysisHospitals: [Hospital], thrombectomyCenter: Center
    }
    struct Strategy: Decodable, Sendable {
        let kind: String, thrombolysisIndex: Int?, onsetToNeedleMin: Double, onsetToPunctureMin: Double?
        let feasible: Bool, pGoodOutcome: Double?, pThrombolysis: Double?, pThrombectomy: Double?, pTransfer: Double?
    }
    struct Expected: Decodable, Sendable {
        let nihss: Double, raceEquivalent: Double, lvoProbability: Double, windowOpen: Bool
        let noWindowDestination: String?, strategies: [Strategy], bestKind: String?, bestThrombolysisIndex: Int?
    }
    struct Case: Decodable, Sendable, CustomStringConvertible {
        let input: Input, expected: Expected
        var description: String { input.id }
    }
    struct File: Decodable, Sendable { let tolerance: Double; let count: Int; let cases: [Case] }

    static let file = try? JSONDecoder().decode(
        File.self, from: Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/outcomes-peer.json")))
    static let tolerance = 1e-12

    /// The model's inputs for a fixture case (null door times: the model's defaults).
    static func inputs(_ i: Input) -> OutcomeInputs {
        let hospitals = i.thrombolysisHospitals.map {
            ThrombolysisHospital(driveMinutes: $0.driveMinutes, transferMinutes: $0.transferMinutes,
                                 doorToNeedleMinutes: $0.doorToNeedleMinutes ?? OutcomeModel.defaultThrombolysisDoorToNeedle)
        }
        let c = i.thrombectomyCenter
        let center = ThrombectomyCenter(
            driveMinutes: c.driveMinutes,
            doorToNeedleMinutes: c.doorToNeedleMinutes ?? OutcomeModel.defaultThrombectomyDoorToNeedle,
            doorToPunctureMinutes: c.doorToPunctureMinutes ?? OutcomeModel.defaultDoorToPuncture)
        let severity: OutcomeInputs.Severity = i.race.map { .race($0) } ?? .nihss(i.nihss!)
        return OutcomeInputs(severity: severity, lvoProbability: i.lvo, onsetMinutes: i.onsetMinutes,
                             thrombolysisHospital: hospitals[0], otherThrombolysisHospitals: Array(hospitals.dropFirst()),
                             thrombectomyCenter: center)
    }

    @Test func fixtureIsComplete() throws {
        let file = try #require(Self.file, "Fixtures/outcomes-peer.json is missing or unreadable")
        #expect(file.cases.count == file.count)
        #expect(file.count >= 200)
        #expect(file.tolerance == Self.tolerance)
        let cases = file.cases
        #expect(cases.contains { !$0.expected.windowOpen }, "window closed")
        #expect(cases.contains { $0.expected.windowOpen && $0.expected.strategies.contains { !$0.feasible } }, "drip-and-ship infeasible")
        #expect(cases.contains { $0.input.race == 0 }, "RACE 0")
        #expect(cases.contains { $0.input.thrombolysisHospitals.count > 1 }, "several thrombolysis hospitals")
        #expect(cases.contains { $0.input.nihss != nil && $0.input.lvo == nil }, "NIHSS without p(LVO)")
        #expect(cases.contains { $0.input.race != nil && $0.input.lvo != nil }, "RACE with p(LVO)")
    }

    @Test(arguments: file?.cases ?? [])
    func matchesPeer(_ c: Case) throws {
        let estimate = try OutcomeModel.estimate(Self.inputs(c.input))
        let e = c.expected
        func close(_ a: Double?, _ b: Double?, _ what: String) {
            switch (a, b) {
            case let (a?, b?): #expect(abs(a - b) <= Self.tolerance, "\(c) \(what): \(a) vs \(b)")
            case (nil, nil): break
            default: Issue.record("\(c) \(what): \(String(describing: a)) vs \(String(describing: b))")
            }
        }
        close(estimate.nihss, e.nihss, "nihss")
        close(estimate.raceEquivalent, e.raceEquivalent, "race")
        close(estimate.lvoProbability, e.lvoProbability, "lvo")
        #expect(estimate.windowOpen == e.windowOpen, "\(c) windowOpen")
        #expect(estimate.noWindowDestination?.rawValue == e.noWindowDestination, "\(c) no-window destination")
        #expect(estimate.strategies.count == e.strategies.count, "\(c) strategy count")
        for (ours, theirs) in zip(estimate.strategies, e.strategies) {
            let label = "\(theirs.kind)[\(theirs.thrombolysisIndex.map(String.init) ?? "-")]"
            #expect(ours.kind.rawValue == theirs.kind && ours.thrombolysisIndex == theirs.thrombolysisIndex, "\(c) \(label)")
            #expect(ours.feasible == theirs.feasible, "\(c) \(label) feasible")
            close(ours.onsetToNeedleMin, theirs.onsetToNeedleMin, "\(label) onsetToNeedle")
            close(ours.onsetToPunctureMin, theirs.onsetToPunctureMin, "\(label) onsetToPuncture")
            close(ours.pGoodOutcome, theirs.pGoodOutcome, "\(label) pGood")
            close(ours.pThrombolysis, theirs.pThrombolysis, "\(label) pThrombolysis")
            close(ours.pThrombectomy, theirs.pThrombectomy, "\(label) pThrombectomy")
            close(ours.pTransfer, theirs.pTransfer, "\(label) pTransfer")
        }
        let best = estimate.best
        if let kind = e.bestKind {
            #expect(best.kind.rawValue == kind && best.thrombolysisIndex == e.bestThrombolysisIndex, "\(c) best")
        } else {
            #expect(best.kind == estimate.noWindowDestination && estimate.marginPoints == nil, "\(c) no-window best")
        }
    }
}
