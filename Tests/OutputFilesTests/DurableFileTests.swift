import Foundation
import OutputFiles
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The one durable writer of private files (keys, session token, push state, queue):
/// mode 0600 whatever the umask, a symbolic link at the target refused and never
/// followed, an atomic replace that leaves no temporary file, and `.refuse` never
/// replacing what is there.
@Suite struct DurableFileTests {
    @Test func aNewFileIs0600WhateverTheUmaskAndNoTemporaryFileIsLeft() throws {
        let dir = OutputFileTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("session.json").path
        let old = umask(0)
        defer { umask(old) }
        try DurableFile.write(Array(#"{"token":"t"}"#.utf8), to: path)
        #expect(OutputFileTests.mode(path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"token":"t"}"#)
        #expect(OutputFileTests.names(dir) == ["session.json"])
    }

    @Test func anExistingFileIsReplacedAtomicallyAndNarrowedTo0600() throws {
        let dir = OutputFileTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("state.json").path
        try "old contents, longer than the new\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        var before = stat()
        lstat(path, &before)
        try DurableFile.write(Array("new\n".utf8), to: path)
        var after = stat()
        lstat(path, &after)
        // A new inode renamed into place: a reader holding the old file never sees it half-written.
        #expect(before.st_ino != after.st_ino)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(OutputFileTests.mode(path) == 0o600)
        #expect(OutputFileTests.names(dir) == ["state.json"])
    }

    @Test func aSymbolicLinkIsRefusedAndItsTargetUntouched() throws {
        let dir = OutputFileTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("elsewhere").path
        try "victim\n".write(toFile: target, atomically: false, encoding: .utf8)
        let link = dir.appendingPathComponent("session.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: OutputFileError(path: link, reason: .symbolicLink)) {
            try DurableFile.write(Array("token".utf8), to: link)
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "victim\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(OutputFileTests.names(dir) == ["elsewhere", "session.json"])
    }

    @Test func refuseNeverReplacesAnExistingFile() throws {
        let dir = OutputFileTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("hospital.key").path
        try DurableFile.write(Array("first".utf8), to: path, existing: .refuse)
        #expect(throws: OutputFileError(path: path, reason: .exists)) {
            try DurableFile.write(Array("second".utf8), to: path, existing: .refuse)
        }
        // A file that appears while writing is not replaced either (link(2) at commit).
        let late = try DurableFile(path: path, existing: .refuse)
        try late.write(Array("third".utf8))
        #expect(throws: OutputFileError(path: path, reason: .exists)) { try late.commit() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        #expect(OutputFileTests.names(dir) == ["hospital.key"])
    }

    @Test func aDiscardedFileLeavesNothingAndADirectoryIsRefused() throws {
        let dir = OutputFileTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("queue.key").path
        let file = try DurableFile(path: path)
        try file.write(Array("key".utf8))
        file.discard()
        #expect(OutputFileTests.names(dir).isEmpty)
        #expect(throws: OutputFileError(path: dir.path, reason: .directory)) {
            try DurableFile.write(Array("x".utf8), to: dir.path)
        }
    }

    @Test func twoWritersOfOneFileEachGetTheirOwnTemporaryFile() throws {
        let dir = OutputFileTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("push.json").path
        let first = try DurableFile(path: path)
        let second = try DurableFile(path: path)
        try first.write(Array("one".utf8))
        try second.write(Array("two".utf8))
        try first.commit()
        try second.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(OutputFileTests.names(dir) == ["push.json"])
    }
}
