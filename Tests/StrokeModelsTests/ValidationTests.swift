import Testing
@testable import StrokeModels

/// The triage input rules of models.md §6 and the calculators' own limits.
@Suite struct ValidationTests {
    @Test(arguments: [
        (InputField.age, -1.0), (.age, 121), (.age, 40.5), (.sbp, 59), (.sbp, 301),
        (.dbp, 29), (.dbp, 201), (.gfap, 28.9), (.gfap, 10_001.5), (.fastEd, 10),
        (.fastEd, -1), (.gcs, 2), (.gcs, 16), (.gfap, .nan), (.gfap, .infinity),
    ])
    func outOfRangeBlocks(_ field: InputField, _ value: Double) {
        let check = TriageRules.check(field, value)
        #expect(check.issue?.field == field)
        #expect(check.issue?.allowed == TriageRules.allowed(field))
    }

    @Test(arguments: [
        (InputField.age, 17.0, "age.minor"), (.gfap, 8000.5, "gfap.extreme"),
        (.fastEd, 4, "fastEd.suggestsLvo"), (.gcs, 7, "gcs.considerComa"),
    ])
    func warningsKeepTheValue(_ field: InputField, _ value: Double, _ code: String) {
        let check = TriageRules.check(field, value)
        #expect(check.issue == nil)
        #expect(check.warnings.map(\.code) == [code])
    }

    @Test func boundsAreInclusive() {
        for (field, value) in [(InputField.age, 0.0), (.age, 120), (.sbp, 60), (.sbp, 300), (.dbp, 30),
                               (.dbp, 200), (.gfap, 29), (.gfap, 10_001), (.fastEd, 0), (.fastEd, 9), (.gcs, 3), (.gcs, 15)] {
            #expect(TriageRules.check(field, value).issue == nil, "\(field) \(value)")
        }
    }

    @Test func systolicMustBeAboveDiastolic() {
        var inputs = TriageInputs(module: .limited, gfap: 100)
        inputs.age = 70
        inputs.sbp = 90
        inputs.dbp = 90
        #expect(throws: ModelsError.self) { try inputs.validate() }
        inputs.sbp = 91
        #expect((try? inputs.validate()) != nil)
    }

    @Test func calculatorsRejectNonFiniteAndNegative() {
        #expect(throws: ModelsError.self) { try VolumeModel.estimate(gfap: -1) }
        #expect(throws: ModelsError.self) { try VolumeModel.estimate(gfap: .nan) }
        #expect(throws: ModelsError.self) { try LVOModel.predict(gfap: .infinity, fastEd: 3) }
        #expect(throws: ModelsError.self) { try LVOModel.predict(gfap: 100, fastEd: .nan) }
        #expect(throws: ModelsError.self) { try ICHBaseline.predict(age: 17.99, gfap: 100) }
        #expect(throws: ModelsError.self) { try ICHBaseline.predict(age: 50, gfap: 0) }
    }

    @Test func offlineServiceLabelsEverySource() throws {
        var inputs = TriageInputs(module: .full, gfap: 180)
        inputs.age = 70
        inputs.sbp = 150
        inputs.dbp = 90
        inputs.fastEd = 7
        let a = try OfflinePredictionService().assessNow(inputs)
        #expect(a.ich.source == .baseline)
        #expect(a.lvo?.source == .local)
        #expect(abs((a.lvo?.probability ?? 0) - 0.5119570957664139) <= 1e-12)
        #expect(a.lvo?.model == "2024.09.28-calibrated")

        var coma = TriageInputs(module: .coma, gfap: 500)
        coma.age = nil
        let c = try OfflinePredictionService().assessNow(coma)
        #expect(abs((c.ich.probability ?? 0) - 0.5218967886092711) <= 1e-12)
        #expect(c.ich.notes.contains { $0.code == "baseline.cohortAge" })
        #expect(c.lvo == nil)

        var child = TriageInputs(module: .limited, gfap: 500)
        child.age = 12
        child.sbp = 110
        child.dbp = 70
        let k = try OfflinePredictionService().assessNow(child)
        #expect(k.ich.probability == nil)
        #expect(k.ich.notes.contains { $0.code == "baseline.notApplicable" })
    }
}
