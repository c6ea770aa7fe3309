import ArgumentParser

/// `stroke-triage-server`: the fleet side of stroke-triage, separate from the paramedic CLI.
@main
struct StrokeTriageServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stroke-triage-server",
        abstract: "Station and fleet services for stroke-triage (research use only).",
        discussion: """
            station: the local API, the collector and the relay on one address, with its own PostgreSQL (docs/station.md).
            collector: every ambulance's encrypted audit log in PostgreSQL, signed exports (docs/server.md).
            relay, board: end-to-end encrypted hospital pre-notification (docs/prenotify.md).
            api: the Cloud Functions contract answered from the local models (docs/api.md).
            research-password: the research-access password's hash for api (docs/webapp.md).
            """,
        subcommands: [StationCommand.self, CollectorCommand.self, RelayCommand.self, BoardCommand.self, ApiCommand.self, ResearchPasswordCommand.self,
                      TLSCommand.self])
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
