import ArgumentParser

/// `stroke-triage limited`: Limited module: age, blood pressure, GFAP, vigilance.
struct LimitedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "limited", abstract: "Limited module: age, blood pressure, GFAP, vigilance. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage limited: not yet available in this build.")
        throw ExitStatus.failure
    }
}
