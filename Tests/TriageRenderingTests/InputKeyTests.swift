import StrokeModels
import Testing
import TriageRendering

/// The input catalogue: one place for names, flags, CSV headers, ranges and modules.
@Suite struct InputKeyTests {
    @Test func namesInEveryForm() {
        #expect(InputKey.fastEd.json == "fastEd")
        #expect(InputKey.fastEd.flag == "--fast-ed")
        #expect(InputKey.fastEd.csv == "fast_ed")
        #expect(InputKey.locQuestionsAndCommands.flag == "--loc-questions-and-commands")
        #expect(InputKey.reducedVigilance.csv == "reduced_vigilance")
    }

    @Test func rangesComeFromTheTriageRules() {
        #expect(InputKey.sbp.field == .sbp)
        #expect(InputKey.sbp.allowedRange == TriageRules.allowed(.sbp))
        #expect(InputKey.lat.allowedRange == AllowedRange(lower: -90, upper: 90))
        #expect(InputKey.headache.field == nil && InputKey.headache.allowedRange == nil && InputKey.headache.isBoolean)
        #expect(InputKey.armMotor.field == .scaleArmMotor)
        // Every numeric key has a field; every flag has none.
        for key in InputKey.allCases { #expect((key.field == nil) == key.isBoolean, "\(key)") }
    }

    @Test func labelsAndModules() {
        #expect(InputKey.age.messageKey == "field.age")
        #expect(InputKey.headache.messageKey == "walk.finding.headache")
        #expect(InputKey.keys(for: .coma) == [.glucose, .gfap])
        for module in TriageModule.allCases { #expect(InputKey.keys(for: module).map(\.json) == module.inputKeys) }
        #expect(InputKey.scaleKeys.compactMap(\.scaleItem) == ScaleItem.allCases)
    }
}
