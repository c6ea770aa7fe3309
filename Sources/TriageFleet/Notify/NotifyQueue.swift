#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto
import Foundation
import OutputFiles

/// The pre-notifications of this device: one file per case in the state
/// directory's `notify/` (directory 0700, files 0600), holding only
/// ciphertext and metadata (`QueuedCase`). Entries are kept 48 hours after
/// sending, then removed. Writes go to a temporary file, are synced and
/// renamed over the old one, so a crash never leaves half an entry.
public struct NotifyQueue: Sendable {
    /// How long an entry is kept after its case was created.
    public static let retentionMs: Int64 = 48 * 3_600_000

    /// The queue directory.
    public let directory: URL

    /// The queue in the state directory `state` (`<state>/notify`).
    public init(stateDirectory state: URL) {
        directory = state.appendingPathComponent("notify")
    }

    /// The queue in exactly this directory.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Every entry, oldest first (ties by case id); entries past retention are removed.
    public func all(nowMs: Int64) throws(NotifyError) -> [QueuedCase] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
            throw .queueUnavailable(cause: "\(error)")
        }
        var entries: [QueuedCase] = []
        for name in names where name.hasSuffix(".json") && HospitalID.isCaseID(String(name.dropLast(5))) {
            let url = directory.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url), let entry = try? JSONDecoder().decode(QueuedCase.self, from: data) else { continue }
            if nowMs - entry.createdMs > Self.retentionMs {
                try? FileManager.default.removeItem(at: url)
                continue
            }
            entries.append(entry)
        }
        return entries.sorted { ($0.createdMs, $0.caseId) < ($1.createdMs, $1.caseId) }
    }

    /// The entry with this case id.
    /// - Throws: `caseUnknown` (exit 65) when there is none.
    public func entry(_ caseId: String, nowMs: Int64) throws(NotifyError) -> QueuedCase {
        guard HospitalID.isCaseID(caseId), let entry = try all(nowMs: nowMs).first(where: { $0.caseId == caseId }) else {
            throw .caseUnknown(caseId)
        }
        return entry
    }

    /// Writes an entry (replacing the previous version of the same case).
    public func save(_ entry: QueuedCase) throws(NotifyError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try Self.ensureDirectory(directory)
            try Self.writePrivate(try encoder.encode(entry), to: directory.appendingPathComponent(entry.caseId + ".json"))
        } catch let error as NotifyError {
            throw error
        } catch {
            throw .queueUnavailable(cause: "\(error)")
        }
    }

    /// The key that protects cases waiting for their hospital's key (created on first use, 0600).
    public func localKey() throws(NotifyError) -> SymmetricKey {
        let url = directory.appendingPathComponent("queue.key")
        do {
            if let data = try? Data(contentsOf: url), data.count == 32 { return SymmetricKey(data: data) }
            try Self.ensureDirectory(directory)
            let key = SymmetricKey(size: .bits256)
            try Self.writePrivate(key.withUnsafeBytes { Data($0) }, to: url)
            return key
        } catch {
            throw .queueUnavailable(cause: "\(error)")
        }
    }

    /// Creates the queue directory (0700) when missing.
    static func ensureDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// Writes `data` to `url` privately and durably (`DurableFile`: a 0600 temporary file, fsync, rename).
    static func writePrivate(_ data: Data, to url: URL) throws(NotifyError) {
        do throws(OutputFileError) {
            try DurableFile.write([UInt8](data), to: url.path)
        } catch {
            throw .queueUnavailable(cause: error.systemReason ?? error.reason.rawValue)
        }
    }
}
