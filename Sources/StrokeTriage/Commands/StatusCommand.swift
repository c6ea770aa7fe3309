import StrokeJSON
import ArgumentParser
import Foundation
import TriageEngine

/// `stroke-triage status`: whether a research-access session is stored and until when (never the token).
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the research-access session state (never the token).")

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let l = output.localizer
        let status = ResearchAccess.status()
        if output.json {
            Console.out(status.json.serialized())
        } else if let expiresAt = status.expiresAt {
            Console.out(l.text(status.loggedIn ? "cloud.status.loggedIn" : "cloud.status.expired", [.text(expiresAt)]))
        } else {
            Console.out(l.text("cloud.status.loggedOut"))
        }
    }
}
