import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a handover report readable by its owner only (mode 0600): it holds patient data.
enum ReportFile {
    /// Writes `text` to `path`, replacing the file; the mode is 0600 even if the file existed.
    /// - Throws: `WalkError.reportNotWritten` with the system's reason.
    static func write(_ text: String, to path: String) throws(WalkError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WalkError.reportNotWritten(path: path, cause: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fchmod(fd, 0o600) == 0 else { throw WalkError.reportNotWritten(path: path, cause: String(cString: strerror(errno))) }
        do {
            try FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
        } catch {
            throw WalkError.reportNotWritten(path: path, cause: String(describing: error))
        }
    }
}
