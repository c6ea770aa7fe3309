import Foundation
import Testing
import CLITestSupport

/// `stroke-triage-server api`'s own settings over real HTTP: `--audit` writes
/// the CLI's audit log (read back by `stroke-triage audit verify`), a broken
/// config file stops the server with 78 (the command line as a process: its exit
/// status is the point), and the body limit holds on `/v1` (served in the test process).
@Suite struct LocalAPIServerSettingsTests {
    @Test func auditedAssessmentsLandInTheLogTheCLIVerifies() async throws {
        let home = BinaryRunner.temporaryHome()
        let answers = try await LocalAPIInProcess.withServer([.audit: "true"], environment: ["STROKE_TRIAGE_HOME": home.path]) { base in
            try await LocalAPIHTTP.send([
                .post("/v1/assess", #"{"module":"full","inputs":{"age":70,"sbp":160,"dbp":90,"gfap":4321.5,"fastEd":7,"lat":49.79,"lon":9.95}}"#),
                .post("/v1/assess", #"{"module":"coma","inputs":{"gfap":500}}"#),
                .post("/predict_lvo", #"{"gfap_value":180,"fast_ed_score":7}"#),
            ], to: base)
        }
        #expect(answers.map(\.status) == [200, 200, 200])
        let verify = await InProcessCLI.run(["audit", "verify", "--json"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        // Two assessments: started + prediction (+ routing with a location) = 5 records; the contract route records nothing.
        #expect(verify.stdout.contains(#""records":5"#), "\(verify.stdout)")
        let data = home.appendingPathComponent("data")
        for file in (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? [] {
            let bytes = try Data(contentsOf: data.appendingPathComponent(file))
            #expect(bytes.range(of: Data("4321.5".utf8)) == nil, "\(file) holds a patient value in plaintext")
        }
    }

    @Test func aBrokenConfigFileStopsTheServerWith78() async throws {
        let home = BinaryRunner.temporaryHome()
        try Data("{ not json".utf8).write(to: home.appendingPathComponent("config.json"))
        let run = await InProcessServerCLI.run(["api", "--listen", "127.0.0.1:0"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(run.status == 78)
        #expect(run.stderr.contains("config.unreadable"), "\(run.stderr)")
    }

    @Test func v1BodiesHaveTheLimitToo() async throws {
        let padded = String(repeating: " ", count: 2000) + #"{"module":"coma","inputs":{"gfap":500}}"#
        let answers = try await LocalAPIInProcess.withServer([.maxBodyBytes: "1024"]) { base in
            try await LocalAPIHTTP.send([.post("/v1/assess", padded), .post("/v1/route", padded)], to: base)
        }
        #expect(answers.map(\.status) == [413, 413])
        #expect(answers.allSatisfy { $0.body.contains(#""code":"api.bodyTooLarge""#) })
    }
}
