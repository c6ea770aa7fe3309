import Foundation
import Testing
@testable import StrokeModels

/// `--explain` traces: every golden value is reproduced, and the probability
/// is recomputed from the printed steps with the published constants, exactly.
@Suite struct TraceTests {
    static func step(_ trace: ModelTrace, _ id: String) throws -> Double { try #require(trace.value(id), "\(id)") }

    @Test(arguments: Fixtures.lvo)
    func lvoTraceRecomputesTheProbability(_ c: Fixtures.LVOCase) throws {
        let trace = try LVOModel.predict(gfap: c.gfap, fastEd: c.fastEd).trace
        let m = LVOModel.self
        let fUsed = try Self.step(trace, "lvo.clamp")
        #expect(fUsed == min(max(c.fastEd, 0), 16) && fUsed == c.fastEdUsed)
        let t = try Self.step(trace, "lvo.yeoJohnson")
        #expect(t == (pow(c.gfap + 1, m.lambda) - 1) / m.lambda)
        let g = try Self.step(trace, "lvo.zGfap"), f = try Self.step(trace, "lvo.zFastEd")
        #expect(g == (t - m.gfapMean) / m.gfapScale)
        #expect(f == (fUsed - m.fastEdMean) / m.fastEdScale)
        let cg = try Self.step(trace, "lvo.contributionGfap"), cf = try Self.step(trace, "lvo.contributionFastEd")
        #expect(cg == m.gfapCoefficient * g && cf == m.fastEdCoefficient * f)
        let z = try Self.step(trace, "lvo.linear")
        #expect(z == m.intercept + cg + cf)
        let zPrime = try Self.step(trace, "lvo.platt")
        #expect(zPrime == m.plattA * z + m.plattB)
        let p = try Self.step(trace, "lvo.probability")
        #expect(p == 1 / (1 + exp(-zPrime)))
        #expect(abs(p - c.probability) <= 1e-12)
        #expect(abs(cg - c.gfapContribution) <= 1e-12 && abs(cf - c.fastEdContribution) <= 1e-12)
        #expect(trace.steps.last?.text == c.riskLevel)
    }

    @Test(arguments: Fixtures.volume)
    func volumeTraceRecomputesTheVolume(_ c: Fixtures.VolumeCase) throws {
        let trace = try VolumeModel.estimate(gfap: c.gfap).trace
        let used = try Self.step(trace, "volume.cap")
        #expect(used == c.gfapUsed)
        let logV = try Self.step(trace, "volume.logVolume")
        #expect(logV == VolumeModel.intercept + VolumeModel.slope * (try Self.step(trace, "volume.logGfap")))
        let v = try Self.step(trace, "volume.volume")
        #expect(v == pow(10, logV))
        #expect(abs(v - c.volumeMl) <= 1e-12 * max(1, c.volumeMl))
        #expect(abs(try Self.step(trace, "volume.rangeLow") - c.rangeMl[0]) <= 1e-12 * max(1, c.rangeMl[0]))
        #expect(abs(try Self.step(trace, "volume.rangeHigh") - c.rangeMl[1]) <= 1e-12 * max(1, c.rangeMl[1]))
        #expect(trace.steps.first { $0.id == "volume.severity" }?.text == c.severity)
        // No prognosis before hospital: the trace carries no mortality band (issue 37).
        #expect(!trace.steps.contains { $0.id == "volume.mortality" })
    }

    @Test(arguments: Fixtures.baseline.filter(\.valid))
    func baselineTraceRecomputesTheProbability(_ c: Fixtures.BaselineCase) throws {
        let trace = try ICHBaseline.predict(age: c.age, gfap: c.gfap).trace
        let m = ICHBaseline.self
        let a = try Self.step(trace, "ich.zAge"), g = try Self.step(trace, "ich.zGfap")
        #expect(a == (c.age - m.ageMean) / m.ageScale && g == (c.gfap - m.gfapMean) / m.gfapScale)
        let z = try Self.step(trace, "ich.linear")
        #expect(z == m.intercept + m.ageCoefficient * a + m.gfapCoefficient * g)
        let p = try Self.step(trace, "ich.probability")
        #expect(p == 1 / (1 + exp(-z)))
        #expect(abs(p - c.probability!) <= 1e-12)
        #expect(trace.steps.last?.text == c.riskLevel)
    }

    @Test func bandEdgesFollowModelsMd() {
        #expect(VolumeSeverity.moderate.bounds == (10, 20))
        #expect(VolumeSeverity.small.bounds.lower == nil && VolumeSeverity.critical.bounds.upper == nil)
        #expect(MortalityBand.from50.bounds == (50, 60))
        for (v, s) in [(9.999, VolumeSeverity.small), (10, .moderate), (19.99, .moderate), (20, .large), (30, .critical)] {
            #expect(VolumeSeverity(volumeMl: v) == s)
        }
        for (v, b) in [(9.99, MortalityBand.under10), (10, .from10), (30, .from30), (50, .from50), (60, .from60)] {
            #expect(MortalityBand(volumeMl: v) == b)
        }
    }

    @Test func scaleTraceSumsThePoints() throws {
        // CPSSS gaze 1 (×2), LOC 1, arm 0: 2 + 1 + 0 = 3 ≥ 2.
        let trace = try CpsssScale.score(gazeDeviation: 1, locQuestionsAndCommands: 1, armWeakness: 0).trace
        #expect(trace.steps.map(\.id) == ["cpsss.gazeDeviation", "cpsss.locQuestionsAndCommands", "cpsss.armWeakness",
                                          "cpsss.total", "cpsss.rule"])
        #expect(trace.steps.compactMap(\.value) == [2, 1, 0, 3, 2])
        #expect(trace.steps.last?.text == "suspected")
    }
}
