import Foundation
import StrokeCenters
import Synchronization

/// The parsed centers files of this process, each kept while its size, modification time, inode and
/// device stay the same (issue 46): the station's routed requests with `centers.file` set read one
/// `stat` instead of reading and parsing the file every time. A file that changes is read again on
/// the next request; a file that cannot be read or parsed is never cached (its error is thrown again).
enum CentersFileCache {
    /// What identifies one version of a file.
    struct Stamp: Equatable, Sendable {
        let size: UInt64, modified: Date, inode: UInt64, device: UInt64
    }

    private static let entries = Mutex<[String: (stamp: Stamp, dataset: CenterDataset)]>([:])

    /// The dataset of `path`: the cached one while the file is unchanged, else `read()`'s (then cached).
    static func dataset(_ path: String, read: () throws -> CenterDataset) throws -> CenterDataset {
        guard let stamp = stamp(path) else { return try read() }
        if let cached = entries.withLock({ $0[path] }), cached.stamp == stamp { return cached.dataset }
        let dataset = try read()
        // Kept only when the file did not change while it was read.
        if Self.stamp(path) == stamp { entries.withLock { $0[path] = (stamp, dataset) } }
        return dataset
    }

    /// The file's size, modification time, inode and device; nil when they cannot be read.
    static func stamp(_ path: String) -> Stamp? {
        guard let a = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (a[.size] as? NSNumber)?.uint64Value, let modified = a[.modificationDate] as? Date,
              let inode = (a[.systemFileNumber] as? NSNumber)?.uint64Value,
              let device = (a[.systemNumber] as? NSNumber)?.uint64Value else { return nil }
        return Stamp(size: size, modified: modified, inode: inode, device: device)
    }
}
