import FakeCloudLauncher
import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

    /// A port on 127.0.0.1 that refuses connections: bound and never listening, and kept bound for the
    /// test process's life, so no server another test starts on a random port can take it (a port bound
    /// and then closed could be handed out again, and a connection to it then waited for an answer).
    static func closedPort() -> Int { refusingPort }

    private static let refusingPort: Int = {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }()
}
