import FakeCloudLauncher
import Foundation

/// The project's fake Cloud Functions (Scripts/fake-cloud-server.py) for the
/// binary's cloud commands: started on 127.0.0.1 on an OS-chosen port, and
/// terminated by `stop()`.
final class FakeCloudServerProcess: @unchecked Sendable {
    private let pid: Int32
    /// The port it listens on.
    let port: Int

    private init(pid: Int32, port: Int) {
        self.pid = pid
        self.port = port
    }

    /// Starts a detached server (see `FakeCloudLauncher`).
    static func start() throws -> FakeCloudServerProcess {
        let (port, pid) = try FakeCloudLauncher.launch()
        return FakeCloudServerProcess(pid: pid, port: port)
    }

    /// A base URL whose requests get `fault`.
    func base(_ fault: String = "ok") -> String {
        "http://127.0.0.1:\(port)/e2e\(UUID().uuidString.prefix(8).lowercased())/\(fault)"
    }

    /// How many requests reached the run of `base` (a URL from `base(_:)`), in all or for
    /// one function, read with `GET /<run>/_count` through python3's urllib (no HTTP
    /// client in this process).
    func requestCount(_ base: String, function: String = "total") throws -> Int {
        let run = URL(string: base)!.deletingLastPathComponent().appendingPathComponent("_count")
        let fetch = Process()
        fetch.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        fetch.arguments = ["python3", "-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())",
                           run.absoluteString]
        let output = Pipe()
        fetch.standardOutput = output
        fetch.standardInput = FileHandle.nullDevice
        fetch.standardError = FileHandle.nullDevice
        try fetch.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        fetch.waitUntilExit()
        guard let counts = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw CocoaError(.fileReadCorruptFile) }
        return counts[function] as? Int ?? 0
    }

    /// Terminates the server (the pid this test started).
    func stop() { kill(pid, SIGTERM) }
}
