import Foundation
import OutputFiles
import Testing
#if canImport(Glibc)
import Glibc
import TestScratch
#endif

/// The one writer of patient-data files: temporary file, fsync, rename; never
/// a chmod or truncate of anything it did not create; links and existing
/// exports refused without `force`; a full disk leaves nothing behind.
@Suite struct OutputFileTests {
    static func folder() -> URL {
        let url = TestScratch.directory("outputfile")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    static func names(_ dir: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }

    @Test func aNewFileAppearsWholeWithMode0600AndNoTemporaryFileIsLeft() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("report.md").path
        let file = try OutputFile(path: path, force: false, existing: .replace)
        try file.write("half")
        #expect(!FileManager.default.fileExists(atPath: path), "the target appears only on commit")
        try file.write(" and whole\n")
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "half and whole\n")
        #expect(Self.mode(path) == 0o600)
        #expect(Self.names(dir) == ["report.md"])
    }

    @Test func anExistingFileIsReplacedNotTruncated() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.csv").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        let other = dir.appendingPathComponent("hardlink").path
        #expect(link(path, other) == 0)
        try OutputFile.write("new\n", to: path, force: false, existing: .replace)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(Self.mode(path) == 0o600)
        // The old inode was neither truncated nor chmodded.
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "old\n")
        #expect(Self.mode(other) == 0o644)
    }

    @Test func anExistingExportIsRefusedUnlessForced() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("export.jsonl").path
        try "keep\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: OutputFileError(path: path, reason: .exists)) {
            try OutputFile.write("x", to: path, force: false, existing: .refuseUnlessForced)
        }
        #expect(throws: OutputFileError(path: path, reason: .exists)) {
            try OutputFile.preflight(path: path, force: false, existing: .refuseUnlessForced)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep\n")
        try OutputFile.write("replaced\n", to: path, force: true, existing: .refuseUnlessForced)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "replaced\n")
    }

    @Test func aFileThatAppearsWhileWritingIsNotReplaced() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("export.jsonl").path
        let file = try OutputFile(path: path, force: false, existing: .refuseUnlessForced)
        try file.write("mine\n")
        try "theirs\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: OutputFileError(path: path, reason: .exists)) { try file.commit() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs\n")
        #expect(Self.names(dir) == ["export.jsonl"])
    }

    @Test func aSymbolicLinkIsRefusedUnlessForcedThenItsTargetIsWritten() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("target").path
        try "target\n".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o644)
        let link = dir.appendingPathComponent("link").path
        #expect(symlink(target, link) == 0)
        #expect(throws: OutputFileError(path: link, reason: .symbolicLink)) {
            try OutputFile.write("x", to: link, force: false, existing: .replace)
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "target\n")
        #expect(Self.mode(target) == 0o644)
        try OutputFile.write("through\n", to: link, force: true, existing: .replace)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "through\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        // A dangling link with force creates its target.
        let dangling = dir.appendingPathComponent("dangling").path
        let missing = dir.appendingPathComponent("created-later").path
        #expect(symlink(missing, dangling) == 0)
        try OutputFile.write("made\n", to: dangling, force: true, existing: .replace)
        #expect(try String(contentsOfFile: missing, encoding: .utf8) == "made\n")
    }

    @Test func aDirectoryIsRefused() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: OutputFileError(path: dir.path, reason: .directory)) {
            try OutputFile.write("x", to: dir.path, force: true, existing: .replace)
        }
    }

    @Test func aFullDiskIsDiskFullAndNothingIsLeft() throws {
        let before = Self.mode("/dev/full")
        #expect(throws: OutputFileError(path: "/dev/full", reason: .diskFull, errorNumber: ENOSPC)) {
            try OutputFile.write("x", to: "/dev/full", force: false, existing: .replace)
        }
        #expect(Self.mode("/dev/full") == before)
        #expect(OutputFileError(path: "p", reason: .cannotWrite, errorNumber: ENOSPC).reason == .diskFull)
        #expect(OutputFileError(path: "p", reason: .cannotWrite, errorNumber: EDQUOT).code == "output.diskFull")
    }

    @Test func aCharacterDeviceIsWrittenThroughWithoutAChmod() throws {
        let before = Self.mode("/dev/null")
        try OutputFile.write("discarded", to: "/dev/null", force: false, existing: .refuseUnlessForced)
        #expect(Self.mode("/dev/null") == before)
    }

    @Test func discardingLeavesNothing() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("gone").path
        do {
            let file = try OutputFile(path: path, force: false, existing: .replace)
            try file.write("partial")
            file.discard()
        }
        do {
            let abandoned = try OutputFile(path: path, force: false, existing: .replace)
            try abandoned.write("partial")
        }
        #expect(Self.names(dir).isEmpty)
    }
}
