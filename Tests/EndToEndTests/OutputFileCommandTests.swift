import Foundation
import StrokeJSON
import Testing
#if canImport(Glibc)
import Glibc
import TestJSON
import TestScratch
import CLITestSupport
#endif

/// Reports, audit exports and batch output through the real binary: devices
/// are never chmodded, links and existing exports are refused without
/// `--force`, a full disk exits 74 with nothing left behind, and a bare
/// report name goes into the data directory's `reports/` folder.
@Suite("Output files")
struct OutputFileCommandTests {
    static let coma = ["coma", "--gfap", "300", "--mode", "offline", "--accept-disclaimer"]
    static let csv = "gfap,fast_ed\n100,5\n"

    /// A fresh folder with a home for the binary, removed by the caller.
    static func folder() -> URL { BinaryRunner.temporaryHome() }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Makes a character device like /dev/null (c 1 3, mode 0666) at `path`; false when not allowed (not root).
    static func makeNullDevice(_ path: String) -> Bool {
        let made = mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0  // makedev(1, 3)
        if made { chmod(path, 0o666) }  // umask
        return made
    }

    static let canMakeDevices: Bool = {
        let path = TestScratch.file("st-probe").path
        defer { unlink(path) }
        return makeNullDevice(path)
    }()

    /// A home with a small audit log (three events, appended in process), for the export tests.
    static func homeWithLog() throws -> URL {
        let home = folder()
        try AuditAppender.append(home: home, count: 3)
        return home
    }

    // MARK: Devices

    @Test(.enabled(if: canMakeDevices, "creating a device node needs root"))
    func aDeviceNodeIsWrittenThroughAndNeverChmodded() async throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let device = dir.appendingPathComponent("n").path
        #expect(Self.makeNullDevice(device))
        let input = dir.appendingPathComponent("in.csv")
        try Self.csv.write(to: input, atomically: true, encoding: .utf8)

        let batch = await InProcessCLI.run(["batch", "--module", "lvo", "--in", input.path, "--out", device])
        #expect(batch.status == 0, "\(batch.stderr)")
        let report = await InProcessCLI.run(Self.coma + ["--report", device])
        #expect(report.status == 0, "\(report.stderr)")
        let home = try Self.homeWithLog()
        defer { try? FileManager.default.removeItem(at: home) }
        let export = await InProcessCLI.run(["audit", "export", "--out", device], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(Self.mode(device) == 0o666)
        var info = stat()
        #expect(lstat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        // Nothing else appeared beside it but the manifest.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["in.csv", "n", "n.manifest.json"])
    }

    @Test func aFullDiskExits74WithItsOwnMessageAndNoPartialFile() async throws {
        let input = Self.folder()
        defer { try? FileManager.default.removeItem(at: input) }
        let file = input.appendingPathComponent("in.csv")
        try Self.csv.write(to: file, atomically: true, encoding: .utf8)
        let before = Self.mode("/dev/full")

        let batch = await InProcessCLI.run(["batch", "--module", "lvo", "--in", file.path, "--out", "/dev/full"])
        #expect(batch.status == 74)
        #expect(batch.stderr.contains("Error: The disk is full: /dev/full was not written and no partial file was left behind."))
        let report = await InProcessCLI.run(Self.coma + ["--report", "/dev/full"])
        #expect(report.status == 74)
        #expect(report.stderr.contains("The disk is full"))
        let home = try Self.homeWithLog()
        defer { try? FileManager.default.removeItem(at: home) }
        let export = await InProcessCLI.run(["audit", "export", "--out", "/dev/full", "--force"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(export.status == 74, "\(export.stderr)")
        #expect(export.stderr.contains("The disk is full"))
        #expect(!FileManager.default.fileExists(atPath: "/dev/full.manifest.json"))
        #expect(Self.mode("/dev/full") == before)
    }

    // MARK: Links and existing files

    @Test func aSymbolicLinkIsRefusedWithoutForceAndItsTargetIsUntouched() async throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("target.txt")
        try "keep me\n".write(to: target, atomically: true, encoding: .utf8)
        chmod(target.path, 0o644)
        let link = dir.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let input = dir.appendingPathComponent("in.csv")
        try Self.csv.write(to: input, atomically: true, encoding: .utf8)
        let home = try Self.homeWithLog()
        defer { try? FileManager.default.removeItem(at: home) }

        let runs = [
            await InProcessCLI.run(["batch", "--module", "lvo", "--in", input.path, "--out", link.path]),
            await InProcessCLI.run(Self.coma + ["--report", link.path]),
            await InProcessCLI.run(["audit", "export", "--out", link.path], environment: ["STROKE_TRIAGE_HOME": home.path]),
        ]
        for r in runs {
            #expect(r.status == 73)
            #expect(r.stderr.contains("\(link.path) is a symbolic link; nothing was written."), "\(r.stderr)")
            #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
            #expect(Self.mode(target.path) == 0o644)
        }
        // --force writes through the link; the link stays a link.
        let forced = await InProcessCLI.run(Self.coma + ["--report", link.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("Stroke triage handover report"))
        #expect(Self.mode(target.path) == 0o600)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == target.path)
    }

    @Test func anExistingExportIsReplacedOnlyWithForce() async throws {
        let home = try Self.homeWithLog()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        let file = home.appendingPathComponent("export.jsonl")
        try "earlier export\n".write(to: file, atomically: true, encoding: .utf8)
        let refused = await InProcessCLI.run(["audit", "export", "--out", file.path], environment: env)
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("already exists; nothing was written"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "earlier export\n")
        #expect(!FileManager.default.fileExists(atPath: file.path + ".manifest.json"))

        let forced = await InProcessCLI.run(["audit", "export", "--out", file.path, "--force"], environment: env)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(Self.mode(file.path) == 0o600)
        // A manifest left from before also needs --force.
        try FileManager.default.removeItem(at: file)
        let manifestOnly = await InProcessCLI.run(["audit", "export", "--out", file.path], environment: env)
        #expect(manifestOnly.status == 73)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        // No temporary file is left in the folder.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix(".export") }
        #expect(leftovers.isEmpty)
    }

    // MARK: Reports

    @Test func aBareReportNameIsSavedInTheDataDirectorysReportsFolder() async throws {
        let home = Self.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let name = "handover-\(UUID().uuidString).md"
        let r = await InProcessCLI.run(Self.coma + ["--report", name], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 0, "\(r.stderr)")
        let folder = home.appendingPathComponent("data/reports")
        let saved = folder.appendingPathComponent(name)
        #expect(FileManager.default.fileExists(atPath: saved.path))
        #expect(Self.mode(folder.path) == 0o700)
        #expect(Self.mode(saved.path) == 0o600)
        #expect(r.stderr.contains("Saved to \(saved.path) (mode 0600: it holds patient data)."))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/" + name))
        // stdout is still the result alone.
        let json = await InProcessCLI.run(Self.coma + ["--report", name, "--json"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(json.status == 0)
        #expect(try json.json()["module"].stringValue == "coma")
    }

    @Test func aReportPathWithASlashIsHonouredAsGiven() async throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("mine.md").path
        let r = await InProcessCLI.run(Self.coma + ["--report", path], environment: ["STROKE_TRIAGE_HOME": dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.mode(path) == 0o600)
        #expect(r.stderr.contains("Saved to \(path) "))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("data/reports").path))
    }
}

extension OutputFileCommandTests {
    /// The walkthrough's report offer follows the same rule: a bare name goes to
    /// `reports/` and the full path is shown; a refused path is asked again.
    @Test func theWalkthroughSavesABareReportNameInReportsAndShowsTheFullPath() async throws {
        let home = Self.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let questions = [("comatose", "y"), ("Blood glucose", ""), ("GFAP (pg/mL", "500"), ("Minutes since symptom onset", ""),
                         ("Location", ""), ("Compute? [Y/n/b]", "")]
        var s = await WalkTranscript.run(["walk", "--mode", "offline", "--accept-disclaimer"],
                                         answers: questions.map(\.1) + [dir.path, "walk-report.md"], home: home)
        for (prompt, reply) in questions { try s.answer(prompt, reply) }
        // A directory is refused with a clear line, and the offer comes again.
        try s.answer("Save a Markdown handover report?", dir.path)
        try s.expect("is a directory;")
        try s.answer("Save a Markdown handover report?", "walk-report.md")
        let saved = home.appendingPathComponent("data/reports/walk-report.md").path
        try s.expect("Report saved to")
        try s.expect("walk-report.md")
        #expect(s.status == 0, "\(s.result.stderr)")
        #expect(Self.mode(saved) == 0o600)
    }
}
