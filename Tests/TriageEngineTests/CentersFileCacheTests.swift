import Foundation
import StrokeCenters
import Testing
@testable import TriageEngine

/// The centers file is parsed again only when it changed (issue 46): the station's routed requests with
/// `centers.file` set no longer read and parse it on every request.
@Suite struct CentersFileCacheTests {
    /// A one-center dataset named `name`.
    static func file(_ name: String) -> Data {
        Data("""
            [{"id":"\(name)","name":"\(name)","shortName":"\(name)","address":"Klara-Kopp-Weg 1, 45138 Essen","lat":51.4495,\
            "lon":7.0137,"phone":"+49 201 897-0","emergencyPhone":null,"region":"Nordrhein-Westfalen","level":"thrombolysisHospital",\
            "capabilities":{"neurosurgery":false,"thrombectomy":false,"thrombolysis":true,"strokeUnit":false},"certification":null,\
            "source":"test","updated":null}]
            """.utf8)
    }

    @Test("an unchanged file is not read again; a changed one (size or time) is; an unreadable one is never cached")
    func cachedWhileUnchanged() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("centers-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("centers.json").path
        try Self.file("center-a").write(to: URL(fileURLWithPath: path))
        var reads = 0
        func load() throws -> CenterDataset {
            try CentersFileCache.dataset(path) { reads += 1; return try CentersEnvironment.read(path) }
        }
        #expect(try load().centers.map(\.id) == ["center-a"])
        #expect(try load().centers.map(\.id) == ["center-a"])
        #expect(reads == 1)
        // Same size, new content and a new modification time: read again.
        try Self.file("center-b").write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
        #expect(try load().centers.map(\.id) == ["center-b"])
        #expect(reads == 2)
        // Another size: read again.
        try Self.file("center-long-name").write(to: URL(fileURLWithPath: path))
        #expect(try load().centers.map(\.id) == ["center-long-name"])
        #expect(reads == 3)
        // A file that does not parse throws every time; the last good dataset is not served for it.
        try Data("{".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try load() }
        #expect(throws: (any Error).self) { try load() }
        #expect(reads == 5)
        // The public path goes through the cache.
        try Self.file("center-c").write(to: URL(fileURLWithPath: path))
        #expect(try CentersEnvironment.load(path).centers.map(\.id) == ["center-c"])
    }
}
