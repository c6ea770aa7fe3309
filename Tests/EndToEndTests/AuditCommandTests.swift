import Foundation
import StrokeAudit
import StrokeJSON
import Testing
import TestJSON
import TriageLocalization
import CLITestSupport

/// The audit commands in process (`InProcessCLI`): export → verify with the public key,
/// refused keys, an assessment's trail, erase, rotate-key and errors. Test events are
/// appended in process as `AuditStress` appends them (`AuditAppender`).
@Suite("Audit commands")
struct AuditCommandTests {
    @Test("export, then verify the export with only the public key; a changed byte is caught")
    func exportVerify() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        try AuditAppender.append(home: home, count: 10)
        let file = home.appendingPathComponent("out.csv")
        let export = await InProcessCLI.run(["audit", "export", "--format", "csv", "--out", file.path, "--json"], environment: env)
        #expect(export.status == 0)
        #expect(try export.json()["records"].intValue == 10)
        let key = await InProcessCLI.run(["audit", "public-key"], environment: env).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // The verifier gets a home without any key file.
        let stranger = ["STROKE_TRIAGE_HOME": BinaryRunner.temporaryHome().path]
        let ok = await InProcessCLI.run(["audit", "verify", "--export", file.path, "--public-key", key], environment: stranger)
        #expect(ok.status == 0)
        var text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n")
        let fields = lines[4].split(separator: ",", omittingEmptySubsequences: false)
        var hash = String(fields[7])
        hash = (hash.first == "0" ? "1" : "0") + hash.dropFirst()
        text = text.replacingOccurrences(of: String(fields[7]), with: hash)
        try text.write(to: file, atomically: false, encoding: .utf8)
        let bad = await InProcessCLI.run(["audit", "verify", "--export", file.path, "--public-key", key, "--json"], environment: stranger)
        #expect(bad.status == 65)
        #expect(try bad.json()["firstBadSequence"].intValue == 4)
    }

    @Test("a group-readable key file is refused with a clear error; a wrong key writes nothing")
    func refusedKeys() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        try AuditAppender.append(home: home, count: 3)
        let keyFile = home.appendingPathComponent("state/audit-keys.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyFile.path)
        let unsafe = await InProcessCLI.run(["audit", "verify"], environment: env)
        #expect(unsafe.status == 1)
        #expect(unsafe.stderr.contains("0600"))
        #expect(unsafe.stdout.isEmpty)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        let other = home.appendingPathComponent("other-keys.json")
        _ = await InProcessCLI.run(["audit", "public-key", "--key-file", other.path], environment: env)
        let wrong = AuditAppender.failure(home: home, count: 1, keyFile: other)
        #expect(wrong?.contains("does not belong") == true, "\(wrong ?? "appended")")
        #expect(try await AuditProcessTests.verify(home)["records"].intValue == 3)
    }

    @Test("an assessment's audit trail records its events, and warns without failing when it cannot")
    func trail() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        let assess = ["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "offline"]
        var counts: [Int] = []
        for _ in 0..<2 {
            let ok = await InProcessCLI.run(assess, environment: env)
            #expect(ok.status == 0)
            #expect(ok.stderr.isEmpty)
            counts.append(try #require(try await AuditProcessTests.verify(home)["records"].intValue))
        }
        // Each assessment adds its events (disclaimer, start, prediction); the first also the log's own.
        let recorded = counts[1]
        #expect(counts[0] > 0 && recorded > counts[0])
        let keyFile = home.appendingPathComponent("state/audit-keys.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: keyFile.path)
        let warned = await InProcessCLI.run(assess, environment: env)
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("Not recorded in the audit log"))
        #expect(warned.stderr.contains("0600"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        #expect(try await AuditProcessTests.verify(home)["records"].intValue == recorded)
    }

    @Test("erase --before keeps the chain verifiable")
    func erase() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        try AuditAppender.append(home: home, count: 3)
        let erased = await InProcessCLI.run(["audit", "erase", "--before", "2999-01-01", "--json"], environment: env)
        #expect(erased.status == 0)
        #expect(try erased.json()["keysDestroyed"].intValue == 1)
        let report = try await AuditProcessTests.verify(home)
        #expect(report["intact"].boolValue == true)
        #expect(report["erasedRecords"].intValue == 3)
    }

    @Test("verify without a log says so and exits 65; nothing is created")
    func missingLog() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = await InProcessCLI.run(["audit", "verify"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("no audit log"))
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("data/audit.sqlite").path))
    }

    @Test("the test-only append-stress is not a command of the shipping CLI (test support: Tests/AuditStress)")
    func noAppendStress() async throws {
        let result = await InProcessCLI.run(["audit", "append-stress", "--count", "1"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }

    @Test("rotate-key changes the public key; the log still verifies, in German too")
    func rotate() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        try AuditAppender.append(home: home, count: 3)
        let before = await InProcessCLI.run(["audit", "public-key"], environment: env).stdout
        let rotated = await InProcessCLI.run(["audit", "rotate-key", "--json"], environment: env)
        #expect(rotated.status == 0)
        let after = await InProcessCLI.run(["audit", "public-key"], environment: env).stdout
        #expect(before != after)
        #expect(try rotated.json()["publicKey"].stringValue == after.trimmingCharacters(in: .whitespacesAndNewlines))
        let verified = await InProcessCLI.run(["audit", "verify", "--lang", "de"], environment: env)
        #expect(verified.status == 0)
        #expect(verified.stdout.contains("unversehrt: 4 Einträge"))
    }

    @Test("a bad date is a usage error naming the flag and value")
    func badDate() async throws {
        let result = await InProcessCLI.run(["audit", "export", "--from", "yesterday"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--from"))
        #expect(result.stderr.contains("yesterday"))
    }
}
