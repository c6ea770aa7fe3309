import AuditFormat
import CaseWire
import Foundation
import HTTPTestClient
import StrokeBoard
import StrokeCollector
import TestScratch
import Testing

/// The built `stroke-triage-server` as a hospital and a relay operator run it: the three-command
/// set-up (keygen, add-hospital, board serve), a relay serving a device's case, and graceful stops.
@Suite("pre-notification binary")
struct PrenotifyBinaryTests {
    @Test("board keygen, relay add-hospital, relay serve and board serve: a sent case reaches the board; SIGTERM stops both with 0")
    func threeCommandSetup() async throws {
        let url = try PostgresCluster.shared.get().createDatabase()
        let database = "postgres://collector@localhost:\(url.port)/\(url.database)?host=\(url.socketDirectory!)"
        let directory = TestScratch.directory("prenotify-binary").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keyPath = directory + "/board-key.json"

        // 1. The hospital makes its key pair.
        let keygen = try await ServerBinaryTests.run(["board", "keygen", "--out", keyPath])
        #expect(keygen.status == 0)
        let publicKey = keygen.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(publicKey.hasPrefix("sthk1."))
        let mode = (try FileManager.default.attributesOfItem(atPath: keyPath)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        await #expect(try ServerBinaryTests.run(["board", "keygen", "--out", keyPath]).status == 73)
        // 2. The relay operator registers it (and a device, as for the collector).
        let added = try await ServerBinaryTests.run(["relay", "add-hospital", "--database", database, "--id", "H1", "--public-key", publicKey])
        #expect(added.status == 0)
        #expect(added.stdout == "added hospital H1\n")
        let twice = try await ServerBinaryTests.run(["relay", "add-hospital", "--database", database, "--id", "H1", "--public-key", publicKey])
        #expect(twice.status == 65)
        #expect(twice.stderr.contains("relay.hospitalExists"))
        let badKey = try await ServerBinaryTests.run(["relay", "add-hospital", "--database", database, "--id", "H2", "--public-key", "sthk1.x.y"])
        #expect(badKey.status == 65)
        #expect(badKey.stderr.contains("relay.publicKeyInvalid"))
        let listed = try await ServerBinaryTests.run(["relay", "list-hospitals", "--json"], environment: ["STROKE_COLLECTOR_DATABASE": database])
        #expect(listed.stdout.contains("\"id\":\"H1\"") && listed.stdout.contains(publicKey))
        let device = SimulatedDevice(name: "AMB-12")
        await #expect(try ServerBinaryTests.run(["collector", "add-device", "--database", database, "--name", "AMB-12",
                                           "--public-key", device.publicKey]).status == 0)

        // 3. Both run.
        let relay = try Running(["relay", "serve", "--database", database, "--listen", "127.0.0.1:0"])
        defer { relay.kill() }
        let relayPort = try await waitFor(timeout: .seconds(180), poll: .milliseconds(100), "the relay listening") { relay.port(after: "relay listening") }
        let board = try Running(["board", "serve", "--key", keyPath, "--relay", "http://127.0.0.1:\(relayPort)",
                                 "--hospital", "H1", "--listen", "127.0.0.1:0", "--poll-seconds", "0.2"])
        defer { board.kill() }
        let boardPort = try await waitFor(timeout: .seconds(180), poll: .milliseconds(100), "the board listening") { board.port(after: "board listening") }

        let sender = try RelayHTTPClient(baseURL: "http://127.0.0.1:\(relayPort)")
        let keyAnswer = try await sender.send(method: "GET", path: RelayPaths.hospital("H1"), headers: try RequestSignature.sign(
            method: "GET", path: RelayPaths.hospital("H1"), body: Data(), device: "AMB-12",
            timestampMs: RelayHarness.nowMs(), nonce: RequestSignature.makeNonce(), key: device.key))
        let hospitalKey = try HospitalPublicKey(try JSONDecoder().decode(HospitalKeyAnswer.self, from: keyAnswer.body).publicKey)
        let caseId = CaseIdentifiers.makeCaseId()
        let sealed = try SealedCase.seal(caseJSON: BoardTests.caseJSON, caseId: caseId, hospitalId: "H1", device: "AMB-12",
                                         signingKey: device.key, to: hospitalKey, sentMs: RelayHarness.nowMs())
        let body = try JSONEncoder().encode(CaseCreateRequest(caseId: caseId, hospitalId: "H1", urgency: .immediate,
                                                              etaMinutes: 9, sealed: sealed))
        let created = try await sender.send(method: "POST", path: RelayPaths.cases, body: body, headers: try RequestSignature.sign(
            method: "POST", path: RelayPaths.cases, body: body, device: "AMB-12", timestampMs: RelayHarness.nowMs(),
            nonce: RequestSignature.makeNonce(), key: device.key))
        #expect(created.status == 201)

        let boardClient = try RelayHTTPClient(baseURL: "http://127.0.0.1:\(boardPort)")
        let shown = try await eventually {
            let answer = try await boardClient.send(method: "GET", path: "/cases.json")
            return String(decoding: answer.body, as: UTF8.self).contains("\"verdict\":\"valid\"")
        }
        #expect(shown)

        // A wall screen keeps /events open; SIGTERM still stops the board promptly (the stream ends first).
        let opened = LockedText()
        let screen = Task {
            await RawHTTP.exchange(port: boardPort, "GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n", seconds: 100,
                                   progress: { opened.append($0) }).text
        }
        // Stop once the stream is open and has shown the case (a bounded poll of what it received).
        #expect(try await eventually(seconds: 60) { opened.text.contains("data-case-id=\"\(caseId)\"") })
        relay.terminate()
        board.terminate()
        let streamed = await screen.value
        #expect(streamed.contains("data-case-id=\"\(caseId)\""))
        _ = try await waitFor(timeout: .seconds(60), poll: .milliseconds(100), "the relay's and the board's end") { relay.process.isRunning || board.process.isRunning ? nil : true }
        #expect(await relay.process.output().status == 0)
        #expect(await board.process.output().status == 0)
        #expect(relay.log.contains("relay stopped"))
        #expect(board.log.contains("board stopped"))
        // Neither log holds a case value.
        for log in [relay.log, board.log] {
            #expect(!log.contains("4321.5"))
            #expect(!log.contains("\"gfap\""))
        }
        #expect(relay.log.contains("case=\(caseId)"))
    }
}

/// A server process whose standard error is collected.
final class Running: @unchecked Sendable {
    let process: ChildProcess

    init(_ arguments: [String]) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["STROKE_COLLECTOR_DATABASE"] = nil
        environment["STROKE_COLLECTOR_CONFIG"] = nil
        process = try ChildProcess(ServerBinaryTests.server, arguments, environment: environment)
    }

    /// What the server wrote to standard error so far.
    var log: String { process.stderrText }

    /// The port in the first log line containing `marker`.
    func port(after marker: String) -> Int? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains(marker) }),
              let range = line.range(of: "port=") else { return nil }
        return Int(line[range.upperBound...].prefix(while: \.isNumber))
    }

    func terminate() { process.signal(SIGTERM) }
    func kill() { process.signal(SIGKILL) }
}
