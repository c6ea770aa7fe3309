import Foundation
import StrokeJSON
import StrokeModels
import Testing
import CLITestSupport
import TestJSON

/// The one-shot module commands and the piped walkthrough, run in process
/// (`InProcessCLI`, standard input given): JSON shape, sources, exit codes, the disclaimer gate and reports.
@Suite struct ModuleCommandTests {
    static let offline = ["--mode", "offline"]
    static let accept = ["--accept-disclaimer"]
    static let full = ["full", "--age", "70", "--sbp", "160", "--dbp", "90", "--gfap", "180", "--fast-ed", "7",
                       "--headache", "--arm-paresis"]

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) async -> BinaryRunner.Result {
        await InProcessCLI.run(arguments + offline, stdin: stdin, environment: environment)
    }

    static func checkPrediction(_ value: JSONValue?, source: String, expected: Prediction) throws {
        let p = try #require(value.object)
        #expect(Set(p.keys).isSuperset(of: ["probability", "riskLevel", "source", "model", "drivers", "notes"]))
        #expect(p["source"].stringValue == source)
        #expect(p["model"].stringValue == expected.model)
        // Within 1e-12 of the recorded value; the writer and StrokeJSON's reader are exact (see the calculator tests).
        #expect(abs((p["probability"].doubleValue ?? .nan) - expected.probability!) <= 1e-12)
        #expect(p["riskLevel"].stringValue == expected.riskLevel?.rawValue)
        #expect(p["fallbackReason"] == nil)
        let drivers = try #require(p["drivers"].arrayValue)
        #expect(drivers.count == expected.drivers.count)
        for (driver, want) in zip(drivers, expected.drivers) {
            #expect(driver["feature"].stringValue == want.feature)
            #expect(abs((driver["weight"].doubleValue ?? .nan) - want.weight) <= 1e-12)
        }
        #expect(p["notes"].stringArray != nil)
    }

    static func checkVolume(_ value: JSONValue?) throws {
        let v = try #require(value.object)
        for key in ["gfap", "gfapUsed", "capped", "estimated", "volumeMl", "volumeRangeMl", "severity", "source", "model", "warnings"] {
            #expect(v[key] != nil, "volume.\(key)")
        }
        #expect(v["source"].stringValue == "local")
        #expect(v["mortality"] == nil, "no prognosis before hospital")
    }

    @Test func fullJsonHasEveryDocumentedKey() async throws {
        let r = await Self.run(Self.full + ["--onset-minutes", "45", "--json"] + Self.accept)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try r.json()
        #expect(Array(j.keys).sorted() == ["decision", "disclaimer", "ich", "inputs", "lvo", "module", "volume", "warnings"])
        let decision = try #require(j["decision"].object)
        #expect(Array(decision.keys).sorted() == ["ichUsed", "lvoBasis", "lvoSuspected", "protocol", "recommendations", "summary", "urgency"])
        #expect(j["module"].stringValue == "full")
        let inputs = try #require(j["inputs"].object)
        #expect(Set(inputs.keys) == ["age", "sbp", "dbp", "glucose", "gfap", "gfapStatus", "fastEd", "headache", "legParesis", "armParesis", "eyeDeviation",
                                     "reducedVigilance", "atrialFibrillation", "anticoagulated", "antiplatelets", "onsetMinutes"])
        #expect(inputs["headache"].boolValue == true && inputs["legParesis"].boolValue == false && inputs["armParesis"].boolValue == true)
        var expected = TriageInputs(module: .full, gfap: 180)
        expected.age = 70; expected.sbp = 160; expected.dbp = 90; expected.fastEd = 7
        expected.headache = true; expected.armParesis = true; expected.onsetMinutes = 45
        let a = try OfflinePredictionService().assessNow(expected)
        try Self.checkPrediction(j["ich"], source: "baseline", expected: a.ich)
        try Self.checkPrediction(j["lvo"], source: "local", expected: a.lvo!)
        try Self.checkVolume(j["volume"])
        // The FAST-ED statement is the decision's LVO verdict, never repeated as a warning (issue 35).
        #expect((j["warnings"].stringArray)?.contains { $0.contains("FAST-ED ≥ 4") } == false)
        #expect((j["disclaimer"].stringValue)?.hasPrefix("Research use only") == true)
        #expect(r.stdout.split(separator: "\n").count == 1)
    }

    @Test func comaAndLimitedJson() async throws {
        let coma = await Self.run(["coma", "--gfap", "500", "--json"] + Self.accept)
        #expect(coma.status == 0)
        let c = try coma.json()
        #expect(c["module"].stringValue == "coma")
        #expect(c["lvo"].isNull)
        #expect((c["inputs"].object).map { Array($0.keys) } == ["glucose", "gfap", "gfapStatus"])
        let a = try OfflinePredictionService().assessNow(TriageInputs(module: .coma, gfap: 500))
        try Self.checkPrediction(c["ich"], source: "baseline", expected: a.ich)
        #expect(((c["ich"].object)?["notes"].stringArray)?.contains { $0.contains("74.59") } == true)
        try Self.checkVolume(c["volume"])

        let limited = await Self.run(["limited", "--age", "70", "--sbp", "150", "--dbp", "80", "--gfap", "300", "--reduced-vigilance",
                                    "--lat", "48.1", "--lon", "11.5", "--json"] + Self.accept)
        #expect(limited.status == 0)
        let l = try limited.json()
        #expect(l["module"].stringValue == "limited")
        #expect(l["lvo"].isNull)
        let inputs = try #require(l["inputs"].object)
        #expect(Set(inputs.keys) == ["age", "sbp", "dbp", "glucose", "gfap", "gfapStatus", "reducedVigilance", "lat", "lon"])
        #expect(inputs["reducedVigilance"].boolValue == true)
    }

    @Test func underEighteenHasNoIchNumber() async throws {
        let r = await Self.run(["limited", "--age", "15", "--sbp", "150", "--dbp", "80", "--gfap", "300"] + Self.accept)
        #expect(r.status == 0)
        // At a glance the summary says the ICH is not assessable and flags the age (issue 44); --details gives the note.
        #expect(r.stdout.contains("ICH: not assessable before imaging") && r.stdout.contains("under 18"))
        let details = await Self.run(["limited", "--age", "15", "--sbp", "150", "--dbp", "80", "--gfap", "300", "--details"] + Self.accept)
        #expect(details.stdout.contains("not available") && details.stdout.contains("applies from age 18"))
        let j = try await Self.run(["limited", "--age", "15", "--sbp", "150", "--dbp", "80", "--gfap", "300", "--json"] + Self.accept).json()
        let ich = try #require(j["ich"].object)
        #expect(ich["probability"].isNull && ich["riskLevel"].isNull)
    }

    @Test func humanOutputIsHedgedSourcedAndFits80Columns() async throws {
        for language in ["en", "de"] {
            let r = await Self.run(Self.full + ["--lang", language, "--details"] + Self.accept)
            #expect(r.status == 0)
            for line in r.stdout.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
            #expect(!r.stdout.contains("\u{1B}["))
            #expect(!r.stdout.lowercased().contains("you have"))
            #expect(r.stdout.contains("2024.09.28-calibrated"))
            #expect(r.stdout.contains("ich-baseline-age-gfap-logistic"))
            #expect(r.stdout.contains("gfap-volume-loglog-r2-0.476"))
            #expect(r.stdout.contains("│"))
        }
        let en = await Self.run(Self.full + Self.accept)
        #expect(en.stdout.contains("ICH: not assessable before imaging (no calibrated estimate offline)"))
        #expect(en.stdout.contains("Source: local model"))
        #expect(en.stdout.contains("51 %  high"))
        #expect(en.stdout.contains("Research use only"))
    }

    @Test func disclaimerGate() async throws {
        let refused = await Self.run(["coma", "--gfap", "500", "--json"])
        #expect(refused.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.contains("--accept-disclaimer"))

        let home = BinaryRunner.temporaryHome().path
        #expect(await Self.run(["coma", "--gfap", "500"] + Self.accept, environment: ["STROKE_TRIAGE_HOME": home]).status == 0)
        #expect(await Self.run(["coma", "--gfap", "500"], environment: ["STROKE_TRIAGE_HOME": home]).status == 0)

        let walked = BinaryRunner.temporaryHome().path
        let walk = await Self.run(["walk"], stdin: "yes\ny\n\n500\n\n\n\n\n", environment: ["STROKE_TRIAGE_HOME": walked])
        #expect(walk.status == 0)
        #expect(await Self.run(["coma", "--gfap", "500"], environment: ["STROKE_TRIAGE_HOME": walked]).status == 0)
    }

    @Test(arguments: [
        (["coma", "--gfap", "10002"], "GFAP"), (["coma", "--gfap", "1e400"], "GFAP"),
        (["limited", "--age", "130", "--sbp", "150", "--dbp", "80", "--gfap", "300"], "Age"),
        (["limited", "--age", "70.5", "--sbp", "150", "--dbp", "80", "--gfap", "300"], "Age"),
        (["limited", "--age", "70", "--sbp", "80", "--dbp", "150", "--gfap", "300"], "Systolic"),
        (["full", "--age", "70", "--sbp", "150", "--dbp", "80", "--gfap", "300", "--fast-ed", "10"], "FAST-ED"),
        (["coma", "--gfap", "300", "--onset-minutes=-1"], "onset"),
        (["coma", "--gfap", "300", "--lat", "91", "--lon", "10"], "Latitude"),
    ])
    func invalidDataExits65(_ arguments: [String], _ field: String) async throws {
        let r = await Self.run(arguments + ["--json"] + Self.accept)
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains(field))
        #expect(r.stderr.contains("allowed"))
    }

    @Test(arguments: [
        ["coma", "--gfap", "abc"], ["limited", "--gfap", "300"], ["full", "--age", "70", "--sbp", "150", "--dbp", "80", "--gfap", "300"],
        ["coma", "--gfap", "300", "--lat", "48"], ["coma", "--gfap", "300", "--lang", "fr"], ["coma", "--gfap", "300", "--bogus"],
    ])
    func usageErrorsExit64(_ arguments: [String]) async throws {
        let r = await Self.run(arguments + Self.accept)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
    }

    @Test func reportFileIsPrivateAndComplete() async throws {
        let path = BinaryRunner.temporaryHome().appendingPathComponent("report.md").path
        let r = await Self.run(Self.full + ["--json", "--report", path, "--lang", "de"] + Self.accept)
        #expect(r.status == 0)
        #expect(try r.json()["module"].stringValue == "full")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for part in ["# Übergabebericht", "(UTC)", "## Eingaben", "| Kopfschmerzen | ja |", "Offline-Basismodell", "## Hinweis", "Nur für Forschungszwecke"] {
            #expect(text.contains(part), "report lacks \(part)")
        }
        let failed = await Self.run(["coma", "--gfap", "300", "--report", "/nonexistent-dir/r.md"] + Self.accept)
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr.split(separator: "\n").count == 1)
    }

    @Test func pipedWalkthroughOneAnswerPerLine() async throws {
        let r = await Self.run(["walk"] + Self.accept, stdin: "n\ny\n70\n160\n90\n7\nn\nn\ny\nn\nn\nn\nn\nn\n\n180\n\n\n\n\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("LVO probability"))
        #expect(r.stdout.contains("51 %  high"))
        #expect(r.stdout.contains("Age (years, a whole number from 0 to 120) > 70\n"))

        let json = await Self.run(["walk", "--json"] + Self.accept, stdin: "y\n\n500\n\n\n\n\n")
        #expect(json.status == 0)
        #expect(try json.json()["module"].stringValue == "coma")
        #expect(json.stderr.contains("Is the patient comatose"))

        let ended = await Self.run(["walk"] + Self.accept, stdin: "n\n")
        #expect(ended.status == 0)
    }

    @Test func noArgumentsWithoutATerminalPrintsHelp() async throws {
        let r = await InProcessCLI.run([], stdin: "")
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE") || r.stdout.contains("SUBCOMMANDS"))
        #expect(r.stdout.contains("walk"))
    }
}
