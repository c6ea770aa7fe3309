import FakeCloudLauncher
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The shared server's pid, for the `atexit` handler (a C handler cannot capture).
/// Written once, before the handler is registered.
nonisolated(unsafe) private var fakeCloudServerPid: Int32 = 0

/// The project's fake Cloud Functions (Scripts/fake-cloud-server.py) on
/// 127.0.0.1 on a port the OS picks. One server serves the whole test process
/// (each test counts its requests under its own run label).
///
/// The server runs detached (`--detach`): Foundation's `Process` cannot
/// reliably wait for one child while another is still running, so no child of
/// the test process stays alive. It is stopped at the end of the run by an
/// `atexit` handler (SIGTERM to the pid it printed), and it exits by itself
/// when this process is gone (`--watch-pid`) or after 5 minutes.
struct FakeCloudServer: Sendable {
    /// The port it listens on.
    let port: Int
    /// The server's pid.
    let pid: Int32

    /// Runs `body` with the shared server, started on first use.
    static func with<T>(_ body: (FakeCloudServer) async throws -> T) async throws -> T {
        try await body(try await Shared.instance.server())
    }

    /// A base URL whose requests get `fault`, counted under a fresh run label (returned).
    func base(_ fault: String = "ok") -> (url: String, run: String) {
        let run = "r" + UUID().uuidString.prefix(8).lowercased()
        return ("http://127.0.0.1:\(port)/\(run)/\(fault)", run)
    }

    /// How many POSTs the run received, per function and `total`.
    func counts(_ run: String) throws -> [String: Int] {
        let body = try Self.get(port: port, path: "/\(run)/_count")
        return (try JSONSerialization.jsonObject(with: body) as? [String: Int]) ?? [:]
    }

    /// Starts one server and arranges for it to be stopped when the test process exits.
    private static func launch() throws -> FakeCloudServer {
        let (port, pid) = try FakeCloudLauncher.launch()
        fakeCloudServerPid = pid
        atexit { if fakeCloudServerPid > 0 { kill(fakeCloudServerPid, SIGTERM) } }
        return FakeCloudServer(port: port, pid: pid)
    }

    /// Starts the server exactly once (the first caller's task; later callers await it).
    /// Launching blocks, so it runs on a thread of its own, never on the cooperative pool.
    private actor Shared {
        static let instance = Shared()
        private var starting: Task<FakeCloudServer, Error>?

        func server() async throws -> FakeCloudServer {
            if let starting { return try await starting.value }
            let task = Task<FakeCloudServer, Error> {
                try await withCheckedThrowingContinuation { continuation in
                    Thread { continuation.resume(with: Result { try FakeCloudServer.launch() }) }.start()
                }
            }
            starting = task
            return try await task.value
        }
    }

    /// A minimal blocking HTTP/1.0 GET over a socket (for the count endpoint only).
    private static func get(port: Int, path: String) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            response.append(contentsOf: buffer[0..<n])
        }
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else { throw CocoaError(.fileReadCorruptFile) }
        return response[split.upperBound...]
    }

    /// A port on 127.0.0.1 that refuses connections (bound, then closed).
    static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
