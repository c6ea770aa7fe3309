import Foundation
import Testing
import StrokeModels

/// The outcome model at its time limits, its no-window rule, its conversions and its input checks.
@Suite struct OutcomeEdgeTests {
    /// One thrombolysis hospital; door times are the model's medians (61, 52, 145).
    static func estimate(race: Double = 4, lvo: Double? = nil, onset: Double, lysis: Double, thrombectomy: Double,
                         transfer: Double) throws -> OutcomeEstimate {
        try OutcomeModel.estimate(OutcomeInputs(severity: .race(race), lvoProbability: lvo, onsetMinutes: onset,
                                                toThrombolysis: lysis, toThrombectomy: thrombectomy, transfer: transfer))
    }

    static func strategy(_ e: OutcomeEstimate, _ kind: StrategyKind) -> StrategyOutcome {
        e.strategies.first { $0.kind == kind }!
    }

    @Test func thrombolysisEffectEndsAfter270Minutes() throws {
        let nihss = 10.0
        let baseline = 0.001 * nihss * nihss - 0.0615 * nihss + 1
        #expect(OutcomeModel.pGoodAfterThrombolysis(onsetToNeedle: 270.5, nihss: nihss) == baseline)
        let atLimit = OutcomeModel.pGoodAfterThrombolysis(onsetToNeedle: 270, nihss: nihss)
        #expect(atLimit > baseline, "the limit itself still counts as treated")
        let odds = baseline / (1 - baseline) * (2.068 - 0.0031 * 270)
        #expect(abs(atLimit - odds / (1 + odds)) < 1e-15)
    }

    @Test func windowStaysOpenAtExactlyTheLimits() throws {
        // Needle at the nearest thrombolysis hospital at 270 (20 + 189 + 61), puncture far past 360.
        let needle = try Self.estimate(onset: 189, lysis: 20, thrombectomy: 200, transfer: 150)
        #expect(needle.windowOpen && Self.strategy(needle, .thrombolysisCenter).onsetToNeedleMin == 270)
        let needleLate = try Self.estimate(onset: 189.5, lysis: 20, thrombectomy: 200, transfer: 150)
        #expect(!needleLate.windowOpen)
        // Direct puncture at 360 (175 + 40 + 145), needle at the thrombolysis hospital past 270.
        let puncture = try Self.estimate(onset: 175, lysis: 120, thrombectomy: 40, transfer: 60)
        #expect(puncture.windowOpen && Self.strategy(puncture, .thrombectomyCenter).onsetToPunctureMin == 360)
        #expect(!(try Self.estimate(onset: 175.5, lysis: 120, thrombectomy: 40, transfer: 60)).windowOpen)
    }

    @Test func dripAndShipIsFeasibleUpToAPunctureAt360() throws {
        // Puncture after transfer: onset + drive + transfer + door-to-puncture = 155 + 10 + 50 + 145.
        let atLimit = try Self.estimate(onset: 155, lysis: 10, thrombectomy: 55, transfer: 50)
        let drip = Self.strategy(atLimit, .dripAndShip)
        #expect(drip.onsetToPunctureMin == 360 && drip.feasible && drip.pTransfer == 1)
        let late = Self.strategy(try Self.estimate(onset: 155.5, lysis: 10, thrombectomy: 55, transfer: 50), .dripAndShip)
        #expect(!late.feasible && late.pGoodOutcome == nil && late.onsetToPunctureMin == 360.5)
    }

    @Test func thrombectomyCenterNeedleAt270CountsNoThrombolysisButKeepsItsEffect() throws {
        // The model's own asymmetry: p(thrombolysis) needs needle < 270, the outcome uses needle ≤ 270.
        let at = Self.strategy(try Self.estimate(onset: 188, lysis: 10, thrombectomy: 30, transfer: 100), .thrombectomyCenter)
        #expect(at.onsetToNeedleMin == 270 && at.pThrombolysis == 0)
        let before = Self.strategy(try Self.estimate(onset: 187.5, lysis: 10, thrombectomy: 30, transfer: 100), .thrombectomyCenter)
        #expect(before.pThrombolysis == 1)
        let after = Self.strategy(try Self.estimate(onset: 188.5, lysis: 10, thrombectomy: 30, transfer: 100), .thrombectomyCenter)
        #expect(after.pThrombolysis == 0)
        #expect(at.pGoodOutcome! > after.pGoodOutcome!)
    }

    @Test func noWindowSendsRace5AndAboveToTheThrombectomyCenter() throws {
        for (race, kind) in [(0.0, StrategyKind.thrombolysisCenter), (4.99, .thrombolysisCenter),
                             (5.0, .thrombectomyCenter), (9.0, .thrombectomyCenter)] {
            let e = try Self.estimate(race: race, onset: 400, lysis: 20, thrombectomy: 60, transfer: 40)
            #expect(!e.windowOpen && e.noWindowDestination == kind && e.best.kind == kind)
            #expect(e.marginPoints == nil && e.strategies.allSatisfy { !$0.feasible })
        }
    }

    @Test func raceConversions() {
        #expect(OutcomeModel.nihss(fromRace: 0) == 1)
        #expect(abs(OutcomeModel.nihss(fromRace: 5) - 11.56) < 1e-12)
        #expect(OutcomeModel.race(fromNihss: 1) == 0)
        #expect(abs(OutcomeModel.race(fromNihss: OutcomeModel.nihss(fromRace: 7)) - 7) < 1e-12)
        #expect(abs(OutcomeModel.lvoProbability(race: 0) - 1 / (1 + exp(2.9297))) < 1e-15)
    }

    @Test func lvoSourceFollowsTheInputs() throws {
        #expect(try Self.estimate(onset: 60, lysis: 10, thrombectomy: 40, transfer: 35).lvoSource == .race)
        #expect(try Self.estimate(lvo: 0.8, onset: 60, lysis: 10, thrombectomy: 40, transfer: 35).lvoSource == .given)
        let nihss = try OutcomeModel.estimate(OutcomeInputs(severity: .nihss(14), lvoProbability: nil, onsetMinutes: 60,
                                                            toThrombolysis: 10, toThrombectomy: 40, transfer: 35))
        #expect(nihss.lvoSource == .nihssAsRace && nihss.nihss == 14)
    }

    @Test func bestAndMargin() throws {
        let e = try Self.estimate(race: 7, onset: 40, lysis: 15, thrombectomy: 30, transfer: 25)
        let feasible = e.strategies.compactMap(\.pGoodOutcome).sorted(by: >)
        #expect(e.best.pGoodOutcome == feasible[0])
        #expect(abs(e.marginPoints! - (feasible[0] - feasible[1]) * 100) < 1e-12)
        #expect(e.pointsBehindBest(e.best) == 0)
        #expect(e.strategies.allSatisfy { (e.pointsBehindBest($0) ?? 0) >= 0 })
    }

    @Test func invalidInputsNameTheirField() {
        func fields(_ inputs: OutcomeInputs) -> [InputField] {
            do { _ = try OutcomeModel.estimate(inputs); return [] } catch { return error.issues.map(\.field) }
        }
        #expect(fields(OutcomeInputs(severity: .nihss(0), lvoProbability: 1.2, onsetMinutes: -1,
                                     toThrombolysis: -5, toThrombectomy: .nan, transfer: 2000))
                == [.nihss, .lvoProbability, .onsetMinutes, .toThrombolysis, .transferMinutes, .toThrombectomy])
        #expect(fields(OutcomeInputs(severity: .race(9.5), lvoProbability: nil, onsetMinutes: 30,
                                     toThrombolysis: 5, toThrombectomy: 5, transfer: 5)) == [.race])
        // Derived values stay in their domain: RACE 0.1 … 0.163 once gave NIHSS ≤ 0, a chance above 100 % or NaN (issue 34).
        for race in [0.1, 0.16317991631799164] {
            #expect(fields(OutcomeInputs(severity: .race(race), lvoProbability: nil, onsetMinutes: 20,
                                         toThrombolysis: 80, toThrombectomy: 20, transfer: 75)) == [.race])
        }
        let doors = OutcomeInputs(severity: .race(3), lvoProbability: nil, onsetMinutes: 30,
                                  thrombolysisHospital: ThrombolysisHospital(driveMinutes: 5, transferMinutes: 5, doorToNeedleMinutes: -1),
                                  thrombectomyCenter: ThrombectomyCenter(driveMinutes: 5, doorToPunctureMinutes: .infinity))
        #expect(fields(doors) == [.doorToNeedle, .doorToPuncture])
    }
}
