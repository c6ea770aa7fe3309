import AuditFormat
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StrokeCollector
import StrokeJSON
import Testing
import TestJSON

/// Small contract gaps of the collector (issue 29, item 12): `GET /v1/head` always writes `logId`
/// (`null` before a log is bound), and `collector incidents --json` prints `[]` when there are none.
@Suite("collector contract")
struct CollectorContractTests {
    @Test("GET /v1/head writes \"logId\": null for a device whose log is not bound yet")
    func headWritesNullLogId() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-21")
            try await harness.add(device)
            let pairs = try RequestSignature.sign(method: "GET", path: CollectorPaths.head, body: Data(), device: device.name,
                                                  timestampMs: Int64(Date().timeIntervalSince1970 * 1000),
                                                  nonce: RequestSignature.makeNonce(), key: device.key)
            var headers = HTTPFields()
            for (name, value) in pairs { headers[HTTPField.Name(name)!] = value }
            try await harness.client.execute(uri: CollectorPaths.head, method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                let text = String(buffer: response.body)
                #expect(text.contains("\"logId\":null"), "\(text)")
                let object = try JSONValue(parsing: Data(text.utf8)).object
                #expect(object?.keys.sorted() == ["head", "logId"])
            }
        }
        // Encoded the same everywhere the type is written.
        let encoded = try JSONEncoder().encode(HeadAnswer(head: PushHead(sequence: 0, hash: Data(count: 32)), logId: nil))
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"logId\":null"))
    }

    @Test("collector incidents --json prints [] when there are none, and a JSON array otherwise")
    func incidentsJSONArray() async throws {
        let url = try PostgresCluster.shared.get().createDatabase()
        let database = "postgres://collector@localhost:\(url.port)/\(url.database)?host=\(url.socketDirectory!)"
        let empty = await ServerBinaryTests.admin(["collector", "incidents", "--database", database, "--json"])
        #expect(empty.status == 0)
        #expect(empty.stdout == "[]\n")
        #expect(await ServerBinaryTests.admin(["collector", "incidents", "--database", database]).stdout == "no incidents\n")
    }
}
