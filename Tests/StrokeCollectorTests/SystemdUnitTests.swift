import FleetSimulator
import Foundation
import Testing
import TestScratch

/// The systemd units in contrib/systemd (docs/station.md) as systemd reads them: `systemd-analyze
/// verify` with the built server in ExecStart, and the hardening every unit must keep.
@Suite("systemd units")
struct SystemdUnitTests {
    /// systemd-analyze, when installed (Scripts/setup --tests installs systemd).
    static let analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static let contrib = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("contrib/systemd")

    static let units = ["stroke-triage-station.service", "stroke-triage-board.service"]

    @Test("every unit runs as the dedicated user with the hardening settings")
    func hardening() throws {
        for unit in Self.units {
            let text = try String(contentsOf: Self.contrib.appendingPathComponent(unit), encoding: .utf8)
            for line in ["User=stroke-triage", "NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes",
                         "CapabilityBoundingSet=", "ExecStart=/usr/local/bin/stroke-triage-server ", "SystemCallFilter=@system-service",
                         "ProtectProc=invisible", "ProcSubset=pid", "PrivateUsers=yes", "MemoryDenyWriteExecute=yes"] {
                #expect(text.split(separator: "\n").contains { $0.hasPrefix(line) }, "\(unit) lacks \(line)")
            }
        }
        let station = try String(contentsOf: Self.contrib.appendingPathComponent(Self.units[0]), encoding: .utf8)
        #expect(station.contains("StateDirectory=stroke-triage\n") && station.contains("station --data /var/lib/stroke-triage/station"))
    }

    @Test("systemd-analyze verify accepts the units (with the built server as ExecStart), and each scores below 2.5 in systemd-analyze security",
          .enabled(if: analyze != nil, "systemd-analyze is not installed: Scripts/setup --tests installs the systemd package"))
    func verify() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("units-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for unit in Self.units {
            let text = try String(contentsOf: Self.contrib.appendingPathComponent(unit), encoding: .utf8)
                .replacingOccurrences(of: "/usr/local/bin/stroke-triage-server", with: ServerBinaryTests.server.path)
            let path = directory.appendingPathComponent(unit).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        // --man=no: the man page is installed under Scripts/install's PREFIX, not where man looks here.
        let run = try await ServerCommand.run(URL(fileURLWithPath: Self.analyze!), ["verify", "--man=no"] + paths)
        #expect(run.status == 0, "\(run.stderr)")
        // A setting systemd cannot parse is only a warning (exit 0): none may be printed.
        #expect(run.stderr.isEmpty && run.stdout.isEmpty, "\(run.stdout)\(run.stderr)")
        // The exposure score (0 safest, 10 worst) of the unit file itself, without a running systemd (issue 34: was 3.2).
        for path in paths {
            let scored = try await ServerCommand.run(URL(fileURLWithPath: Self.analyze!), ["security", "--offline=true", "--no-pager", path])
            let score = scored.stdout.split(separator: "\n").last { $0.contains("Overall exposure level") }
                .flatMap { $0.split(separator: ":").last?.split(separator: " ").first }.flatMap { Double($0) }
            #expect(score.map { $0 < 2.5 } == true, "\(path): \(scored.stdout.suffix(300))\(scored.stderr)")
        }
    }
}
