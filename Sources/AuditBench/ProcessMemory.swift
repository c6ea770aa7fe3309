import Foundation

/// Resident-set figures of this process from /proc (Linux).
enum ProcessMemory {
    /// Current RSS in MiB.
    static func residentMiB() -> Double { field("VmRSS:") }
    /// Peak RSS since the last `resetPeak()` (or start) in MiB.
    static func peakMiB() -> Double { field("VmHWM:") }

    /// Resets the peak to the current RSS (`/proc/self/clear_refs` "5").
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    private static func field(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kib = Double(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "") else { return .nan }
        return kib / 1024
    }
}
