import AuditFormat
import CaseWire
import Foundation
import HTTPServerKit
import StrokeBoard
import StrokeCollector
import StrokeJSON
import StrokeModels
import StrokeRelay
import TestJSON
import TLSFixture
import Testing
import TriageFleet

/// Native TLS in process: `ServerTLS` (what `--tls-cert/--tls-key` load) refuses files it
/// cannot use, and a relay served behind it over real TLS on 127.0.0.1 is reached by the
/// device's relay client (libcurl) and the board's client only when they trust the
/// throwaway CA; without it the certificate is refused, with the problem named.
/// (`audit push` and `--api-base` against TLS servers: `NativeTLSProcessTests`, the binaries.)
@Suite("native TLS: servers and their clients")
struct NativeTLSTests {
    /// The code `body` fails with, nil when it succeeds.
    func failure(_ body: () throws -> ServerTLS?) -> ServerTLSError? {
        do {
            _ = try body()
            return nil
        } catch let error as ServerTLSError {
            return error
        } catch {
            Issue.record("not a ServerTLSError: \(error)")
            return nil
        }
    }

    @Test("--tls-cert and --tls-key: both or neither, readable PEM, a private key that fits")
    func loadingChecksTheFiles() async throws {
        let files = try await TestCertificates.make()
        defer { files.remove() }
        #expect(failure { try ServerTLS.load(certificateFlag: nil, keyFlag: nil) } == nil)
        #expect(try ServerTLS.load(certificateFlag: nil, keyFlag: nil) == nil)
        #expect(failure { try ServerTLS.load(certificateFlag: files.certificateFile, keyFlag: files.keyFile) } == nil)

        let noKey = failure { try ServerTLS.load(certificateFlag: files.certificateFile, keyFlag: nil) }
        #expect(noKey?.code == "tls.optionMissing")
        #expect(noKey?.detail == "missing --tls-key")
        #expect(noKey?.exitCode == 64)
        #expect(failure { try ServerTLS.load(certificateFlag: nil, keyFlag: files.keyFile) }?.detail == "missing --tls-cert")

        let missing = files.directory.appendingPathComponent("absent.pem").path
        let unreadable = failure { try ServerTLS.load(certificateFile: missing, keyFile: files.keyFile) }
        #expect(unreadable?.code == "tls.certificateUnreadable")
        #expect(unreadable?.detail?.hasPrefix(missing) == true)
        #expect(unreadable?.exitCode == 65)

        let garbage = try files.write("garbage.pem", "not a certificate\n")
        #expect(failure { try ServerTLS.load(certificateFile: garbage, keyFile: files.keyFile) }?.code == "tls.certificateInvalid")
        // The key where the certificate belongs, and the certificate where the key belongs.
        #expect(failure { try ServerTLS.load(certificateFile: files.keyFile, keyFile: files.keyFile) }?.code == "tls.certificateInvalid")
        #expect(failure { try ServerTLS.load(certificateFile: files.certificateFile, keyFile: files.certificateFile) }?.code
                == "tls.keyUnsafe")
        #expect(failure { try ServerTLS.load(certificateFile: files.certificateFile, keyFile: files.otherKeyFile) }?.code
                == "tls.keyInvalid")
        #expect(failure { try ServerTLS.load(certificateFile: files.certificateFile, keyFile: missing) }?.code == "tls.keyUnreadable")

        let shared = try files.write("shared.key", try String(contentsOfFile: files.keyFile, encoding: .utf8), permissions: 0o640)
        let unsafe = failure { try ServerTLS.load(certificateFile: files.certificateFile, keyFile: shared) }
        #expect(unsafe?.code == "tls.keyUnsafe")
        #expect(unsafe?.detail?.contains("mode 640") == true)
        #expect(unsafe?.exitCode == 65)
    }

    @Test("a TLS relay: the device's client and the board's client need the CA, and say why without it")
    func relayOverTLS() async throws {
        let files = try await TestCertificates.make()
        defer { files.remove() }
        let tls = try ServerTLS.load(certificateFile: files.certificateFile, keyFile: files.keyFile)
        let url = try PostgresCluster.shared.get().createDatabase()
        try await RelayStore.with(CollectorStore.self, database: url, logger: RelayHarness.logger) { store in
            try await store.migrate()
            let configuration = RelayConfiguration(database: url)
            let routes = RelayRoutes(configuration: configuration, store: store, metrics: RelayMetrics(), logger: RelayHarness.logger)
            try await LiveServer.run(routes.makeRouter(), server: try tls.server(configuration.readLimits.server)) { port in
                let keys = HospitalKeyPair()
                _ = try await store.addHospital(id: "UKW", publicKey: keys.publicKey.description, nowMs: RelayHarness.nowMs())
                let device = SimulatedDevice(name: "AMB-TLS")
                _ = try await store.collector.addDevice(name: device.name, publicKey: device.publicKey)

                // `--notify`'s client (libcurl) with the CA: by IP address and by name (both in the SAN).
                for host in ["127.0.0.1", "localhost"] {
                    let trusting = RelayClient(relay: "https://\(host):\(port)", device: device.name, key: device.key, caFile: files.caFile)
                    #expect(try await trusting.hospitalKey("UKW") == keys.publicKey.description)
                }
                // Without it: refused, exit 69 (the case would stay queued), the problem named.
                let plain = RelayClient(relay: "https://127.0.0.1:\(port)", device: device.name, key: device.key)
                do {
                    _ = try await plain.hospitalKey("UKW")
                    Issue.record("an unknown CA was accepted")
                } catch let error as NotifyError {
                    #expect(error.code == "notify.unreachable")
                    #expect(error.category.exitStatus == 69)
                    #expect(error.isQueued)
                    #expect(error.message.key == "notify.error.certificateRefused")
                    #expect(error.subject.contains("certificate"), "\(error.subject)")
                }
                // Plain HTTP to the TLS port is no answer either.
                let http = RelayClient(relay: "http://127.0.0.1:\(port)", device: device.name, key: device.key, caFile: files.caFile)
                await #expect(throws: NotifyError.self) { _ = try await http.hospitalKey("UKW") }

                // The board's client (`board serve --ca-file`): the hospital's case list over TLS.
                let board = try RelayHTTPClient(baseURL: "https://127.0.0.1:\(port)", timeoutSeconds: 60, caFile: files.caFile)
                let list = try await board.send(method: "GET", path: RelayPaths.hospitalCases, headers: try HospitalRequestSignature.sign(
                    method: "GET", path: RelayPaths.hospitalCases, body: Data(), hospitalId: "UKW",
                    timestampMs: RelayHarness.nowMs(), key: keys.signingKey))
                #expect(list.status == 200)
                #expect(try JSONDecoder().decode(HospitalCaseList.self, from: list.body).cases.isEmpty)
                let untrusting = try RelayHTTPClient(baseURL: "https://127.0.0.1:\(port)", timeoutSeconds: 60)
                await #expect(throws: BoardError.self) { _ = try await untrusting.send(method: "GET", path: "/healthz") }
                // Another CA than the one that signed the relay's certificate.
                let other = try await TestCertificates.make()
                defer { other.remove() }
                let wrongCA = try RelayHTTPClient(baseURL: "https://127.0.0.1:\(port)", timeoutSeconds: 60, caFile: other.caFile)
                do {
                    _ = try await wrongCA.send(method: "GET", path: "/healthz")
                    Issue.record("a certificate that does not chain to the given CA was accepted")
                } catch let error as BoardError {
                    #expect(error.code == "board.relayUnavailable")
                    #expect(error.detail?.contains("certificate") == true, "\(error.detail ?? "")")
                }
            }
        }
    }

    @Test("audit push to a TLS collector: accepted with --ca-file, refused without it (exit 69, the problem named)")
    func pushOverTLS() async throws {
        let files = try await TestCertificates.make()
        defer { files.remove() }
        let tls = try ServerTLS.load(certificateFile: files.certificateFile, keyFile: files.keyFile)
        let url = try PostgresCluster.shared.get().createDatabase()
        try await CollectorStore.with(database: url, logger: RelayHarness.logger) { store in
            try await store.migrate()
            let configuration = CollectorHarness.configuration(url)
            let routes = CollectorRoutes(configuration: configuration, store: store, metrics: CollectorMetrics(), logger: RelayHarness.logger)
            try await LiveServer.run(routes.makeRouter(), server: try tls.server(configuration.readLimits.server)) { port in
                let device = DeviceHome()
                let head = try device.record(3)
                _ = try await store.addDevice(name: device.name, publicKey: try device.publicKey())
                let collector = "https://localhost:\(port)"

                let refused = try await device.push(collector)
                #expect(refused.status == 69, "\(refused.stderr)")
                #expect(refused.stderr.contains("TLS certificate was refused"), "\(refused.stderr)")
                #expect(refused.stderr.contains("certificate problem"), "\(refused.stderr)")
                #expect(try await store.listDevices().first { $0.name == device.name }?.headSequence != head)

                let pushed = try await device.push(collector, ["--ca-file", files.caFile, "--json"])
                #expect(pushed.status == 0, "\(pushed.stderr)")
                #expect(try pushed.json()["accepted"].intValue == Int(head))
                #expect(try await store.listDevices().first { $0.name == device.name }?.headSequence == head)
            }
        }
    }

    @Test("--notify to a TLS relay: delivered with --ca-file, refused without it (exit 69, queued, the problem named)")
    func notifyOverTLS() async throws {
        let files = try await TestCertificates.make()
        defer { files.remove() }
        let tls = try ServerTLS.load(certificateFile: files.certificateFile, keyFile: files.keyFile)
        let url = try PostgresCluster.shared.get().createDatabase()
        try await RelayStore.with(CollectorStore.self, database: url, logger: RelayHarness.logger) { store in
            try await store.migrate()
            let configuration = RelayConfiguration(database: url)
            let routes = RelayRoutes(configuration: configuration, store: store, metrics: RelayMetrics(), logger: RelayHarness.logger)
            try await LiveServer.run(routes.makeRouter(), server: try tls.server(configuration.readLimits.server)) { port in
                let keys = HospitalKeyPair()
                _ = try await store.addHospital(id: "UKW", publicKey: keys.publicKey.description, nowMs: RelayHarness.nowMs())
                // The device's audit key is its identity at the relay.
                let device = DeviceHome(name: "AMB-TLS")
                try device.record(1)
                _ = try await store.collector.addDevice(name: device.name, publicKey: try device.publicKey())
                let send = ["full", "--age", "70", "--sbp", "160", "--dbp", "90", "--gfap", "180", "--fast-ed", "7",
                            "--accept-disclaimer", "--mode", "offline", "--notify", "UKW", "--eta-minutes", "12",
                            "--relay", "https://127.0.0.1:\(port)", "--device-name", device.name]

                let delivered = try await device.run(send + ["--ca-file", files.caFile])
                #expect(delivered.status == 0, "\(delivered.stderr)")
                let held = { try await store.cases(hospitalId: "UKW", nowMs: RelayHarness.nowMs(), ttlMs: 3_600_000).count }
                #expect(try await held() == 1)

                let refused = try await device.run(send)
                #expect(refused.status == 69, "\(refused.stderr)")
                #expect(refused.stderr.contains("TLS certificate was refused"), "\(refused.stderr)")
                #expect(refused.stderr.contains("certificate problem"), "\(refused.stderr)")
                #expect(try await held() == 1, "nothing reached the relay without the CA")
            }
        }
    }
}
