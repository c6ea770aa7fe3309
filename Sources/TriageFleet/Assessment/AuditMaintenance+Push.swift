import Foundation
import TriageEngine

extension AuditMaintenance {
    /// `audit push`: pushes what the fleet collector does not hold yet (batches of `batchSize`), or
    /// with `statusOnly` reports the local head, the collector's acknowledged head and what is pending.
    /// - Throws: `PushError` for a missing or unusable setting or a failed push, `CloudSettingsError`
    ///   for a bad transport limit, the log's errors when it cannot be read.
    public func push(collector: String?, device: String?, caFile: String? = nil, batchSize: Int,
                     statusOnly: Bool) async throws -> AuditMaintenanceReport {
        let settings = try CollectorSettings(collector: collector, device: device, caFile: caFile, config: config)
        if statusOnly {
            let status = try await PushStatus.check(settings, location: location, context: context,
                                                    state: PushState(directory: location.keyFile.deletingLastPathComponent()))
            return AuditMaintenanceReport(json: status.json, lines: status.lines(localizer))
        }
        let summary = try await FleetPusher.push(settings, location: location, context: context, batchSize: batchSize)
        return AuditMaintenanceReport(json: summary.json(settings), lines: [summary.text(settings, localizer)])
    }
}
