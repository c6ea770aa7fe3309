import StrokeJSON
import ArgumentParser
import TriageEngine

/// `stroke-triage logout`: end the research-access session (removes the stored token).
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "End the research-access session (removes the stored token).",
        discussion: "The reference functions and the station keep no server-side sessions: logout forgets the token on this device, and the server refuses it once it expires (a station also after its restart).")

    @Option(name: .customLong("api-base"), help: "The research-access server the session was opened with (checked as a URL; nothing is sent).")
    var apiBase: String?

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let l = output.localizer
        if let apiBase {
            _ = try Failure.report(output) { try CloudSettings(apiBase: apiBase, deadline: nil, pin: nil, config: AppConfig.current) }
        }
        let (removed, auditWarning) = try await AuditTrail.using(audit.settings, config: AppConfig.current) { await ResearchAccess.logout(trail: $0) }
        Console.out(output.json ? ResearchAccess.logoutJSON(removed: removed).serialized() : ResearchAccess.logoutText(removed: removed, l))
        if let auditWarning { Console.err("! " + l.render(auditWarning)) }
    }
}
