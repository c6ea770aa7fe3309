import Foundation

/// Starts the project's fake Cloud Functions (Scripts/fake-cloud-server.py) for
/// the test targets: detached on 127.0.0.1 on an OS-chosen port. The launcher
/// prints "<port> <pid>" and exits at once, so no child of the test process
/// stays running (Foundation's `Process` cannot reliably wait for one child
/// while another is still running). The server exits by itself when the test
/// process is gone (`--watch-pid`).
public enum FakeCloudLauncher {
    /// The script, found from this file's location.
    public static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/fake-cloud-server.py")

    /// Launches one detached server. Blocks until it listens.
    /// - Returns: its port and process id.
    public static func launch() throws -> (port: Int, pid: Int32) {
        let launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        launcher.arguments = ["python3", script.path, "--detach", "--watch-pid", String(getpid())]
        let output = Pipe()
        launcher.standardOutput = output
        launcher.standardInput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        try launcher.run()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        launcher.waitUntilExit()
        let fields = line.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 2 else { throw CocoaError(.fileReadCorruptFile) }
        return (Int(fields[0]), fields[1])
    }
}
