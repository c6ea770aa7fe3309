import Foundation
import StrokeJSON
import TestJSON
import TestScratch
import GRDB
import Testing
import CLITestSupport

/// The attacks of issue 11 through the CLI (in the test process) on real files: each one
/// gives a nonzero exit and its named reason; a proper rotation and a real
/// erasure still verify. Also the key-file exit codes the README promises.
@Suite("Audit log against deletion, rollback and erasure", .serialized)
struct AuditTrustTests {
    /// A home with the default layout: `data/audit.sqlite`, `state/audit-keys.json`, `state/audit.head`.
    struct Home {
        let url = BinaryRunner.temporaryHome()
        var env: [String: String] { ["STROKE_TRIAGE_HOME": url.path] }
        var database: URL { url.appendingPathComponent("data/audit.sqlite") }
        var keyFile: URL { url.appendingPathComponent("state/audit-keys.json") }
        var headFile: URL { url.appendingPathComponent("state/audit.head") }

        func run(_ arguments: [String]) async throws -> BinaryRunner.Result { await InProcessCLI.run(arguments, environment: env) }

        /// `count` offline assessments (four events each: disclaimer, start, prediction… as the command records them).
        func assess(_ count: Int, extra: [String] = []) async throws {
            for _ in 0..<count {
                let result = try await run(["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "offline"] + extra)
                #expect(result.status == 0)
            }
        }

        /// Appends `count` test events (as Tests/AuditStress does, in the test process).
        func append(_ count: Int) {
            #expect(AuditAppender.failure(home: url, count: count) == nil)
        }

        /// Raw SQL on the database, as an attacker with file access.
        func tamper(_ sql: String, _ arguments: StatementArguments = []) throws {
            let queue = try DatabaseQueue(path: database.path)
            try queue.writeWithoutTransaction { try $0.execute(sql: sql, arguments: arguments) }
            try queue.close()
        }

        /// Replaces the database (and drops its WAL files) with a copy.
        func restoreDatabase(from copy: URL) throws {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
            try FileManager.default.copyItem(at: copy, to: database)
        }

        /// A consistent copy of the database (SQLite's backup into one file).
        func snapshot(_ name: String) throws -> URL {
            let copy = url.appendingPathComponent(name)
            let queue = try DatabaseQueue(path: database.path)
            try queue.writeWithoutTransaction { try $0.execute(sql: "VACUUM INTO ?", arguments: [copy.path]) }
            try queue.close()
            return copy
        }

        /// `audit verify --json` (plus arguments): exit status and reason.
        func verify(_ arguments: [String] = []) async throws -> (status: Int32, reason: String?, report: JSONValue) {
            let result = try await run(["audit", "verify", "--json"] + arguments)
            let report = try result.json()
            return (result.status, report["reason"].stringValue, report)
        }

        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    @Test("delete every record with no checkpoint: exit 1, emptyWithHead")
    func deleteAll() async throws {
        let home = Home()
        defer { home.remove() }
        try await home.assess(20)
        await #expect(try home.verify().status == 0)
        try home.tamper("DELETE FROM events")
        let (status, reason, _) = try await home.verify()
        #expect(status == 1)
        #expect(reason == "emptyWithHead")
    }

    @Test("the database file deleted: verify exits 1 emptyWithHead; an assessment is refused and creates nothing")
    func databaseDeleted() async throws {
        let home = Home()
        defer { home.remove() }
        try await home.assess(2)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: home.database.path + suffix) }
        let (status, reason, _) = try await home.verify()
        #expect(status == 1)
        #expect(reason == "emptyWithHead")
        let refused = try await home.run(["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "offline"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("does not contain its signed head"))
        #expect(!FileManager.default.fileExists(atPath: home.database.path))
    }

    @Test("delete records 2–41 of 41: exit 1, truncated at 2")
    func deleteTwoToLast() async throws {
        let home = Home()
        defer { home.remove() }
        home.append(41)
        try home.tamper("DELETE FROM events WHERE sequence BETWEEN 2 AND 41")
        let (status, reason, report) = try await home.verify()
        #expect(status == 1)
        #expect(reason == "truncated")
        #expect(report["firstBadSequence"].intValue == 2)
    }

    @Test("cut the tail after the last checkpoint, then also delete the checkpoints: exit 1, truncated")
    func tailCut() async throws {
        let home = Home()
        defer { home.remove() }
        home.append(10)
        await #expect(try home.run(["audit", "checkpoint"]).status == 0)
        home.append(5)
        try home.tamper("DELETE FROM events WHERE sequence > 12")
        await #expect(try home.verify().status == 1)
        await #expect(try home.verify().reason == "truncated")
        try home.tamper("DELETE FROM checkpoints")
        let (status, reason, report) = try await home.verify()
        #expect(status == 1)
        #expect(reason == "truncated")
        #expect(report["firstBadSequence"].intValue == 13)
    }

    @Test("an older copy of the database alone: exit 1, truncated; new assessments are refused, not laundered")
    func rollbackDatabase() async throws {
        let home = Home()
        defer { home.remove() }
        home.append(5)
        let old = try home.snapshot("old.sqlite")
        try await home.assess(2)
        await #expect(try home.run(["audit", "checkpoint"]).status == 0)
        try home.restoreDatabase(from: old)
        let (status, reason, _) = try await home.verify()
        #expect(status == 1)
        #expect(reason == "truncated")
        let refused = try await home.run(["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "offline", "--json"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("does not contain its signed head"))
        await #expect(try home.verify().report["records"].intValue == 5)
    }

    @Test("older copies of both the database and the head file: intact locally, exit 1 rolledBack against an external head")
    func rollbackBoth() async throws {
        let home = Home()
        defer { home.remove() }
        home.append(5)
        let oldDatabase = try home.snapshot("old.sqlite")
        let oldHead = try Data(contentsOf: home.headFile)
        try await home.assess(1)
        let witness = home.url.appendingPathComponent("witness.json")
        let head = try await home.run(["audit", "head", "--json"])
        #expect(head.status == 0)
        try Data(head.stdout.utf8).write(to: witness)
        try home.restoreDatabase(from: oldDatabase)
        try oldHead.write(to: home.headFile)
        await #expect(try home.verify().status == 0)
        let (status, reason, report) = try await home.verify(["--against", witness.path])
        #expect(status == 1)
        #expect(reason == "rolledBack")
        #expect(report["firstBadSequence"].intValue == 6)
        let text = try await home.run(["audit", "verify", "--against", witness.path])
        #expect(text.stdout.contains("older copy"))
    }

    @Test("fake erasure by SQL: exit 1, unrecordedErasure; a real erasure verifies")
    func fakeErasure() async throws {
        let home = Home()
        defer { home.remove() }
        try await home.assess(3)
        let id = try AuditAppender.append(home: home.url, count: 1)
        await #expect(try home.run(["audit", "erase", "--assessment", String(id)]).status == 0)
        await #expect(try home.verify().status == 0)
        try home.tamper("UPDATE data_keys SET wrapped = NULL, erased_ms = 1 WHERE kind = 'assessment' AND wrapped IS NOT NULL")
        let (status, reason, _) = try await home.verify()
        #expect(status == 1)
        #expect(reason == "unrecordedErasure")
    }

    @Test("a key file from before a rotation: exit 1 with a clear error, nothing written; the rotated log verifies")
    func staleKey() async throws {
        let home = Home()
        defer { home.remove() }
        try await home.assess(1)
        let old = home.url.appendingPathComponent("old-keys.json")
        try FileManager.default.copyItem(at: home.keyFile, to: old)
        await #expect(try home.run(["audit", "rotate-key"]).status == 0)
        let before = try await home.verify()
        #expect(before.status == 0)
        let stale = try await home.run(["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "offline", "--key-file", old.path])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("older than the log's keys"))
        let after = try await home.verify()
        #expect(after.status == 0)
        #expect(after.report["records"].intValue == before.report["records"].intValue)
        // The piped walkthrough shows its result too, then fails the same way.
        let walked = await ScriptedWalk.run(["walk", "--mode", "offline", "--key-file", old.path], answers: ["yes", "y", "", "500", "", "", "", ""],
                                            environment: home.env)
        #expect(walked.status == 1)
        #expect(walked.stderr.contains("older than the log's keys"))
        #expect(!walked.stdout.isEmpty)
        await #expect(try home.verify().report["records"].intValue == before.report["records"].intValue)
        let verifyStale = try await home.run(["audit", "verify", "--key-file", old.path])
        #expect(verifyStale.status == 1)
        #expect(verifyStale.stderr.contains("older than the log's keys"))
    }

    @Test("another device's database put in place: exit 1, foreignLog, nothing written")
    func foreignDatabase() async throws {
        let mine = Home(), theirs = Home()
        defer { mine.remove(); theirs.remove() }
        mine.append(2)
        theirs.append(7)
        try mine.restoreDatabase(from: try theirs.snapshot("copy.sqlite"))
        let verified = try await mine.run(["audit", "verify"])
        #expect(verified.status == 1)
        #expect(verified.stderr.contains("belongs to another log"))
        #expect(AuditAppender.failure(home: mine.url, count: 1) != nil)
        await #expect(try theirs.verify().report["records"].intValue == 7)
    }

    @Test("a missing head file: exit 1, headMissing with how to proceed; head --reset is recorded and verifies")
    func headMissing() async throws {
        let home = Home()
        defer { home.remove() }
        home.append(3)
        try FileManager.default.removeItem(at: home.headFile)
        let (status, reason, _) = try await home.verify()
        #expect(status == 1)
        #expect(reason == "headMissing")
        await #expect(try home.run(["audit", "verify"]).stdout.contains("audit head --reset"))
        await #expect(try home.run(["audit", "head", "--reset"]).status == 0)
        await #expect(try home.verify().status == 0)
        await #expect(try home.verify().report["records"].intValue == 4)
    }

    @Test("audit head --json is the head file's head; verify --against a current head passes")
    func headCommand() async throws {
        let home = Home()
        defer { home.remove() }
        home.append(4)
        let head = try await home.run(["audit", "head", "--json"])
        #expect(head.status == 0)
        let json = try head.json()
        #expect(json["sequence"].intValue == 4)
        #expect((json["logId"].stringValue)?.count == 32)
        #expect(head.stdout.trimmingCharacters(in: .newlines) == (try String(contentsOf: home.headFile, encoding: .utf8)).trimmingCharacters(in: .newlines))
        let witness = home.url.appendingPathComponent("witness.json")
        try Data(head.stdout.utf8).write(to: witness)
        home.append(2)
        await #expect(try home.verify(["--against", witness.path]).status == 0)
        let garbage = home.url.appendingPathComponent("garbage.json")
        try Data("{}".utf8).write(to: garbage)
        await #expect(try home.run(["audit", "verify", "--against", garbage.path]).status == 65)
    }

    @Test("an export's manifest carries the signed head; verify --export checks it")
    func exportHead() async throws {
        let home = Home()
        defer { home.remove() }
        home.append(3)
        let file = home.url.appendingPathComponent("out.jsonl")
        await #expect(try home.run(["audit", "export", "--out", file.path]).status == 0)
        let manifestURL = URL(fileURLWithPath: file.path + ".manifest.json")
        let manifest = try #require(try JSONValue(parsing: Data(contentsOf: manifestURL)).object)
        #expect(manifest["version"].intValue == 2)
        let head = try #require(manifest["head"].object)
        #expect(head["sequence"].intValue == 3)
        let key = try await home.run(["audit", "public-key"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        await #expect(try home.run(["audit", "verify", "--export", file.path, "--public-key", key]).status == 0)
        // A head re-signed by nobody (its erased-key count changed) is caught.
        var text = try String(contentsOf: manifestURL, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"erasedKeys\":0", with: "\"erasedKeys\":1")
        try text.write(to: manifestURL, atomically: false, encoding: .utf8)
        let bad = try await home.run(["audit", "verify", "--export", file.path, "--public-key", key, "--json"])
        #expect(bad.status == 1)
        #expect(try bad.json()["reason"].stringValue == "headSignature")
    }

    @Test("a garbage or empty key file exits 1 (the README's key-file row); a directory as key file says so", arguments: ["garbage", "empty", "directory"])
    func badKeyFile(kind: String) async throws {
        let home = Home()
        defer { home.remove() }
        home.append(2)
        try FileManager.default.removeItem(at: home.keyFile)
        switch kind {
        case "garbage": try Data("not a key file \u{1}".utf8).write(to: home.keyFile)
        case "empty": try Data().write(to: home.keyFile)
        default: try FileManager.default.createDirectory(at: home.keyFile, withIntermediateDirectories: false)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: home.keyFile.path)
        let result = try await home.run(["audit", "verify"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains("group or others"))
        #expect(result.stderr.contains(kind == "directory" ? "is a directory" : "is not a stroke-triage key file"))
    }

    /// True when `python3` with the `cryptography` package is installed (the script's one dependency):
    /// asked once, while the tests are planned (a trait's condition is not async).
    static let pythonVerifierAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import cryptography"]
        process.standardError = FileHandle.nullDevice
        // The end through the termination handler, not `waitUntilExit` (a run loop on this thread).
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        guard (try? process.run()) != nil else { return false }
        ended.wait()
        return process.terminationStatus == 0
    }()

    /// Runs `Scripts/audit-verify-export.py` with arguments.
    static func script(_ arguments: [String]) async throws -> BinaryRunner.Result {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                             ["python3", root.appendingPathComponent("Scripts/audit-verify-export.py").path] + arguments)
        return BinaryRunner.Result(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    @Test("the Python verifier accepts a version 2 export and fails in one line on a missing manifest or a garbage key",
          .enabled(if: pythonVerifierAvailable))
    func pythonVerifier() async throws {
        let home = Home()
        defer { home.remove() }
        home.append(3)
        let file = home.url.appendingPathComponent("out.csv")
        await #expect(try home.run(["audit", "export", "--format", "csv", "--out", file.path]).status == 0)
        let key = home.url.appendingPathComponent("audit.pub")
        try Data(try await home.run(["audit", "public-key"]).stdout.utf8).write(to: key)
        let ok = try await Self.script([file.path, key.path])
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("head at 3 signed"))
        let garbage = home.url.appendingPathComponent("garbage.pub")
        try Data("not base64 at all!".utf8).write(to: garbage)
        for (arguments, message) in [([file.path, garbage.path], "does not hold a base64 Ed25519 public key"),
                                     ([file.path + ".nothing", key.path], "cannot read the manifest")] {
            let failed = try await Self.script(arguments)
            #expect(failed.status != 0)
            #expect(failed.stderr.contains(message))
            #expect(!failed.stderr.contains("Traceback"))
            #expect(failed.stderr.split(separator: "\n").count == 1)
        }
    }
}
