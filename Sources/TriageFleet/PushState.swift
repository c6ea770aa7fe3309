#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import OutputFiles

/// What `audit push` keeps beside the key file: the head the collector last
/// acknowledged (`collector-push.json`, 0600) and the lock that keeps two
/// pushes of one log from running at once (`collector-push.lock`).
public struct PushState: Sendable {
    /// The remembered acknowledgement.
    public struct Acknowledged: Codable, Equatable, Sendable {
        /// The collector it came from.
        public var collector: String
        /// The device name it was for.
        public var device: String
        /// The acknowledged sequence.
        public var sequence: Int64
        /// Its chain hash, lower-case hex.
        public var chainHash: String
        /// When it was remembered, ms since 1970 UTC.
        public var timeMs: Int64

        /// An acknowledgement of `sequence` (with its chain hash) by `collector` for `device`, at `timeMs`.
        public init(collector: String, device: String, sequence: Int64, chainHash: String, timeMs: Int64) {
            self.collector = collector
            self.device = device
            self.sequence = sequence
            self.chainHash = chainHash
            self.timeMs = timeMs
        }
    }

    /// The directory holding both files (the key file's).
    public let directory: URL

    /// The state beside the key files in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// `collector-push.json`: the remembered acknowledgement.
    public var memoryFile: URL { directory.appendingPathComponent("collector-push.json") }
    /// `collector-push.lock`: held while a push runs.
    public var lockFile: URL { directory.appendingPathComponent("collector-push.lock") }

    /// The remembered acknowledgement for this collector and device, if any.
    public func acknowledged(collector: String, device: String) -> Acknowledged? {
        guard let data = try? Data(contentsOf: memoryFile),
              let value = try? JSONDecoder().decode(Acknowledged.self, from: data),
              value.collector == collector, value.device == device else { return nil }
        return value
    }

    /// Remembers an acknowledgement (`DurableFile`: mode 0600, fsync, rename). Best effort.
    public func remember(_ value: Acknowledged) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else { return }
        try? DurableFile.write([UInt8](data), to: memoryFile.path)
    }

    /// Takes the push lock, waiting up to `wait` for another push to end: a
    /// non-blocking `flock` tried every `retry`, sleeping on `clock` between tries
    /// (the caller's task sleeps; no thread blocks).
    /// - Returns: the open lock file descriptor (closing it releases the lock), or nil when it stayed taken.
    public func lock(waitingUpTo wait: Duration, retry: Duration = .milliseconds(100),
                     clock: any Clock<Duration> = ContinuousClock()) async -> Int32? {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let fd = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        var waited = Duration.zero
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < wait else {
                close(fd)
                return nil
            }
            let step = min(retry, wait - waited)
            do { try await clock.sleep(for: step) } catch {
                close(fd)
                return nil
            }
            waited += step
        }
        return fd
    }
}
