import Foundation
import Testing
@testable import StrokeModels

/// Every local model against the reference system's golden values, to 1e-12.
@Suite struct GoldenTests {
    static let tolerance = 1e-12

    @Test func fixturesAreLoaded() {
        #expect(Fixtures.volume.count >= 7)
        #expect(Fixtures.lvo.count >= 80)
        #expect(Fixtures.baseline.count >= 25)
    }

    @Test(arguments: Fixtures.volume)
    func volume(_ c: Fixtures.VolumeCase) throws {
        let v = try VolumeModel.estimate(gfap: c.gfap)
        #expect(abs(v.volumeMl - c.volumeMl) <= Self.tolerance * max(1, c.volumeMl))
        #expect(v.gfapUsed == c.gfapUsed)
        #expect((v.gfapUsed != v.gfap) == c.capped)
        #expect(abs(v.rangeMl.lowerBound - c.rangeMl[0]) <= Self.tolerance * max(1, c.rangeMl[0]))
        #expect(abs(v.rangeMl.upperBound - c.rangeMl[1]) <= Self.tolerance * max(1, c.rangeMl[1]))
        #expect(v.severity.rawValue == c.severity)
        #expect(v.mortality.rawValue == c.mortality)
        #expect(v.warnings.contains { $0.code == "gfap.capped" } == c.capped)
    }

    @Test(arguments: Fixtures.lvo)
    func lvo(_ c: Fixtures.LVOCase) throws {
        let p = try LVOModel.predict(gfap: c.gfap, fastEd: c.fastEd)
        #expect(abs(p.probability - c.probability) <= Self.tolerance)
        #expect(p.fastEdUsed == c.fastEdUsed)
        #expect(p.fastEdClamped == c.clamped)
        #expect(p.lvoLikely == c.lvoLikely)
        #expect(p.riskLevel.rawValue == c.riskLevel)
        #expect(abs(p.gfapContribution - c.gfapContribution) <= Self.tolerance)
        #expect(abs(p.fastEdContribution - c.fastEdContribution) <= Self.tolerance)
        #expect(p.warnings.contains { $0.code == "fastEd.clamped" } == c.clamped)
    }

    @Test(arguments: Fixtures.baseline)
    func baseline(_ c: Fixtures.BaselineCase) throws {
        if c.valid, let expected = c.probability {
            let p = try ICHBaseline.predict(age: c.age, gfap: c.gfap)
            #expect(abs(p.probability - expected) <= Self.tolerance)
            #expect(p.riskLevel.rawValue == c.riskLevel)
        } else {
            #expect(throws: ModelsError.self) { try ICHBaseline.predict(age: c.age, gfap: c.gfap) }
        }
    }

    @Test func lvoInvalidInputsFromTheReference() throws {
        #expect(throws: ModelsError.self) { try LVOModel.predict(gfap: -1, fastEd: 5) }
        #expect(throws: ModelsError.self) { try LVOModel.predict(gfap: -0.001, fastEd: 5) }
        _ = try LVOModel.predict(gfap: 0, fastEd: 5)
    }

    @Test func workedValuesFromModelsMd() throws {
        let lvo: [(Double, Double, Double)] = [
            (180, 7, 0.5119570957664139), (50, 2, 0.01935971926803867), (500, 12, 0.9827107434835425),
            (100, 0, 0.0038947482640335246), (29, 4, 0.0910704366453691),
        ]
        for (g, f, p) in lvo { #expect(abs(try LVOModel.predict(gfap: g, fastEd: f).probability - p) <= Self.tolerance) }
        let base: [(Double, Double, Double)] = [
            (74.59, 500, 0.5218967886092711), (70, 1000, 0.7070682965741585), (80, 100, 0.35987024327150496),
        ]
        for (a, g, p) in base { #expect(abs(try ICHBaseline.predict(age: a, gfap: g).probability - p) <= Self.tolerance) }
    }
}

/// The copies under Tests/ stay identical to the shared reference. Without
/// `../shared` the test is reported as skipped, never as passed.
@Suite struct FixtureCopyTests {
    static let sharedPresent = FileManager.default.fileExists(atPath: Fixtures.sharedGolden.path)

    @Test(.enabled(if: sharedPresent, "../shared/reference/golden is missing: the copies cannot be compared"),
          arguments: ["volume.json", "lvo.json", "ich-baseline.json"])
    func copyMatchesSharedReference(_ name: String) throws {
        let shared = Fixtures.sharedGolden.appendingPathComponent(name)
        let copy = try Data(contentsOf: Fixtures.directory.appendingPathComponent(name))
        #expect(copy == (try Data(contentsOf: shared)), "Tests/StrokeModelsTests/Fixtures/\(name) differs from ../shared/reference/golden/\(name)")
    }
}
