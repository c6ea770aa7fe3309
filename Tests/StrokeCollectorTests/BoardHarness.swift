import CaseWire
import Foundation
import StrokeBoard
import StrokeJSON
import TestJSON
import TestScratch
#if canImport(Glibc)
import Glibc
#endif

/// A hospital board for one test: the poller and the routes on 127.0.0.1 at a random port, polling `relay` every 200 ms.
struct BoardHarness: Sendable {
    let port: Int
    let client: RelayHTTPClient
    let state: BoardState

    /// Runs `body` with a board for `hospitalId` (with `keys`) against `relay`; everything stops when it returns.
    static func run(relay: RelayHarness, hospitalId: String, keys: HospitalKeyPair, language: BoardLanguage? = nil,
                    trustedDevices: [String: Data]? = nil, hospitalName: String? = nil,
                    _ body: @Sendable (BoardHarness) async throws -> Void) async throws {
        var configuration = try BoardConfiguration(hospitalId: hospitalId, relayURL: relay.url)
        configuration.hospitalName = hospitalName
        configuration.pollInterval = .milliseconds(200)
        configuration.language = language
        configuration.trustedDevices = trustedDevices
        let state = BoardState(hospitalId: hospitalId)
        let poller = BoardPoller(configuration: configuration, keys: keys, client: try RelayHTTPClient(baseURL: relay.url),
                                 state: state, logger: RelayHarness.logger)
        let routes = BoardRoutes(configuration: configuration, state: state, logger: RelayHarness.logger)
        try await LiveServer.run(routes.makeRouter(), server: BoardServer.http1, services: [poller]) { port in
            try await body(BoardHarness(port: port, client: try RelayHTTPClient(baseURL: "http://127.0.0.1:\(port)", timeoutSeconds: 120),
                                        state: state))
        }
    }

    /// `GET /cases.json`, parsed.
    func casesJSON() async throws -> JSONValue {
        let answer = try await client.send(method: "GET", path: "/cases.json")
        guard answer.status == 200, let object = try JSONValue(parsing: answer.body).object else {
            throw HarnessError(description: "cases.json answered \(answer.status)")
        }
        return object
    }

    /// The listed cases of `/cases.json`.
    func cases() async throws -> [JSONValue] {
        try await casesJSON()["cases"].arrayValue ?? []
    }

    /// Waits (bounded) until `/cases.json` lists `caseId`; returns that case.
    func waitForCase(_ caseId: String) async throws -> JSONValue {
        try await waitFor(poll: .milliseconds(100), "case \(caseId) on the board") {
            try await cases().first(where: { $0["caseId"].stringValue == caseId })
        }
    }

    /// `GET /` with an optional Accept-Language.
    func page(acceptLanguage: String? = nil) async throws -> String {
        let headers = acceptLanguage.map { [("Accept-Language", $0)] } ?? []
        let answer = try await client.send(method: "GET", path: "/", headers: headers)
        return String(decoding: answer.body, as: UTF8.self)
    }
}

