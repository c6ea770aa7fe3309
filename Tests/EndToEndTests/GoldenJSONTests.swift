import Foundation
import Testing
import CLITestSupport

/// The CLI's `--json` output, byte for byte, against golden files recorded before
/// the engine moves out of the executable (issue 13: "the CLI's `--json` output
/// is unchanged for every existing command").
///
/// Every case runs the real `stroke-triage` binary in offline mode (or a
/// command that needs no network), with `--accept-disclaimer` where the command
/// asks for it, in a fresh `STROKE_TRIAGE_HOME`, and compares stdout (for
/// `batch`, the `--out` file) with `Tests/EndToEndTests/Golden/json/NAME`.
///
/// Left out on purpose, because their output depends on the clock or on paths:
/// `audit head/verify/export/checkpoint/public-key` (times, keys, paths),
/// `login`/`warm-up` (the network), `status` after a login (expiry time),
/// batch's summary on stderr (elapsed time), the cloud and auto modes (covered
/// by `DeterministicOutputTests` against the fake cloud), and `--report`
/// (the handover report carries the time of the assessment).
///
/// To re-record after an intended change of the output (never in CI; the test
/// refuses to record when `CI` is set):
///
///     STROKE_TRIAGE_RECORD_GOLDEN=1 swift test --skip-build --filter GoldenJSONTests
///
/// then review `git diff Tests/EndToEndTests/Golden` before committing.
@Suite struct GoldenJSONTests {
    /// One recorded command: a golden file name, the arguments, and for batch the input file.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        var batchInput: (name: String, text: String)? = nil

        var testDescription: String { name }
    }

    static let offline = ["--mode", "offline", "--accept-disclaimer", "--json"]

    static let modules: [Case] = [
        Case(name: "coma-gfap500.json", arguments: ["coma", "--gfap", "500"] + offline),
        Case(name: "coma-gfap29.json", arguments: ["coma", "--gfap", "29"] + offline),
        Case(name: "coma-gfap10001.json", arguments: ["coma", "--gfap", "10001"] + offline),
        Case(name: "coma-gfap1500-assay.json", arguments: ["coma", "--gfap", "1500", "--gfap-assay", "istat-tbi"] + offline),
        Case(name: "limited-70-150-85-450.json", arguments: ["limited", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "450"] + offline),
        Case(name: "limited-vigilance.json", arguments: ["limited", "--age", "82", "--sbp", "210", "--dbp", "120", "--gfap", "2500",
                                                         "--reduced-vigilance"] + offline),
        Case(name: "limited-age0.json", arguments: ["limited", "--age", "0", "--sbp", "60", "--dbp", "30", "--gfap", "29"] + offline),
        Case(name: "limited-age17.json", arguments: ["limited", "--age", "17", "--sbp", "120", "--dbp", "70", "--gfap", "100"] + offline),
        Case(name: "full-zeros-false.json", arguments: ["full", "--age", "0", "--sbp", "60", "--dbp", "30", "--gfap", "29", "--fast-ed", "0"] + offline),
        Case(name: "full-all-true.json", arguments: ["full", "--age", "70", "--sbp", "160", "--dbp", "90", "--gfap", "180", "--fast-ed", "7",
                                                     "--headache", "--leg-paresis", "--arm-paresis", "--eye-deviation", "--reduced-vigilance",
                                                     "--atrial-fibrillation", "--anticoagulated", "--antiplatelets"] + offline),
        Case(name: "full-max.json", arguments: ["full", "--age", "120", "--sbp", "300", "--dbp", "200", "--gfap", "10001", "--fast-ed", "9"] + offline),
        Case(name: "full-onset.json", arguments: ["full", "--age", "55", "--sbp", "140", "--dbp", "85", "--gfap", "60", "--fast-ed", "3",
                                                  "--onset-minutes", "90"] + offline),
        Case(name: "full-near-wuerzburg.json", arguments: ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "450",
                                                           "--fast-ed", "5", "--near", "Würzburg"] + offline),
        Case(name: "full-lat-lon.json", arguments: ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "450", "--fast-ed", "5",
                                                    "--lat", "49.79", "--lon", "9.95", "--onset-minutes", "80"] + offline),
        Case(name: "full-explain.json", arguments: ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "450", "--fast-ed", "5",
                                                    "--explain"] + offline),
    ]

    static let calculators: [Case] = [
        Case(name: "volume-1000.json", arguments: ["volume", "--gfap", "1000", "--json"]),
        Case(name: "volume-29.json", arguments: ["volume", "--gfap", "29", "--json"]),
        Case(name: "volume-10001.json", arguments: ["volume", "--gfap", "10001", "--json"]),
        Case(name: "lvo-180-7.json", arguments: ["lvo", "--gfap", "180", "--fast-ed", "7", "--json"]),
        Case(name: "lvo-29-0.json", arguments: ["lvo", "--gfap", "29", "--fast-ed", "0", "--json"]),
        Case(name: "lvo-10001-9.json", arguments: ["lvo", "--gfap", "10001", "--fast-ed", "9", "--json"]),
        Case(name: "lvo-explain.json", arguments: ["lvo", "--gfap", "180", "--fast-ed", "7", "--explain", "--json"]),
        Case(name: "fast-ed-4.json", arguments: ["fast-ed", "--facial-palsy", "1", "--arm-weakness", "2", "--speech", "1",
                                                 "--eye-deviation", "0", "--denial-neglect", "0", "--json"]),
        Case(name: "fast-ed-zeros.json", arguments: ["fast-ed", "--facial-palsy", "0", "--arm-weakness", "0", "--speech", "0",
                                                     "--eye-deviation", "0", "--denial-neglect", "0", "--json"]),
        Case(name: "ich-baseline-74.59-500.json", arguments: ["ich-baseline", "--age", "74.59", "--gfap", "500", "--json"]),
        Case(name: "ich-baseline-18-29.json", arguments: ["ich-baseline", "--age", "18", "--gfap", "29", "--json"]),
        Case(name: "race.json", arguments: ["race", "--facial-palsy", "2", "--arm-motor", "2", "--leg-motor", "1", "--gaze-deviation", "1",
                                            "--aphasia-agnosia", "0", "--json"]),
        Case(name: "lams.json", arguments: ["lams", "--facial-droop", "1", "--arm-drift", "2", "--grip-strength", "1", "--json"]),
        Case(name: "lams-zeros.json", arguments: ["lams", "--facial-droop", "0", "--arm-drift", "0", "--grip-strength", "0", "--json"]),
        Case(name: "cpsss.json", arguments: ["cpsss", "--gaze-deviation", "1", "--loc-questions-and-commands", "0", "--arm-weakness", "1", "--json"]),
        Case(name: "pass.json", arguments: ["pass", "--loc-questions", "1", "--gaze-deviation", "0", "--arm-weakness", "1", "--json"]),
        Case(name: "van.json", arguments: ["van", "--arm-weakness", "1", "--vision", "0", "--aphasia", "1", "--neglect", "0", "--json"]),
        Case(name: "scales-partial.json", arguments: ["scales", "--gaze-deviation", "1", "--arm-weakness", "1", "--loc-questions", "0", "--json"]),
        Case(name: "centers-near.json", arguments: ["centers", "--near", "Würzburg", "--limit", "3", "--json"]),
        Case(name: "centers-need.json", arguments: ["centers", "--near", "Regensburg", "--limit", "2", "--need", "thrombectomy", "--json"]),
        Case(name: "centers-outside.json", arguments: ["centers", "--lat", "48.86", "--lon", "2.35", "--limit", "2", "--json"]),
        Case(name: "route-near.json", arguments: ["route", "--near", "Würzburg", "--ich", "0.1", "--fast-ed", "6", "--json"]),
        Case(name: "route-onset.json", arguments: ["route", "--near", "Deggendorf", "--ich", "0.12", "--fast-ed", "6",
                                                   "--onset-minutes", "80", "--json"]),
        // Issue 27's example: the expected outcome by destination beside the rule-based destination (research only, issue 43).
        Case(name: "route-outcomes.json", arguments: ["route", "--near", "Deggendorf", "--lvo", "0.8", "--nihss", "14",
                                                      "--onset-minutes", "60", "--research", "--json"]),
        Case(name: "route-lvo-ich.json", arguments: ["route", "--near", "Regensburg", "--ich", "0.7", "--lvo", "0.2", "--json"]),
        Case(name: "route-outside.json", arguments: ["route", "--lat", "48.86", "--lon", "2.35", "--ich", "0.1", "--fast-ed", "6", "--json"]),
        Case(name: "status-logged-out.json", arguments: ["status", "--json"]),
    ]

    static let batches: [Case] = [
        Case(name: "batch-lvo.csv", arguments: ["batch", "--module", "lvo", "--mode", "offline"],
             batchInput: ("in.csv", "gfap,fast_ed\n180,7\n\"500\",2\n-1,3\n29,0\n")),
        Case(name: "batch-volume.jsonl", arguments: ["batch", "--module", "volume", "--mode", "offline"],
             batchInput: ("in.jsonl", "{\"gfap\":1000}\n{\"gfap\":29}\n{\"gfap\":0}\n")),
        Case(name: "batch-coma.csv", arguments: ["batch", "--module", "coma", "--mode", "offline"],
             batchInput: ("in.csv", "gfap\n500\n29\n10001\n")),
        Case(name: "batch-limited.csv", arguments: ["batch", "--module", "limited", "--mode", "offline"],
             batchInput: ("in.csv", "age,sbp,dbp,gfap,reduced_vigilance\n70,150,85,450,false\n0,60,30,29,0\n82,210,120,2500,true\n")),
        Case(name: "batch-full.jsonl", arguments: ["batch", "--module", "full", "--mode", "offline"],
             batchInput: ("in.jsonl", "{\"age\":70,\"sbp\":160,\"dbp\":90,\"gfap\":180,\"fastEd\":7,\"headache\":true,\"armParesis\":true}\n"
                 + "{\"age\":0,\"sbp\":60,\"dbp\":30,\"gfap\":29,\"fastEd\":0,\"headache\":false}\n")),
    ]

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/json")
    static var recording: Bool { ProcessInfo.processInfo.environment["STROKE_TRIAGE_RECORD_GOLDEN"] == "1" }

    /// Runs one case in a fresh home and returns the bytes to compare.
    static func output(of testCase: Case) async throws -> Data {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var arguments = testCase.arguments
        var outFile: URL?
        if let input = testCase.batchInput {
            let inURL = home.appendingPathComponent(input.name)
            try Data(input.text.utf8).write(to: inURL)
            let out = home.appendingPathComponent("out" + (input.name.hasSuffix(".jsonl") ? ".jsonl" : ".csv"))
            arguments += ["--in", inURL.path, "--out", out.path]
            outFile = out
        }
        let result = await InProcessCLI.run(arguments, environment: ["STROKE_TRIAGE_HOME": home.path, "LC_ALL": "C", "LANG": "C"])
        if let outFile {
            // Batch exits 65 when a row was rejected; the rejected rows are part of the golden file.
            #expect(result.status == 0 || result.status == 65, "\(testCase.name): exit \(result.status)")
            return try Data(contentsOf: outFile)
        }
        #expect(result.status == 0, "\(testCase.name): exit \(result.status) \(result.stderr)")
        return Data(result.stdout.utf8)
    }

    static func check(_ testCase: Case) async throws {
        let actual = try await output(of: testCase)
        let file = goldenDirectory.appendingPathComponent(testCase.name)
        if recording {
            try #require(ProcessInfo.processInfo.environment["CI"] == nil, "golden files are never re-recorded in CI")
            try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
            try actual.write(to: file)
            return
        }
        let golden = try #require(FileManager.default.contents(atPath: file.path), "no golden file \(testCase.name)")
        #expect(actual == golden, """
            \(testCase.name) differs from its golden file.
            expected: \(String(decoding: golden, as: UTF8.self))
            actual:   \(String(decoding: actual, as: UTF8.self))
            """)
    }

    @Test(arguments: modules) func moduleCommands(_ testCase: Case) async throws { try await Self.check(testCase) }
    @Test(arguments: calculators) func calculatorsCentersAndStatus(_ testCase: Case) async throws { try await Self.check(testCase) }
    @Test(arguments: batches) func batchOutputFiles(_ testCase: Case) async throws { try await Self.check(testCase) }

    /// Every golden file belongs to a case (a renamed case leaves no stale file behind).
    @Test func everyGoldenFileHasACase() throws {
        let all = Self.modules + Self.calculators + Self.batches
        let names = Set(all.map(\.name))
        #expect(names.count == all.count, "duplicate golden names")
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldenDirectory.path).filter { !$0.hasPrefix(".") }
        #expect(Set(files) == names)
    }
}
