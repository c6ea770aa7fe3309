import Testing
@testable import StrokeModels

/// Band and threshold edges: just below and exactly at each cut point.
@Suite struct BandEdgeTests {
    @Test func volumeSeverityEdges() {
        let below = 10.0.nextDown
        #expect(VolumeSeverity(volumeMl: below) == .small)
        #expect(VolumeSeverity(volumeMl: 10) == .moderate)
        #expect(VolumeSeverity(volumeMl: 20.0.nextDown) == .moderate)
        #expect(VolumeSeverity(volumeMl: 20) == .large)
        #expect(VolumeSeverity(volumeMl: 30.0.nextDown) == .large)
        #expect(VolumeSeverity(volumeMl: 30) == .critical)
    }

    @Test func mortalityEdges() {
        #expect(MortalityBand(volumeMl: 10.0.nextDown).rawValue == "5-10%")
        #expect(MortalityBand(volumeMl: 10).rawValue == "10-19%")
        #expect(MortalityBand(volumeMl: 30.0.nextDown).rawValue == "10-19%")
        #expect(MortalityBand(volumeMl: 30).rawValue == "19-44%")
        #expect(MortalityBand(volumeMl: 50.0.nextDown).rawValue == "19-44%")
        #expect(MortalityBand(volumeMl: 50).rawValue == "44-91%")
        #expect(MortalityBand(volumeMl: 60.0.nextDown).rawValue == "44-91%")
        #expect(MortalityBand(volumeMl: 60).rawValue == "91-100%")
    }

    @Test func riskLevelEdges() {
        #expect(RiskLevel(probability: 0.25.nextDown) == .low)
        #expect(RiskLevel(probability: 0.25) == .medium)
        #expect(RiskLevel(probability: 0.5.nextDown) == .medium)
        #expect(RiskLevel(probability: 0.5) == .high)
        #expect(RiskLevel(probability: 0.7.nextDown) == .high)
        #expect(RiskLevel(probability: 0.7) == .critical)
    }

    @Test func lvoThresholdEdge() throws {
        // Find inputs either side of 0.333333 by scanning FAST-ED finely at a fixed GFAP.
        var previous = try LVOModel.predict(gfap: 100, fastEd: 0)
        var step = 0.0
        while step <= 16 {
            let p = try LVOModel.predict(gfap: 100, fastEd: step)
            #expect(p.lvoLikely == (p.probability >= 0.333333))
            if previous.probability < 0.333333, p.probability >= 0.333333 {
                #expect(!previous.lvoLikely)
                #expect(p.lvoLikely)
            }
            previous = p
            step += 0.001
        }
        #expect(LVOModel.threshold == 0.333333)
    }

    @Test func fastEdEdgeThreeAndFour() throws {
        let three = try FastEdExam(facialPalsy: 1, armWeakness: 2, speech: 0, eyeDeviation: 0, denialNeglect: 0)
        let four = try FastEdExam(facialPalsy: 1, armWeakness: 2, speech: 1, eyeDeviation: 0, denialNeglect: 0)
        #expect(three.total == 3 && !three.lvoSuspected)
        #expect(four.total == 4 && four.lvoSuspected)
        #expect(TriageRules.check(.fastEd, 3).warnings.isEmpty)
        #expect(TriageRules.check(.fastEd, 4).warnings.map(\.code) == ["fastEd.suggestsLvo"])
    }

    @Test func volumeCapEdge() throws {
        #expect(try VolumeModel.estimate(gfap: 10_000).warnings.isEmpty)
        let capped = try VolumeModel.estimate(gfap: 10_000.0.nextUp)
        #expect(capped.gfapUsed == 10_000)
        #expect(capped.warnings.map(\.code) == ["gfap.capped"])
        let zero = try VolumeModel.estimate(gfap: 0)
        #expect(!zero.isEstimated && zero.volumeMl == 0)
    }
}
