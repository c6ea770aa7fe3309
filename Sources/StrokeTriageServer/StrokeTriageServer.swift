import ArgumentParser

/// `stroke-triage-server`: the fleet side of stroke-triage, separate from the paramedic CLI.
@main
struct StrokeTriageServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stroke-triage-server",
        abstract: "Fleet services for stroke-triage (research use only).",
        discussion: "The collector gathers every ambulance's encrypted audit log in PostgreSQL (docs/server.md).",
        subcommands: [CollectorCommand.self, RelayCommand.self, BoardCommand.self, ApiCommand.self])
}

/// `stroke-triage-server collector …`: the fleet audit collector and its administration.
struct CollectorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collector",
        abstract: "Collect devices' audit logs in PostgreSQL and detect gaps, forks and rollbacks.",
        subcommands: [
            CollectorServeCommand.self, AddDeviceCommand.self, ListDevicesCommand.self, SuspendDeviceCommand.self,
            ResumeDeviceCommand.self, RemoveDeviceCommand.self, IncidentsCommand.self, UpdateDeviceKeyCommand.self,
            CollectorKeygenCommand.self, CollectorPublicKeysCommand.self, CollectorExportCommand.self,
        ])
}
