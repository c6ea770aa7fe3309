import AuditFormat
import Foundation
import OutputFiles
import StrokeCloud

/// The research-access session file: `session.json` in the state directory,
/// mode 0600, holding the token and its expiry. The token is never printed.
public struct SessionStore {
    /// The file.
    public let file: URL

    /// The store in these directories.
    public init(_ directories: StateDirectories = StateDirectories()) {
        file = directories.state.appendingPathComponent("session.json")
    }

    /// Writes the session, readable by the owner only (`DurableFile`: a 0600 temporary file,
    /// fsync, rename; a symbolic link at the file's place is refused, never followed).
    /// - Throws: `OutputFileError` when it cannot be written, or the encoder's error.
    public func save(_ session: ResearchSession) throws {
        try StateDirectories.ensure(file.deletingLastPathComponent())
        let data = try JSONEncoder().encode(session)
        try DurableFile.write([UInt8](data), to: file.path)
    }

    /// The stored session, if there is a readable one.
    public func load() -> ResearchSession? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(ResearchSession.self, from: data)
    }

    /// Removes the file; `true` when there was one.
    @discardableResult
    public func remove() -> Bool {
        (try? FileManager.default.removeItem(at: file)) != nil
    }

    /// The session's expiry as a date, if it parses.
    public static func expiry(_ session: ResearchSession) -> Date? {
        guard session.expiresAt.utf8.count > 10, let ms = UTCTime.milliseconds(session.expiresAt) else { return nil }
        return Date(timeIntervalSince1970: Double(ms) / 1000)
    }
}
