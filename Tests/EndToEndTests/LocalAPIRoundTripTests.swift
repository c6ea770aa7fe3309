import Foundation
import StrokeJSON
import Testing
#if canImport(Glibc)
import Glibc
import CLITestSupport
import HTTPTestClient
import TestJSON
#endif

/// The CLI's cloud path round-trips through our own local API over real HTTP on
/// loopback: `stroke-triage … --mode cloud --api-base http://127.0.0.1:PORT`
/// against `stroke-triage-server api` (both in the test process: `InProcessCLI`, `LocalAPIInProcess`). The LVO is identical to `--mode offline`,
/// and the ICH comes out labelled as the baseline, never as a cloud model.
@Suite struct LocalAPIRoundTripTests {
    static let grid: [[String]] = [
        ["coma", "--gfap", "29"],
        ["coma", "--gfap", "500"],
        ["coma", "--gfap", "10001"],
        ["limited", "--age", "18", "--sbp", "60", "--dbp", "30", "--gfap", "29"],
        ["limited", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "450", "--reduced-vigilance"],
        ["limited", "--age", "120", "--sbp", "300", "--dbp", "200", "--gfap", "10001"],
        ["full", "--age", "70", "--sbp", "160", "--dbp", "90", "--gfap", "180", "--fast-ed", "7", "--headache", "--arm-paresis",
         "--anticoagulated", "--antiplatelets", "--leg-paresis"],
        ["full", "--age", "18", "--sbp", "60", "--dbp", "30", "--gfap", "29", "--fast-ed", "0"],
        ["full", "--age", "120", "--sbp", "300", "--dbp", "200", "--gfap", "10001", "--fast-ed", "9", "--eye-deviation",
         "--reduced-vigilance", "--atrial-fibrillation"],
        ["full", "--age", "55", "--sbp", "140", "--dbp", "85", "--gfap", "60", "--fast-ed", "3"],
        ["full", "--age", "82", "--sbp", "210", "--dbp", "120", "--gfap", "2500", "--fast-ed", "5"],
    ]

    static func json(_ r: BinaryRunner.Result) throws -> JSONValue { try r.json() }

    static func section(_ object: JSONValue, _ key: String) -> String {
        guard let value = object[key], !value.isNull else { return "null" }
        return value.sortingKeys.serialized()
    }

    @Test func cloudModeThroughTheLocalAPIMatchesOfflineAndLabelsICHAsBaseline() async throws {
        try await LocalAPIInProcess.withServer { (base: String) async throws in
            for arguments in Self.grid {
                let common = arguments + ["--accept-disclaimer", "--json", "--deadline", "60"]
                let offline = await InProcessCLI.runOnStillClock(common + ["--mode", "offline"])
                let cloud = await InProcessCLI.runOnStillClock(common + ["--mode", "cloud", "--api-base", base])
                #expect(offline.status == 0, "\(arguments): \(offline.stderr)")
                #expect(cloud.status == 0, "\(arguments): \(cloud.stderr)")
                let o = try Self.json(offline), c = try Self.json(cloud)
                let ich = c["ich"].object
                #expect(ich?["source"].stringValue == "baseline", "\(arguments)")
                #expect(ich?["model"].stringValue == "ich-baseline-age-gfap-logistic", "\(arguments)")
                #expect(Self.section(c, "lvo") == Self.section(o, "lvo"), "\(arguments)")
                #expect(Self.section(c, "ich") == Self.section(o, "ich"), "\(arguments)")
                #expect(cloud.stdout == offline.stdout, "\(arguments): the whole --json is the same in both modes")
            }
        }
    }

    @Test func autoModeThroughTheLocalAPIIsNeverLabelledCloud() async throws {
        try await LocalAPIInProcess.withServer { (base: String) async throws in
            // Under 18 the baseline does not apply: the API answers 422, auto mode falls back to offline.
            let cases = [Self.grid[1], Self.grid[6], ["limited", "--age", "17", "--sbp", "120", "--dbp", "70", "--gfap", "100"]]
            for arguments in cases {
                let r = await InProcessCLI.runOnStillClock(arguments + ["--accept-disclaimer", "--json", "--mode", "auto", "--deadline", "60",
                                                            "--api-base", base])
                #expect(r.status == 0, "\(arguments): \(r.stderr)")
                #expect(!r.stdout.contains("\"source\":\"cloud\""), "\(arguments): \(r.stdout)")
                #expect((try Self.json(r)["ich"].object)?["source"].stringValue == "baseline")
            }
        }
    }

    @Test func theServerAnswersTheContractOverRealHTTP() async throws {
        try await LocalAPIInProcess.withServer([.maxBodyBytes: "1024"]) { base in
            let answers = try await LocalAPIHTTP.send([.post("/predict_lvo", #"{"gfap_value":180,"fast_ed_score":7}"#),
                                                       .post("/predict_lvo", String(repeating: " ", count: 2000) + "{}")], to: base)
            #expect(answers.first?.status == 200)
            #expect(answers.first?.body.contains(#""probability":0.5119570957664139"#) == true)
            #expect(answers.last?.status == 413)
            #expect(answers.last?.body.contains(#""code":"api.bodyTooLarge""#) == true)
        }
    }

    /// The server as a process of its own: its body timer (a task) and its idle timeout 5 s later (NIO)
    /// race, and in the test process a cooperative pool held by other suites' blocking waits could
    /// delay the timer past the idle close.
    @Test func aBodyThatNeverArrivesGets408() async throws {
        let text = try await LocalAPIInProcess.withServer([.requestTimeoutSeconds: "1"], idleGraceSeconds: 60) { (base: String) async throws in
            let port = Int(base.split(separator: ":").last ?? "") ?? 0
            return await Self.exchange(port, Array("POST /predict_lvo HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\n{\"gfap".utf8))
        }
        #expect(text.hasPrefix("HTTP/1.1 408"), "\(text)")
        #expect(text.contains(#""code":"api.timeout""#))
    }

    /// Sends `request` (raw bytes: a body that never arrives is what no HTTP client sends) and returns
    /// the answer (read until it is whole or the server closes, at most 120 s).
    static func exchange(_ port: Int, _ request: [UInt8]) async -> String {
        await RawHTTP.exchange(port: port, request, until: .completeAnswer, seconds: 120).text
    }
}
