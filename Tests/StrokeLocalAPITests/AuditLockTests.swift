import Foundation
import HTTPTestClient
import Hummingbird
import HummingbirdTesting
import StrokeAudit
import StrokeLocalAPI
import Synchronization
import Testing
import TriageEngine
#if canImport(Glibc)
import Glibc
#endif

/// The server never waits for the audit log's lock on its event loop or the cooperative pool (issue 46):
/// while another holder (here a second open file description, which `flock` treats exactly as another
/// process) keeps the audit head's lock, an audited `/v1/assess` waits on the audit writer's own thread,
/// and `GET /healthz` on another connection is answered meanwhile; the assessment completes once the lock
/// is released. No timing is asserted, only the order.
@Suite struct AuditLockTests {
    @Test func healthzIsAnsweredWhileTheAuditHeadLockIsHeldElsewhere() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = AuditLog.Location(database: directory.appendingPathComponent("audit.sqlite"),
                                         keyFile: directory.appendingPathComponent("audit-keys.json"))
        let v1 = LocalAPIV1(config: AppConfig(), audit: .init(location: location, context: AuditLog.Context(operator: "lock-test", appVersion: "test")))
        let app = Application(router: LocalAPIRoutes(configuration: LocalAPIConfiguration(), v1: v1).makeRouter(),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let base = "http://127.0.0.1:\(try #require(client.port))"
            let body = Data(LocalAPIV1Tests.assessBodies[1].utf8)
            // The first assessment makes the log and its head.
            #expect(try await TestHTTP.send(.post, base + "/v1/assess", body: body).status == 200)
            let lock = open(directory.appendingPathComponent("audit.head.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            try #require(lock >= 0)
            var held = true
            defer { if held { close(lock) } }
            try #require(flock(lock, LOCK_EX) == 0)
            let finished = Mutex(false)
            let pending = Task {
                let status = try await TestHTTP.send(.post, base + "/v1/assess", body: body, timeout: .seconds(120)).status
                finished.withLock { $0 = true }
                return status
            }
            let health = try await TestHTTP.send(.get, base + "/healthz", timeout: .seconds(60))
            // The assessment still waits for the lock: it cannot have been recorded yet.
            #expect(!finished.withLock { $0 }, "the audited assessment finished while the head lock was held")
            #expect(health.status == 200, "the server did not answer /healthz while the audit lock was held")
            close(lock)
            held = false
            #expect(try await pending.value == 200)
        }
    }
}
