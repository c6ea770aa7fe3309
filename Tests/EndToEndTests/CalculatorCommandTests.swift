import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// The calculator commands through the built binary: golden values via
/// `--json`, exit codes, and one-line errors naming the field.
@Suite struct CalculatorCommandTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StrokeModelsTests/Fixtures")

    /// The golden file's cases; a missing, unreadable or empty fixture fails the test instead of asserting nothing.
    static func cases(_ name: String) throws -> [JSONValue] {
        let data = try Data(contentsOf: golden.appendingPathComponent(name))
        let file = try #require(try JSONValue(parsing: data).object, "\(name) is no JSON object")
        let cases = try #require(file["cases"].arrayValue, "\(name) has no cases array")
        try #require(!cases.isEmpty, "\(name) has no cases")
        return cases
    }

    static func arg(_ value: JSONValue?) -> String {
        let d = value?.doubleValue ?? .nan
        return d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }

    @Test func everyLvoGoldenValueThroughTheCli() async throws {
        let cases = try Self.cases("lvo.json")
        #expect(cases.count > 80)
        for c in cases {
            let r = await InProcessCLI.run(["lvo", "--gfap=" + Self.arg(c["gfap"]), "--fast-ed=" + Self.arg(c["fastEd"]), "--json"])
            #expect(r.status == 0, "\(c)")
            let j = try r.json()
            let p = try #require(j["probability"].doubleValue)
            #expect(abs(p - (c["probability"].doubleValue!)) <= 1e-12)
            #expect(j["lvoLikely"].boolValue == c["lvoLikely"].boolValue)
            #expect(j["riskLevel"].stringValue == c["riskLevel"].stringValue)
            #expect((j["fastEdUsed"].doubleValue) == c["fastEdUsed"].doubleValue)
            let contributions = try #require(j["contributions"].doubleMap)
            #expect(abs(contributions["gfap"]! - (c["gfapContribution"].doubleValue!)) <= 1e-12)
            #expect(abs(contributions["fastEd"]! - (c["fastEdContribution"].doubleValue!)) <= 1e-12)
            #expect(j["model"].stringValue == "2024.09.28-calibrated")
            #expect(j["warnings"].stringArray != nil)
        }
    }

    @Test func everyVolumeGoldenValueThroughTheCli() async throws {
        for c in try Self.cases("volume.json") {
            let r = await InProcessCLI.run(["volume", "--gfap=" + Self.arg(c["gfap"]), "--json"])
            #expect(r.status == 0)
            let j = try r.json()
            let expected = c["volumeMl"].doubleValue!
            #expect(abs((j["volumeMl"].doubleValue!) - expected) <= 1e-12 * expected)
            let range = try #require(j["volumeRangeMl"].doubleArray)
            let expectedRange = c["rangeMl"].doubleArray!
            #expect(abs(range[0] - expectedRange[0]) <= 1e-12 * expectedRange[0])
            #expect(abs(range[1] - expectedRange[1]) <= 1e-12 * expectedRange[1])
            #expect(j["severity"].stringValue == c["severity"].stringValue)
            #expect(j["mortality"].stringValue == c["mortality"].stringValue)
            #expect((j["gfapUsed"].doubleValue) == c["gfapUsed"].doubleValue)
        }
    }

    @Test func everyBaselineGoldenValueThroughTheCli() async throws {
        for c in try Self.cases("ich-baseline.json") {
            let r = await InProcessCLI.run(["ich-baseline", "--age=" + Self.arg(c["age"]), "--gfap=" + Self.arg(c["gfap"]), "--json"])
            if c["valid"].boolValue == true {
                #expect(r.status == 0)
                let j = try r.json()
                #expect(abs((j["probability"].doubleValue!) - (c["probability"].doubleValue!)) <= 1e-12)
                #expect(j["riskLevel"].stringValue == c["riskLevel"].stringValue)
            } else {
                #expect(r.status == 65)
            }
        }
    }

    @Test func fastEdJsonShape() async throws {
        let r = await InProcessCLI.run(["fast-ed", "--facial-palsy", "1", "--arm-weakness", "2", "--speech", "1",
                                      "--eye-deviation", "0", "--denial-neglect", "0", "--json"])
        #expect(r.status == 0)
        let j = try r.json()
        #expect(j["total"].intValue == 4)
        #expect(j["lvoSuspected"].boolValue == true)
        #expect(j["armParesis"].boolValue == true)
        #expect(j["eyeDeviation"].boolValue == false)
        let items = try #require(j["items"].intMap)
        #expect(items == ["facialPalsy": 1, "armWeakness": 2, "speech": 1, "eyeDeviation": 0, "denialNeglect": 0])
    }

    @Test(arguments: [
        (["volume", "--gfap=-1"], "GFAP"), (["volume", "--gfap", "1e400"], "GFAP"), (["volume", "--gfap=-1e400"], "GFAP"),
        (["lvo", "--gfap=-0.001", "--fast-ed", "5"], "GFAP"), (["lvo", "--gfap", "100", "--fast-ed", "1e999"], "FAST-ED"),
        (["ich-baseline", "--age", "17", "--gfap", "100"], "Age"), (["ich-baseline", "--age", "121", "--gfap", "100"], "Age"),
        (["ich-baseline", "--age", "50", "--gfap", "0"], "GFAP"),
        (["fast-ed", "--facial-palsy", "2", "--arm-weakness", "0", "--speech", "0", "--eye-deviation", "0", "--denial-neglect", "0"], "Facial palsy"),
    ])
    func invalidDataExits65WithOneLine(_ arguments: [String], _ field: String) async throws {
        let r = await InProcessCLI.run(arguments + ["--json"])
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(r.stderr.contains(field))
        #expect(r.stderr.contains("allowed"))
    }

    @Test(arguments: [
        ["lvo", "--gfap", "100"], ["lvo", "--gfap", "abc", "--fast-ed", "3"], ["volume", "--bogus", "1"],
        ["volume"], ["fast-ed", "--facial-palsy", "x"], ["volume", "--gfap", "1", "--lang", "fr"],
    ])
    func usageErrorsExit64(_ arguments: [String]) async throws {
        let r = await InProcessCLI.run(arguments)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
    }

    @Test func humanOutputIsHedgedAndCarriesTheDisclaimer() async throws {
        for args in [["lvo", "--gfap", "180", "--fast-ed", "7"], ["volume", "--gfap", "1000"], ["ich-baseline", "--age", "70", "--gfap", "1000"]] {
            let r = await InProcessCLI.run(args)
            #expect(r.status == 0)
            #expect(r.stdout.contains("Research use only"))
            #expect(!r.stdout.lowercased().contains("you have"))
            #expect(!r.stdout.lowercased().contains("this is a"))
        }
        let de = await InProcessCLI.run(["volume", "--gfap", "1000", "--lang", "de"])
        #expect(de.stdout.contains("23,9"))
    }

    @Test func jsonProbabilitiesRoundTripExactly() async throws {
        let r = await InProcessCLI.run(["lvo", "--gfap", "180", "--fast-ed", "7", "--json"])
        #expect(r.stdout.contains("\"probability\":0.5119570957664139"))
        #expect(r.stdout.hasSuffix("}\n"))
        #expect(r.stdout.split(separator: "\n").count == 1)
    }

    @Test func noAuditIsForCalculatorsOnly() async throws {
        let calculator = await InProcessCLI.run(["volume", "--gfap", "100", "--no-audit", "--json"])
        #expect(calculator.status == 0)
        let module = await InProcessCLI.run(["coma", "--gfap", "100", "--no-audit", "--accept-disclaimer", "--mode", "offline"])
        #expect(module.status == 64)
    }
}
