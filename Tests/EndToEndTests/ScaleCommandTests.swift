import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// The five scale commands and `scales` through the built binary: JSON
/// contract, hand-calculated totals at the threshold edges, exit 65 naming
/// the item and its range, and the side-by-side view of `scales`.
@Suite struct ScaleCommandTests {
    /// (arguments, hand-calculated total or nil for VAN, flag).
    static let edges: [([String], Int?, Bool)] = [
        // RACE 2+1+1+1+0 = 5 (edge) and 1+1+1+1+0 = 4.
        (["race", "--facial-palsy", "2", "--arm-motor", "1", "--leg-motor", "1", "--gaze-deviation", "1", "--aphasia-agnosia", "0"], 5, true),
        (["race", "--facial-palsy", "1", "--arm-motor", "1", "--leg-motor", "1", "--gaze-deviation", "1", "--aphasia-agnosia", "0"], 4, false),
        // LAMS 0+2+2 = 4 (edge) and 1+1+1 = 3.
        (["lams", "--facial-droop", "0", "--arm-drift", "2", "--grip-strength", "2"], 4, true),
        (["lams", "--facial-droop", "1", "--arm-drift", "1", "--grip-strength", "1"], 3, false),
        // CPSSS 2·1+0+0 = 2 (edge) and 2·0+1+0 = 1.
        (["cpsss", "--gaze-deviation", "1", "--loc-questions-and-commands", "0", "--arm-weakness", "0"], 2, true),
        (["cpsss", "--gaze-deviation", "0", "--loc-questions-and-commands", "1", "--arm-weakness", "0"], 1, false),
        // PASS 1+1+0 = 2 (edge) and 0+0+1 = 1.
        (["pass", "--loc-questions", "1", "--gaze-deviation", "1", "--arm-weakness", "0"], 2, true),
        (["pass", "--loc-questions", "0", "--gaze-deviation", "0", "--arm-weakness", "1"], 1, false),
        // VAN: weakness + neglect positive; every sign without weakness negative.
        (["van", "--arm-weakness", "1", "--vision", "0", "--aphasia", "0", "--neglect", "1"], nil, true),
        (["van", "--arm-weakness", "0", "--vision", "1", "--aphasia", "1", "--neglect", "1"], nil, false),
    ]

    @Test(arguments: edges)
    func thresholdEdgesThroughTheCli(_ arguments: [String], _ total: Int?, _ positive: Bool) async throws {
        let r = await InProcessCLI.run(arguments + ["--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let j = try r.json()
        #expect(j["scale"].stringValue == arguments[0])
        for key in ["threshold", "items", "source", "warnings", "disclaimer"] { #expect(j[key] != nil, "\(key)") }
        if arguments[0] == "van" {
            #expect(j["total"] == nil)
            #expect(j["vanPositive"].boolValue == positive)
            #expect(j["lvoSuspected"] == nil)
        } else {
            #expect(j["total"].intValue == total)
            #expect(j["lvoSuspected"].boolValue == positive)
        }
        let items = try #require(j["items"].intMap)
        #expect(items.count == (arguments.count - 1) / 2)
        #expect((j["source"].stringValue)?.contains(["race": "Stroke. 2014", "lams": "Stroke. 2008", "cpsss": "Stroke. 2015",
                                                    "pass": "Stroke. 2016", "van": "2017"][arguments[0]]!) == true)
    }

    @Test(arguments: [
        (["race", "--facial-palsy", "3", "--arm-motor", "0", "--leg-motor", "0", "--gaze-deviation", "0", "--aphasia-agnosia", "0"],
         "Facial palsy (RACE)", "0 to 2"),
        (["race", "--facial-palsy", "0", "--arm-motor", "0", "--leg-motor", "0", "--gaze-deviation", "2", "--aphasia-agnosia", "0"],
         "Gaze deviation", "0 to 1"),
        (["lams", "--facial-droop", "2", "--arm-drift", "0", "--grip-strength", "0"], "Facial droop (LAMS)", "0 to 1"),
        (["lams", "--facial-droop", "0", "--arm-drift", "0", "--grip-strength", "1.5"], "Grip strength (LAMS)", "0 to 2"),
        (["cpsss", "--gaze-deviation", "2", "--loc-questions-and-commands", "0", "--arm-weakness", "0"], "Gaze deviation", "0 to 1"),
        (["pass", "--loc-questions", "0", "--gaze-deviation", "0", "--arm-weakness=-1"], "Arm weakness", "0 to 1"),
        (["van", "--arm-weakness", "1", "--vision", "0", "--aphasia", "7", "--neglect", "0"], "Aphasia (VAN)", "0 to 1"),
        (["scales", "--leg-motor", "3"], "Leg motor function (RACE)", "0 to 2"),
    ])
    func invalidItemExits65NamingItAndItsRange(_ arguments: [String], _ item: String, _ range: String) async throws {
        let r = await InProcessCLI.run(arguments + ["--json"])
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains(item), "\(r.stderr)")
        #expect(r.stderr.contains("a whole number from " + range), "\(r.stderr)")
    }

    @Test func missingItemIsAUsageError() async throws {
        #expect(await InProcessCLI.run(["lams", "--facial-droop", "1"]).status == 64)
    }

    @Test func humanOutputIsHedgedSaysItIsNoProbabilityAndCitesTheSource() async throws {
        let r = await InProcessCLI.run(["race", "--facial-palsy", "2", "--arm-motor", "2", "--leg-motor", "2",
                                      "--gaze-deviation", "1", "--aphasia-agnosia", "2"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("RACE total: 9 of 9 (threshold ≥ 5)."))
        #expect(r.stdout.contains("suggests a large vessel occlusion"))
        #expect(r.stdout.contains("not a probability"))
        #expect(r.stdout.contains("Pérez de la Ossa"))
        #expect(r.stdout.contains("Research use only"))
        let de = await InProcessCLI.run(["lams", "--facial-droop", "1", "--arm-drift", "1", "--grip-strength", "1", "--lang", "de"])
        #expect(de.stdout.contains("LAMS-Summe: 3 von 5 (Schwelle ≥ 4)."))
        #expect(de.stdout.contains("keine Wahrscheinlichkeit"))
    }

    @Test func scalesShowsEveryDeterminedScaleAndWhatTheOthersNeed() async throws {
        // RACE 2+1+1+1+0 = 5; CPSSS 2·1+0+1 = 3; VAN weakness + vision; LAMS and PASS undetermined.
        let args = ["scales", "--facial-palsy", "2", "--arm-motor", "1", "--leg-motor", "1", "--gaze-deviation", "1",
                    "--aphasia-agnosia", "0", "--loc-questions-and-commands", "0", "--arm-weakness", "1",
                    "--vision", "1", "--aphasia", "0", "--neglect", "0"]
        let r = await InProcessCLI.run(args + ["--json"])
        #expect(r.status == 0)
        let j = try r.json()
        let scales = try #require(j["scales"].arrayValue)
        #expect(scales.map { $0["scale"].stringValue } == ["race", "cpsss", "van"])
        #expect(scales.map { $0["total"].intValue } == [5, 3, nil])
        let undetermined = try #require(j["undetermined"].arrayValue)
        #expect(undetermined.map { $0["scale"].stringValue } == ["lams", "pass"])
        #expect(undetermined[0]["flags"].stringArray == ["--facial-droop", "--arm-drift", "--grip-strength"])
        #expect(undetermined[1]["missing"].stringArray == ["locQuestions"])
        #expect(j["disclaimer"].stringValue != nil)

        let text = await InProcessCLI.run(args)
        #expect(text.stdout.contains("RACE"))
        #expect(text.stdout.contains("5 of 9"))
        #expect(text.stdout.contains("3 of 4"))
        #expect(text.stdout.contains("PASS still needs Abnormal LOC questions (PASS) (--loc-questions)."))
        for line in text.stdout.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }

        let none = await InProcessCLI.run(["scales"])
        #expect(none.status == 0)
        #expect(none.stdout.contains("determine no scale"))
    }
}
