import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The path the `atexit` handler removes (a C handler cannot capture). Written once, before it is registered.
nonisolated(unsafe) private var scratchRootPath: String?

/// The one scratch folder of a test process: `stroke-triage-test-<pid>` in the
/// temporary directory, made on first use and removed, with everything tests put in it,
/// when the process exits. Test helpers make their temporary homes, databases, logs and
/// files here, so a run leaves nothing behind even where a test does not clean up after
/// itself (a failed expectation, a child process's files). `Scripts/test` fails a phase
/// that leaves `stroke-triage-test*` entries behind.
///
/// Not for a PostgreSQL cluster's data directory: the server may still run when the
/// process exits; its own watchdog stops it and then removes the directory.
public enum TestScratch {
    /// The process's scratch folder.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("stroke-triage-test-\(getpid())")
        // A folder of this name can only be left by an earlier process with the same pid (that crashed).
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        scratchRootPath = url.path
        atexit {
            if let path = scratchRootPath { try? FileManager.default.removeItem(atPath: path) }
        }
        return url
    }()

    /// A fresh, empty directory `<prefix>-<n>` in the scratch folder.
    public static func directory(_ prefix: String) -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(nextNumber())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A fresh path `<prefix>-<n><suffix>` in the scratch folder (nothing is created).
    public static func file(_ prefix: String, suffix: String = "") -> URL {
        root.appendingPathComponent("\(prefix)-\(nextNumber())\(suffix)")
    }

    /// Short names keep paths that programs print (a walkthrough's audit path) within 80 columns.
    private static let counter = Counter()

    private static func nextNumber() -> Int { counter.next() }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}
