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
        let status = ResearchAccess.status()
        Console.out(output.json ? status.json.serialized() : status.text(output.localizer))
    }
}
