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
        let place: [InputKey: Double] = [.lat: 49.8, .lon: 9.9]
        #expect(ModuleRequest().usageProblem(given: [:]) == nil)
        #expect(ModuleRequest().usageProblem(given: place) == nil)
        #expect(ModuleRequest(near: "Würzburg").usageProblem(given: [.onsetMinutes: 30]) == nil)
        #expect(ModuleRequest().usageProblem(given: [.lat: 49.8]) == "--lat and --lon go together: give both or neither.")
        #expect(ModuleRequest().usageProblem(given: [.lon: 9.9]) == "--lat and --lon go together: give both or neither.")
        #expect(ModuleRequest(near: "Würzburg").usageProblem(given: place) == "Give either --lat/--lon or --near, not both.")
        #expect(ModuleRequest(gfapAssay: "nope").usageProblem(given: [.lat: 49.8])?.hasPrefix("--gfap-assay: 'nope'") == true)
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
        #expect(inputs.module == .limited && inputs.age == 71 && inputs.sbp == 160 && inputs.dbp == 90)
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
            #expect(error.issues.first?.field == .sbp)
        }
    }
}
