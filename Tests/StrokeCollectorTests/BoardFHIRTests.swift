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

    @Test("a case's .fhir.json is the device's --fhir Bundle in the board's own words; unknown, invalid and other names are 404")
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
                // The board's Bundle is built by the device's code from the case as the board vouches for it (issue 45):
                // the same resources and values; its decision texts are the board's own (no destination line in its summary).
                let destinationLine = try #require(try JSONValue(parsing: json.stdout)["decision"]["summary"][0].stringValue)
                let (mine, theirs) = (try JSONValue(parsing: served), try JSONValue(parsing: fhir.stdout))
                func resources(_ bundle: JSONValue) -> [JSONValue] { (bundle["entry"].arrayValue ?? []).compactMap { $0["resource"] } }
                #expect(resources(mine).map { $0["resourceType"].stringValue } == resources(theirs).map { $0["resourceType"].stringValue })
                let observations = { (b: JSONValue) in resources(b).filter { $0["resourceType"].stringValue == "Observation" }
                    .map { [$0["code"]?.serialized(), $0["valueQuantity"]?.serialized(), $0["valueBoolean"]?.serialized()] } }
                #expect(observations(mine) == observations(theirs))
                #expect(!served.contains(destinationLine) && fhir.stdout.contains(destinationLine))
                #expect(served.contains("\"resourceType\":\"Bundle\""))
                for path in ["/cases/\(bad.caseId).fhir.json", "/cases/\(String(repeating: "0", count: 32)).fhir.json", "/cases/\(good.caseId).json"] {
                    #expect(try await board.client.send(method: "GET", path: path).status == 404, "\(path)")
                }
            }
        }
    }
}
