import Foundation
import StrokeJSON
import TestJSON
import TestScratch
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
        let process: ChildProcess

        init(home: URL, count: Int) throws {
            var env = ProcessInfo.processInfo.environment
            env["STROKE_TRIAGE_HOME"] = home.path
            process = try ChildProcess(BinaryRunner.auditStress, ["--count", String(count)], environment: env)
        }

        /// The sequence numbers acknowledged so far (complete `ack N` lines).
        var acked: [Int] { Self.acks(in: process.stdoutText) }

        /// Waits (at most 30 s) until at least `target` acks arrived or the writer ended.
        func read(until target: Int) async {
            _ = try? await process.await(seconds: 30, "\(target) acks") { self.acked.count >= target ? true : nil }
        }

        /// Awaits the writer's end; its output.
        func drain() async -> ChildProcess.Output { await process.output() }

        /// The `ack N` lines of `text` that are complete.
        static func acks(in text: String) -> [Int] {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
                line.hasPrefix("ack ") ? Int(line.dropFirst(4)) : nil
            }
        }
    }

    /// `audit verify --json` (in process) for the log in `home`.
    static func verify(_ home: URL) async throws -> JSONValue {
        try await InProcessCLI.run(["audit", "verify", "--json"], environment: ["STROKE_TRIAGE_HOME": home.path]).json()
    }

    /// The sequence number in the head file `state/audit.head` (nil when missing or unreadable).
    private func headFileSequence(_ home: URL) -> Int? {
        guard let data = try? Data(contentsOf: home.appendingPathComponent("state/audit.head")),
              let object = try? JSONValue(parsing: data).object else { return nil }
        return object["sequence"].intValue
    }

    @Test("SIGKILLed writers lose no acknowledged event, the chain verifies, and the head file is never behind an ack")
    func crashLoop() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var acked: [Int] = []
        for round in 0..<8 {
            let writer = try Writer(home: home, count: 100_000)
            await writer.read(until: 3 + round * 7)
            writer.process.signal(SIGKILL)
            let ended = await writer.drain()
            #expect(ended.signalled)
            acked += Writer.acks(in: ended.stdout)
            // An ack is printed after the head file is in place: it is never behind an acknowledged event.
            #expect((headFileSequence(home) ?? -1) >= (acked.max() ?? 0))
        }
        #expect(Set(acked).count == acked.count)
        let report = try await Self.verify(home)
        #expect(report["intact"].boolValue == true)
        let head = report["headSequence"].intValue ?? 0
        #expect(head >= acked.max() ?? 0)
        #expect(report["records"].intValue == head)
        #expect(report["signedHeadSequence"].intValue == head)
    }

    @Test("two concurrent writers never lose or duplicate a sequence number, nor leave the head file behind")
    func concurrentWriters() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        // Both start on an empty home: they race to create the key file and the database too.
        let writers = try (0..<2).map { _ in try Writer(home: home, count: 150) }
        var all: [Int] = []
        for writer in writers {
            let ended = await writer.drain()
            #expect(ended.status == 0, "\(ended.stderr)")
            all += Writer.acks(in: ended.stdout)
        }
        #expect(all.count == 300)
        #expect(Set(all) == Set(1...300))
        let report = try await Self.verify(home)
        #expect(report["intact"].boolValue == true)
        #expect(report["headSequence"].intValue == 300)
        #expect(headFileSequence(home) == 300)
    }
}
