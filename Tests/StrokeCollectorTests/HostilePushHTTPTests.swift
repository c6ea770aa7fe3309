import AuditFormat
import Crypto
import FleetSimulator
import Foundation
import HTTPTestClient
import StrokeCollector
import StrokeJSON
import TestJSON
import TestScratch
import Testing

/// Hostile pushes against a served `stroke-triage-server collector serve`
/// over real HTTP (the in-process route tests are in `CollectorPushTests`):
/// each refused with its reason, and listed by `collector incidents --json`.
@Suite("collector hostile pushes over HTTP")
struct HostilePushHTTPTests {
    @Test("replay, forged signature, rollback, fork, suspended device, streamed 100 MB body: refused, reasons listed")
    func hostilePushes() async throws {
        let fleet = try await FleetHarness.start(cluster: try PostgresCluster.shared.get(), devices: 2, collectors: 1,
                                                 prefix: "HOSTILE")
        defer { fleet.stop() }
        let collector = fleet.collectors[0]
        let pusher = Poster()
        let (device, other) = (fleet.devices[0], fleet.devices[1])
        let path = CollectorRoutes.pushPath
        func code(_ answer: (Int, Data)) -> String? { (try? JSONDecoder().decode(RefusalBody.self, from: answer.1))?.error.code }

        let log = device.log(count: 6)
        let body = device.pushBody(log[0..<5])
        let headers = device.signatureHeaders(path: path, body: body)
        #expect(try await pusher.post(collector.url, body: body, headers: headers).0 == 200)

        let replay = try await pusher.post(collector.url, body: body, headers: headers)
        #expect(replay.0 == 401 && code(replay) == "request.replayed")

        let next = device.pushBody(log[5..<6])
        let forged = try await pusher.post(collector.url, body: next,
                                           headers: device.signatureHeaders(path: path, body: next, signingKey: .init()))
        #expect(forged.0 == 401 && code(forged) == "signature.invalid")

        // The device restored an old copy of its log: its head went back to 3.
        let restored = device.pushBody(log[0..<3])
        let rollback = try await pusher.post(collector.url, body: restored, headers: device.signatureHeaders(path: path, body: restored))
        #expect(rollback.0 == 409 && code(rollback) == "chain.rollback")

        // Records 5 and 6 rewritten after 4: a forked log.
        let fork = device.log(count: 6, variant: 7, from: Array(log[0..<4]))
        let forkBody = device.pushBody(fork[4..<6])
        let forked = try await pusher.post(collector.url, body: forkBody, headers: device.signatureHeaders(path: path, body: forkBody))
        #expect(forked.0 == 409 && code(forked) == "chain.fork")

        let suspend = await ServerBinaryTests.admin(["collector", "suspend-device", "--database", fleet.databaseURL, "--name", other.name])
        #expect(suspend.status == 0)
        let otherBody = other.pushBody(other.log(count: 2))
        let suspended = try await pusher.post(collector.url, body: otherBody, headers: other.signatureHeaders(path: path, body: otherBody))
        #expect(suspended.0 == 403 && code(suspended) == "device.suspended")

        // 100 MB streamed (chunked, then with a declared length); the collector stops at its 8 MiB limit.
        let pid = try #require(collector.pid)
        let peakBefore = try Self.peakMemoryKiB(pid)
        for declared in [false, true] {
            let big = StreamingPost(port: collector.port, path: path, headers: device.signatureHeaders(path: path, body: Data()),
                                    totalBytes: 100 << 20, declareLength: declared)
            let answer = try await big.send()
            #expect(answer.status == 413, "declared length \(declared): \(answer.status) \(answer.body)")
            #expect(answer.body.contains("body.tooLarge"))
        }
        let peakAfter = try Self.peakMemoryKiB(pid)
        #expect(peakAfter - peakBefore < 48 * 1024, "peak memory grew from \(peakBefore) KiB to \(peakAfter) KiB")

        #expect(try fleet.storedHeads() == [device.name: 5, other.name: 0])
        let listed = await ServerBinaryTests.admin(["collector", "incidents", "--database", fleet.databaseURL, "--json"])
        #expect(listed.status == 0)
        let incidents = try JSONValue(parsing: Data(listed.stdout.utf8)).arrayValue ?? []
        let reasons = incidents.map { "\($0["device"].stringValue ?? "?") \($0["reason"].stringValue ?? "?")" }
        #expect(reasons == [
            "\(device.name) request.replayed", "\(device.name) signature.invalid", "\(device.name) chain.rollback",
            "\(device.name) chain.fork", "\(other.name) device.suspended", "\(device.name) body.tooLarge",
            "\(device.name) body.tooLarge",
        ])
    }

    /// The process's peak resident memory (`VmHWM`) in KiB.
    static func peakMemoryKiB(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else {
            throw FleetPushError(description: "no VmHWM in /proc/\(pid)/status")
        }
        return value
    }
}

/// `POST /v1/push` through the tests' one HTTP client.
private struct Poster {
    func post(_ collector: URL, body: Data, headers: [(String, String)]) async throws -> (Int, Data) {
        let answer = try await TestHTTP.send(.post, collector.absoluteString + CollectorRoutes.pushPath,
                                         headers: [("Content-Type", "application/json")] + headers, body: body)
        return (answer.status, answer.body)
    }
}
