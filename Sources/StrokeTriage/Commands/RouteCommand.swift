import ArgumentParser

/// `stroke-triage route`: Routing decision to a stroke center.
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "route", abstract: "Routing decision to a stroke center. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage route: not yet available in this build.")
        throw ExitStatus.failure
    }
}
