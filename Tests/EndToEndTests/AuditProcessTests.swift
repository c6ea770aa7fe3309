import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import CLITestSupport
#endif

/// The audit log where processes are the point: writers killed mid-append (crash loop) and
/// writers racing from two processes (`AuditStress`, Tests/AuditStress). The audit commands
/// run in process (`AuditCommandTests`).
@Suite("Audit log processes", .serialized)
struct AuditProcessTests {
    /// A running `AuditStress` writer (Tests/AuditStress) whose `ack N` lines are read as they come.
    final class Writer {
        let process = Process()
        private let output = Pipe()
        private let errors = Pipe()
        /// What the writer printed on standard error (read by `drain`).
        private(set) var errorText = ""
        private var pending = Data()
        private(set) var acked: [Int] = []

        init(home: URL, count: Int) throws {
            process.executableURL = BinaryRunner.auditStress
            process.arguments = ["--count", String(count)]
            var env = ProcessInfo.processInfo.environment
            env["STROKE_TRIAGE_HOME"] = home.path
            process.environment = env
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// Reads until at least `target` acks arrived or the output ended.
        func read(until target: Int) {
            while acked.count < target {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                take(chunk)
            }
        }

        /// Reads everything left (after exit or kill).
        func drain() {
            take(output.fileHandleForReading.readDataToEndOfFile())
            errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
        }

        private func take(_ chunk: Data) {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if line.hasPrefix("ack "), let sequence = Int(line.dropFirst(4)) { acked.append(sequence) }
            }
        }
    }

    /// `audit verify --json` (in process) for the log in `home`.
    static func verify(_ home: URL) async throws -> [String: Any] {
        try await InProcessCLI.run(["audit", "verify", "--json"], environment: ["STROKE_TRIAGE_HOME": home.path]).json()
    }

    /// The sequence number in the head file `state/audit.head` (nil when missing or unreadable).
    private func headFileSequence(_ home: URL) -> Int? {
        guard let data = try? Data(contentsOf: home.appendingPathComponent("state/audit.head")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["sequence"] as? Int
    }

    @Test("SIGKILLed writers lose no acknowledged event, the chain verifies, and the head file is never behind an ack")
    func crashLoop() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var acked: [Int] = []
        for round in 0..<8 {
            let writer = try Writer(home: home, count: 100_000)
            // A watchdog bounds the wait should the writer hang.
            let pid = writer.process.processIdentifier
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
            writer.read(until: 3 + round * 7)
            kill(pid, SIGKILL)
            writer.drain()
            watchdog.cancel()
            #expect(writer.process.terminationReason == .uncaughtSignal)
            acked += writer.acked
            // An ack is printed after the head file is in place: it is never behind an acknowledged event.
            #expect((headFileSequence(home) ?? -1) >= (acked.max() ?? 0))
        }
        #expect(Set(acked).count == acked.count)
        let report = try await Self.verify(home)
        #expect(report["intact"] as? Bool == true)
        let head = report["headSequence"] as? Int ?? 0
        #expect(head >= acked.max() ?? 0)
        #expect(report["records"] as? Int == head)
        #expect(report["signedHeadSequence"] as? Int == head)
    }

    @Test("two concurrent writers never lose or duplicate a sequence number, nor leave the head file behind")
    func concurrentWriters() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        // Both start on an empty home: they race to create the key file and the database too.
        let writers = try (0..<2).map { _ in try Writer(home: home, count: 150) }
        for writer in writers { writer.drain() }
        for writer in writers { #expect(writer.process.terminationStatus == 0, "\(writer.errorText)") }
        let all = writers.flatMap(\.acked)
        #expect(all.count == 300)
        #expect(Set(all) == Set(1...300))
        let report = try await Self.verify(home)
        #expect(report["intact"] as? Bool == true)
        #expect(report["headSequence"] as? Int == 300)
        #expect(headFileSequence(home) == 300)
    }
}
