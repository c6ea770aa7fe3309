import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The audit log through the real binary: crash loop, concurrent writers,
/// export → verify with the public key, erase, refused keys.
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

    private func verify(_ home: URL) throws -> [String: Any] {
        let result = try BinaryRunner.run(["audit", "verify", "--json"], environment: ["STROKE_TRIAGE_HOME": home.path])
        return try result.json()
    }

    /// The sequence number in the head file `state/audit.head` (nil when missing or unreadable).
    private func headFileSequence(_ home: URL) -> Int? {
        guard let data = try? Data(contentsOf: home.appendingPathComponent("state/audit.head")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["sequence"] as? Int
    }

    @Test("SIGKILLed writers lose no acknowledged event, the chain verifies, and the head file is never behind an ack")
    func crashLoop() throws {
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
        let report = try verify(home)
        #expect(report["intact"] as? Bool == true)
        let head = report["headSequence"] as? Int ?? 0
        #expect(head >= acked.max() ?? 0)
        #expect(report["records"] as? Int == head)
        #expect(report["signedHeadSequence"] as? Int == head)
    }

    @Test("two concurrent writers never lose or duplicate a sequence number, nor leave the head file behind")
    func concurrentWriters() throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        // Both start on an empty home: they race to create the key file and the database too.
        let writers = try (0..<2).map { _ in try Writer(home: home, count: 150) }
        for writer in writers { writer.drain() }
        for writer in writers { #expect(writer.process.terminationStatus == 0, "\(writer.errorText)") }
        let all = writers.flatMap(\.acked)
        #expect(all.count == 300)
        #expect(Set(all) == Set(1...300))
        let report = try verify(home)
        #expect(report["intact"] as? Bool == true)
        #expect(report["headSequence"] as? Int == 300)
        #expect(headFileSequence(home) == 300)
    }

    @Test("export, then verify the export with only the public key; a changed byte is caught")
    func exportVerify() throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        let writer = try Writer(home: home, count: 10)
        writer.drain()
        let file = home.appendingPathComponent("out.csv")
        let export = try BinaryRunner.run(["audit", "export", "--format", "csv", "--out", file.path, "--json"], environment: env)
        #expect(export.status == 0)
        #expect(try export.json()["records"] as? Int == 10)
        let key = try BinaryRunner.run(["audit", "public-key"], environment: env).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // The verifier gets a home without any key file.
        let stranger = ["STROKE_TRIAGE_HOME": BinaryRunner.temporaryHome().path]
        let ok = try BinaryRunner.run(["audit", "verify", "--export", file.path, "--public-key", key], environment: stranger)
        #expect(ok.status == 0)
        var text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n")
        let fields = lines[4].split(separator: ",", omittingEmptySubsequences: false)
        var hash = String(fields[7])
        hash = (hash.first == "0" ? "1" : "0") + hash.dropFirst()
        text = text.replacingOccurrences(of: String(fields[7]), with: hash)
        try text.write(to: file, atomically: false, encoding: .utf8)
        let bad = try BinaryRunner.run(["audit", "verify", "--export", file.path, "--public-key", key, "--json"], environment: stranger)
        #expect(bad.status == 65)
        #expect(try bad.json()["firstBadSequence"] as? Int == 4)
    }

    @Test("a group-readable key file is refused with a clear error; a wrong key writes nothing")
    func refusedKeys() throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        Writer.run(home: home)
        let keyFile = home.appendingPathComponent("state/audit-keys.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyFile.path)
        let unsafe = try BinaryRunner.run(["audit", "verify"], environment: env)
        #expect(unsafe.status == 1)
        #expect(unsafe.stderr.contains("0600"))
        #expect(unsafe.stdout.isEmpty)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        let other = home.appendingPathComponent("other-keys.json")
        _ = try BinaryRunner.run(["audit", "public-key", "--key-file", other.path], environment: env)
        let wrong = try BinaryRunner.appendStress(["--count", "1", "--key-file", other.path], environment: env)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("does not belong"))
        #expect(try verify(home)["records"] as? Int == 3)
    }

    @Test("an assessment's audit trail records its events, and warns without failing when it cannot")
    func trail() throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        let assess = ["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "offline"]
        var counts: [Int] = []
        for _ in 0..<2 {
            let ok = try BinaryRunner.run(assess, environment: env)
            #expect(ok.status == 0)
            #expect(ok.stderr.isEmpty)
            counts.append(try #require(try verify(home)["records"] as? Int))
        }
        // Each assessment adds its events (disclaimer, start, prediction); the first also the log's own.
        let recorded = counts[1]
        #expect(counts[0] > 0 && recorded > counts[0])
        let keyFile = home.appendingPathComponent("state/audit-keys.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: keyFile.path)
        let warned = try BinaryRunner.run(assess, environment: env)
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("Not recorded in the audit log"))
        #expect(warned.stderr.contains("0600"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        #expect(try verify(home)["records"] as? Int == recorded)
    }

    @Test("erase --before keeps the chain verifiable")
    func erase() throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        Writer.run(home: home)
        let erased = try BinaryRunner.run(["audit", "erase", "--before", "2999-01-01", "--json"], environment: env)
        #expect(erased.status == 0)
        #expect(try erased.json()["keysDestroyed"] as? Int == 1)
        let report = try verify(home)
        #expect(report["intact"] as? Bool == true)
        #expect(report["erasedRecords"] as? Int == 3)
    }
}

extension AuditProcessTests.Writer {
    /// Appends three events and waits for the writer to finish.
    static func run(home: URL) {
        guard let writer = try? AuditProcessTests.Writer(home: home, count: 3) else { return }
        writer.drain()
    }
}

@Suite("Audit commands")
struct AuditCommandTests {
    @Test("verify without a log says so and exits 65; nothing is created")
    func missingLog() throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try BinaryRunner.run(["audit", "verify"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("no audit log"))
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("data/audit.sqlite").path))
    }

    @Test("the test-only append-stress is not in the shipping binary (test support: Tests/AuditStress)")
    func noAppendStress() throws {
        let result = try BinaryRunner.run(["audit", "append-stress", "--count", "1"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }

    @Test("rotate-key changes the public key; the log still verifies, in German too")
    func rotate() throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        AuditProcessTests.Writer.run(home: home)
        let before = try BinaryRunner.run(["audit", "public-key"], environment: env).stdout
        let rotated = try BinaryRunner.run(["audit", "rotate-key", "--json"], environment: env)
        #expect(rotated.status == 0)
        let after = try BinaryRunner.run(["audit", "public-key"], environment: env).stdout
        #expect(before != after)
        #expect(try rotated.json()["publicKey"] as? String == after.trimmingCharacters(in: .whitespacesAndNewlines))
        let verified = try BinaryRunner.run(["audit", "verify", "--lang", "de"], environment: env)
        #expect(verified.status == 0)
        #expect(verified.stdout.contains("unversehrt: 4 Einträge"))
    }

    @Test("a bad date is a usage error naming the flag and value")
    func badDate() throws {
        let result = try BinaryRunner.run(["audit", "export", "--from", "yesterday"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--from"))
        #expect(result.stderr.contains("yesterday"))
    }
}
