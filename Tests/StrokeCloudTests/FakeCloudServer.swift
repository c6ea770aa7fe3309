import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The project's fake Cloud Functions (Scripts/fake-cloud-server.py), started on
/// 127.0.0.1 on a port the OS picks, and stopped by `stop()` (closing its stdin).
final class FakeCloudServer: @unchecked Sendable {
    private let process: Process
    private let input: Pipe
    /// The port it listens on.
    let port: Int

    private init(process: Process, input: Pipe, port: Int) {
        self.process = process
        self.input = input
        self.port = port
    }

    /// The script, found from this file's location.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/fake-cloud-server.py")

    /// Starts a server and waits (bounded by its stdout closing) for the port line.
    static func start() throws -> FakeCloudServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while line.last != UInt8(ascii: "\n") {
            let chunk = output.fileHandleForReading.readData(ofLength: 1)
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        return FakeCloudServer(process: process, input: input, port: port)
    }

    /// Runs `body` with the test process's server, started on first use.
    ///
    /// One server serves every test (each test counts under its own run label),
    /// which keeps the suite fast and its timing honest on two cores. It stops
    /// at the end of the run: its stdin is a pipe from this process, and when the
    /// test process exits the pipe closes and the server shuts down.
    static func with<T>(_ body: (FakeCloudServer) async throws -> T) async throws -> T {
        try await body(try await Shared.instance.server())
    }

    /// Starts the shared server once; starting blocks, so it runs on its own thread,
    /// never on the cooperative pool that the calls under test need.
    private actor Shared {
        static let instance = Shared()
        private var started: FakeCloudServer?

        func server() async throws -> FakeCloudServer {
            if let started { return started }
            let server = try await offPool { try FakeCloudServer.start() }
            started = server
            return server
        }
    }

    private static func offPool<R: Sendable>(_ work: @escaping @Sendable () throws -> R) async throws -> R {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
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

    /// Stops the server: closes its stdin, waits up to 2 s, then terminates it.
    func stop() {
        try? input.fileHandleForWriting.close()
        for _ in 0..<40 where process.isRunning { usleep(50_000) }
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }

    /// A minimal blocking HTTP/1.0 GET over a socket (for the count endpoint only).
    private static func get(port: Int, path: String) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
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
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
