import FakeCloudLauncher
import Foundation

/// The fake Cloud Functions (`FakeCloud`: the contract and faults of
/// Scripts/fake-cloud-server.py, served in the test process on threads of its
/// own) on 127.0.0.1 on a port the OS picks. One server serves the whole test
/// process (each test counts its requests under its own run label).
struct FakeCloudServer: Sendable {
    /// The server.
    let server: FakeCloud
    /// The port it listens on.
    var port: Int { server.port }

    /// Runs `body` with the shared server, started on first use.
    static func with<T>(_ body: (FakeCloudServer) async throws -> T) async throws -> T {
        try await body(FakeCloudServer(server: try shared.get()))
    }

    /// The one server of the test process (started on first use; it lives as long as the process).
    private static let shared = Result { try FakeCloud.start() }

    /// A base URL whose requests get `fault`, counted under a fresh run label (returned).
    func base(_ fault: String = "ok") -> (url: String, run: String) {
        let run = "r" + UUID().uuidString.prefix(8).lowercased()
        return ("http://127.0.0.1:\(port)/\(run)/\(fault)", run)
    }

    /// How many POSTs the run received, per function and `total`.
    func counts(_ run: String) throws -> [String: Int] { server.counts(run: run) }
}
