import StrokeModels
import Testing
import TriageEngine

/// Which settings go together, in the command line's words.
@Suite struct UsageRulesTests {
    @Test func theAssayName() {
        #expect(GfapAssaySetting.usageProblem(nil) == nil)
        #expect(GfapAssaySetting.usageProblem("istat-tbi") == nil)
        #expect(GfapAssaySetting.usageProblem("nope")?.hasPrefix("--gfap-assay: 'nope' is not a known assay; allowed: istat-tbi") == true)
    }

    @Test func aModuleRequestsLocation() {
        #expect(ModuleRequest().usageProblem == nil)
        #expect(ModuleRequest(latitude: 49.8, longitude: 9.9).usageProblem == nil)
        #expect(ModuleRequest(near: "Würzburg").usageProblem == nil)
        #expect(ModuleRequest(latitude: 49.8).usageProblem == "--lat and --lon go together: give both or neither.")
        #expect(ModuleRequest(longitude: 9.9).usageProblem == "--lat and --lon go together: give both or neither.")
        #expect(ModuleRequest(latitude: 49.8, longitude: 9.9, near: "Würzburg").usageProblem == "Give either --lat/--lon or --near, not both.")
        #expect(ModuleRequest(latitude: 49.8, gfapAssay: "nope").usageProblem?.hasPrefix("--gfap-assay: 'nope'") == true)
    }

    @Test func exactlyOneOrigin() {
        #expect(CentersOrigin.usageProblem(latitude: 49.8, longitude: 9.9, near: nil) == nil)
        #expect(CentersOrigin.usageProblem(latitude: nil, longitude: nil, near: "Würzburg") == nil)
        #expect(CentersOrigin.usageProblem(latitude: nil, longitude: nil, near: nil) == "Give the origin: --lat and --lon, or --near PLACE.")
        #expect(CentersOrigin.usageProblem(latitude: 49.8, longitude: nil, near: "W") == "--lat and --lon go together.")
        #expect(CentersOrigin.usageProblem(latitude: nil, longitude: 9.9, near: nil) == "--lat and --lon go together.")
        #expect(CentersOrigin.usageProblem(latitude: 49.8, longitude: 9.9, near: "W") == "Give either --lat/--lon or --near, not both.")
    }
}

/// The inputs of a module from values by catalogue key, checked in the form's order.
@Suite struct VitalSignsTests {
    static func vitals(_ module: TriageModule, _ age: Double, _ sbp: Double, _ dbp: Double, _ gfap: Double, vigilance: Bool = false,
                       fastEd: Double = 0) throws(ModelsError) -> TriageInputs {
        try TriageInputs(module: module, values: [.age: age, .sbp: sbp, .dbp: dbp, .gfap: gfap, .fastEd: fastEd,
                                                  .reducedVigilance: vigilance ? 1 : 0])
    }

    @Test func wholeNumbersInRangeInTheFormsOrder() throws {
        let inputs = try Self.vitals(.limited, 71, 160, 90, 300, vigilance: true)
        #expect(inputs.module == .limited && inputs.age == 71 && inputs.systolic == 160 && inputs.diastolic == 90)
        #expect(inputs.gfap == 300 && inputs.reducedVigilance)
        // The first invalid field is named, in the order age, systolic, diastolic, GFAP.
        #expect(throws: ModelsError.self) {
            _ = try Self.vitals(.full, 71.5, 20, 90, 1)
        }
        do throws(ModelsError) {
            _ = try Self.vitals(.full, 71, 20, 10, 1)
            Issue.record("a systolic pressure of 20 is out of range")
        } catch {
            #expect(error.code == "models.invalidInput")
            #expect(error.issues.first?.field == .systolic)
        }
    }
}
