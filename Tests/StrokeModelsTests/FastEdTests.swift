import Testing
@testable import StrokeModels

/// FAST-ED: ranges, derived inputs and monotonicity.
@Suite struct FastEdTests {
    static let all: [[Int]] = {
        var result: [[Int]] = []
        for f in 0...1 { for a in 0...2 { for s in 0...2 { for e in 0...2 { for d in 0...2 {
            result.append([f, a, s, e, d])
        } } } } }
        return result
    }()

    static func exam(_ v: [Int]) throws(ModelsError) -> FastEdExam {
        try FastEdExam(facialPalsy: v[0], armWeakness: v[1], speech: v[2], eyeDeviation: v[3], denialNeglect: v[4])
    }

    @Test func totalsAndDerivedInputs() throws {
        for v in Self.all {
            let e = try Self.exam(v)
            #expect(e.total == v.reduce(0, +))
            #expect((0...9).contains(e.total))
            #expect(e.armParesis == (v[1] > 0))
            #expect(e.hasEyeDeviation == (v[3] > 0))
            #expect(e.lvoSuspected == (e.total >= 4))
        }
    }

    @Test func raisingAnyItemNeverLowersTotalOrLvoProbability() throws {
        for v in Self.all {
            let base = try Self.exam(v)
            for i in 0..<5 where v[i] < FastEdExam.items[i].maxPoints {
                var w = v
                w[i] += 1
                let raised = try Self.exam(w)
                #expect(raised.total == base.total + 1)
                let p0 = try LVOModel.predict(gfap: 100, fastEd: Double(base.total)).probability
                let p1 = try LVOModel.predict(gfap: 100, fastEd: Double(raised.total)).probability
                #expect(p1 > p0)
            }
        }
    }

    @Test(arguments: [[2, 0, 0, 0, 0], [0, 3, 0, 0, 0], [0, 0, -1, 0, 0], [0, 0, 0, 9, 0], [0, 0, 0, 0, 3]])
    func itemsOutOfRangeAreRejectedNamingTheField(_ v: [Int]) {
        do throws(ModelsError) {
            _ = try Self.exam(v)
            Issue.record("expected an error for \(v)")
        } catch {
            let index = v.indices.first { v[$0] < 0 || v[$0] > FastEdExam.items[$0].maxPoints }!
            #expect(error.issues.first?.field == FastEdExam.items[index].field)
            #expect(error.issues.first?.given == Double(v[index]))
        }
    }
}
