import AuditFormat
import Foundation
import OutputFiles
import StrokeModels
import TriageRendering

/// Whether the full research-use disclaimer has been accepted on this
/// account: a small file `disclaimer-accepted` in the state directory
/// (`StateDirectories().state`), mode 0600, holding the time and version.
public struct DisclaimerGate: Sendable {
    /// The acceptance file.
    public let file: URL

    /// The gate for these directories.
    public init(_ directories: StateDirectories = StateDirectories()) {
        file = directories.state.appendingPathComponent("disclaimer-accepted")
    }

    /// Whether the disclaimer was accepted before.
    public var isAccepted: Bool { FileManager.default.fileExists(atPath: file.path) }

    /// Remembers the acceptance. Returns `false` when it could not be stored
    /// (the session goes on; it will be asked again next time).
    @discardableResult
    public func accept(at date: Date = WallClock.system.date) -> Bool {
        do {
            try StateDirectories.ensure(file.deletingLastPathComponent())
            let text = "accepted \(UTCTime.isoSeconds(date)) stroke-triage \(AppInfo.version)\n"
            try OutputFile.write(text, to: file.path, force: false, existing: .replace)
            return true
        } catch {
            return false
        }
    }

    /// For a command that assesses: accepted before, or accepted now by the flag
    /// (then stored and recorded in the audit trail).
    /// - Throws: `WalkError.disclaimerNotAccepted` otherwise.
    public func require(acceptFlag: Bool, trail: AuditTrail, events: any EngineEventSink) async throws(WalkError) {
        if isAccepted { return }
        guard acceptFlag else { throw WalkError.disclaimerNotAccepted }
        accept()
        events.notRecorded(await trail.disclaimerAccepted())
    }
}
