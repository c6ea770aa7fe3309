import TriageEngine

extension AuditOptions {
    /// The engine's maintenance of this log, its lines in the output's language.
    func maintenance(_ output: OutputOptions) -> AuditMaintenance {
        AuditMaintenance(settings, config: AppConfig.current, localizer: output.localizer)
    }
}

extension OutputOptions {
    /// Prints a maintenance report: its JSON object with `--json`, else its lines.
    func show(_ report: AuditMaintenanceReport) { Console.out(lines: json ? [report.json] : report.lines) }
}
