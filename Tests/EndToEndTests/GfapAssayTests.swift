import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// GFAP assay provenance through the built binary: `--gfap-assay` and the
/// config default are recorded and draw the hedged warning; the value is never
/// converted; unknown names are usage errors.
@Suite struct GfapAssayTests {
    static let coma = ["coma", "--gfap", "500", "--mode", "offline", "--accept-disclaimer"]

    @Test func flagIsRecordedWarnedAboutAndNeverConverts() async throws {
        let plain = await InProcessCLI.run(Self.coma + ["--json"])
        let stated = await InProcessCLI.run(Self.coma + ["--json", "--gfap-assay", "elecsys-gfap"])
        #expect(stated.status == 0, "\(stated.stderr)")
        let j = try stated.json(), p = try plain.json()
        #expect((j["inputs"].object)?["gfapAssay"].stringValue == "elecsys-gfap")
        #expect((p["inputs"].object)?["gfapAssay"] == nil)
        let warnings = try #require(j["warnings"].stringArray)
        #expect(warnings.contains { $0.contains("elecsys-gfap") && $0.contains("not interchangeable") && $0.contains("no conversion") })
        #expect((p["warnings"].stringArray)?.contains { $0.contains("interchangeable") } == false)
        // The same numbers with and without an assay: nothing is converted.
        #expect(((j["ich"].object)?["probability"].doubleValue) == ((p["ich"].object)?["probability"].doubleValue))
        #expect(((j["volume"].object)?["volumeMl"].doubleValue) == ((p["volume"].object)?["volumeMl"].doubleValue))
    }

    @Test func configDefaultAppliesAndTheReportRecordsIt() async throws {
        let home = BinaryRunner.temporaryHome()
        try Data(#"{"gfapAssay": "istat-tbi"}"#.utf8).write(to: home.appendingPathComponent("config.json"))
        let report = home.appendingPathComponent("report.md")
        let r = await InProcessCLI.run(Self.coma + ["--report", report.path, "--lang", "de"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("GFAP gemessen mit istat-tbi"))
        let text = try String(contentsOf: report, encoding: .utf8)
        #expect(text.contains("| GFAP-Assay | istat-tbi |"))
    }

    @Test func unknownNamesAreUsageErrors() async throws {
        let flag = await InProcessCLI.run(Self.coma + ["--gfap-assay", "magic"])
        #expect(flag.status == 64)
        #expect(flag.stderr.contains("istat-tbi") && flag.stderr.contains("other"))
        let home = BinaryRunner.temporaryHome()
        try Data(#"{"gfapAssay": "magic"}"#.utf8).write(to: home.appendingPathComponent("config.json"))
        let config = await InProcessCLI.run(Self.coma, environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(config.status == 64)
        #expect(config.stderr.contains("gfapAssay"))
        try Data(#"{"scales": ["race", "nihss"]}"#.utf8).write(to: home.appendingPathComponent("config.json"))
        let scales = await InProcessCLI.run(["walk", "--mode", "offline", "--accept-disclaimer"], stdin: "",
                                            environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(scales.status == 64)
        #expect(scales.stderr.contains("nihss") && scales.stderr.contains("race, lams, cpsss, pass, van"))
    }
}
