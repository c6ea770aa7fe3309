import StrokeJSON
import ArgumentParser
import Foundation
import TriageEngine

/// `stroke-triage status`: whether a research-access session is stored and until when (never the token);
/// with `--api-base`, also whether that server still accepts it.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the research-access session state (never the token).",
        discussion: "With --api-base, also ask that server (validate_session) whether it still accepts the stored session; a station server refuses sessions from before its restart.")

    @Option(name: .customLong("api-base"), help: "Also ask this research-access server whether it accepts the stored session.")
    var apiBase: String?

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let status = ResearchAccess.status()
        var check: ResearchAccess.ServerCheck?
        if let apiBase, status.loggedIn {
            let client = try Failure.report(output) {
                try CloudSettings(apiBase: apiBase, deadline: nil, pin: nil, config: AppConfig.current)
                    .client(logger: CloudSettings.logger(verbose: output.verbose, to: ConsoleErrorStream()))
            }
            check = await ResearchAccess.check(client: client)
        }
        let url = apiBase ?? ""
        if output.json {
            guard case .object(var members) = status.json else { return }
            if let check { members.append(("server", check.json(url: url))) }
            Console.out(JSONValue.object(members).serialized())
        } else {
            Console.out(status.text(output.localizer))
            if let check { Console.out(check.text(url: url, output.localizer)) }
        }
    }
}
