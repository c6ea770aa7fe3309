import ArgumentParser
import StrokeAudit
import StrokeCloud
import StrokeModels
import TriageEngine

// The command line's option types converted to the engine's plain settings.

extension OutputOptions {
    /// The engine's output settings of these flags.
    var settings: OutputSettings { OutputSettings(json: json, language: lang, noColor: noColor, verbose: verbose) }
}

extension PredictionOptions {
    /// The engine's prediction settings of these flags.
    var settings: PredictionSettings { PredictionSettings(mode: mode, apiBase: apiBase, deadline: deadline, caFile: caFile) }
}

extension PredictionMode: ExpressibleByArgument {}

extension AuditOptions {
    /// The engine's audit settings of these flags.
    var settings: AuditSettings { AuditSettings(database: auditDb, keyFile: keyFile) }
}
