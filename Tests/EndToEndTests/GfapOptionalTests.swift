import Foundation
import StrokeJSON
import StrokeModels
import Testing
import CLITestSupport
import TestJSON

/// Issue 43: no waiting for GFAP. Every module decides from the exam and onset without it; a result below
/// the assay's range (`<29`, `below`, or a value under 29) is recorded as such, never refused.
@Suite struct GfapOptionalTests {
    static let full = ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--fast-ed", "6", "--onset-minutes", "60",
                       "--near", "Würzburg"]

    @Test(arguments: [
        ([] as [String], "pending"), (["--gfap", "<29"], "belowRange"), (["--gfap", "below"], "belowRange"),
        (["--gfap", "20"], "belowRange"), (["--gfap", "180"], "measured"),
    ])
    func fullDecidesWithoutAMeasuredGfap(_ gfap: [String], _ status: String) async throws {
        let run = await ModuleCommandTests.run(Self.full + gfap + ["--json"] + ModuleCommandTests.accept)
        #expect(run.status == 0, "\(gfap): \(run.stderr)")
        let json = try run.json()
        #expect(json["inputs"]["gfapStatus"].stringValue == status)
        #expect(json["decision"]["lvoSuspected"].boolValue == true)
        #expect(json["decision"]["urgency"].stringValue == "timeCritical")
        #expect((json["routing"]["destination"].object)?["id"].stringValue == "uniklinikum-wuerzburg")
        if status != "measured" {
            // No number: no ICH baseline (outside its fitted range), no LVO estimate (the scale decides), no volume.
            #expect(json["inputs"]["gfap"].isNull)
            #expect(json["ich"]["probability"].isNull)
            #expect(json["lvo"].isNull)
            #expect(json["volume"].isNull)
        }
    }

    @Test func comaAndLimitedRunWithoutGfapAndTheSummarySaysWhy() async throws {
        for (arguments, line) in [(["coma"], "ICH: not assessable before imaging (GFAP pending)"),
                                  (["limited", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "<29"],
                                   "ICH: not assessable before imaging (GFAP below 29 pg/mL)")] {
            let run = await ModuleCommandTests.run(arguments + ModuleCommandTests.accept)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.contains(line), "\(run.stdout)")
        }
        // A negative value is still invalid data, naming the field.
        let negative = await ModuleCommandTests.run(["coma", "--gfap=-1"] + ModuleCommandTests.accept)
        #expect(negative.status == 65)
        #expect(negative.stderr.contains("GFAP"))
    }

    @Test func theCatalogueReadsPendingBelowRangeAndMeasured() throws {
        var inputs = try TriageInputs(module: .coma, values: [:])
        #expect(inputs.gfapStatus == .pending)
        inputs = try TriageInputs(module: .coma, values: [.gfap: 0])
        #expect(inputs.gfapStatus == .belowRange && inputs.gfap == nil)
        inputs = try TriageInputs(module: .coma, values: [.gfap: 29])
        #expect(inputs.gfapStatus == .measured && inputs.gfap == 29)
        #expect(InputKey.gfap.belowRangeWords == ["<29", "below"])
    }
}
