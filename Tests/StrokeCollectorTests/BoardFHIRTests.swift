import CaseWire
import CLITestSupport
import Foundation
import StrokeJSON
import Testing
import StrokeBoard
import TestJSON

/// `GET /cases/{id}.fhir.json` (issue 36): the board serves a valid case as the FHIR Bundle the
/// device's `--fhir` wrote for it, the same rules and numbers, apart from the time (the device's
/// computation against its sealing; docs/fhir.md).
@Suite("board FHIR")
struct BoardFHIRTests {
    /// Every FHIR time (`yyyy-MM-ddTHH:mm:ssZ`) as `TIME`.
    static func withoutTimes(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, with: "TIME", options: .regularExpression)
    }

    @Test("a case's .fhir.json is the device's --fhir Bundle; unknown, invalid and other names are 404")
    func boardServesTheDevicesBundle() async throws {
        let inputs = ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "450", "--fast-ed", "5", "--near", "Würzburg",
                      "--onset-minutes", "40", "--mode", "offline", "--accept-disclaimer"]
        let json = await InProcessCLI.run(inputs + ["--json"])
        let fhir = await InProcessCLI.run(inputs + ["--fhir"])
        #expect(json.status == 0 && fhir.status == 0, "\(json.stderr)\(fhir.stderr)")
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-36")
            try await relay.add(device)
            let good = try await relay.send(Data(json.stdout.trimmingCharacters(in: .newlines).utf8), from: device, to: "H1", keys: keys)
            let bad = try await relay.send(Data("not a case".utf8), from: device, to: "H1", keys: keys)
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: keys) { board in
                #expect(try await board.waitForCase(good.caseId)["valid"].boolValue == true)
                _ = try await board.waitForCase(bad.caseId)
                let answer = try await board.client.send(method: "GET", path: "/cases/\(good.caseId).fhir.json")
                #expect(answer.status == 200)
                let served = String(decoding: answer.body, as: UTF8.self)
                #expect(Self.withoutTimes(served) == Self.withoutTimes(fhir.stdout))
                #expect(served.contains("\"resourceType\":\"Bundle\""))
                for path in ["/cases/\(bad.caseId).fhir.json", "/cases/\(String(repeating: "0", count: 32)).fhir.json", "/cases/\(good.caseId).json"] {
                    #expect(try await board.client.send(method: "GET", path: path).status == 404, "\(path)")
                }
            }
        }
    }
}
