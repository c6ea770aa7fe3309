import StrokeJSON
import ArgumentParser
import TriageEngine

/// `stroke-triage logout`: end the research-access session (removes the stored token).
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "End the research-access session (removes the stored token).")

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let l = output.localizer
        let (removed, auditWarning) = ResearchAccess.logout(trail: AuditTrail.make(audit.settings, config: AppConfig.current))
        if output.json {
            Console.out(ResearchAccess.logoutJSON(removed: removed).serialized())
        } else {
            Console.out(l.text(removed ? "cloud.logout.done" : "cloud.logout.none"))
        }
        if let auditWarning { Console.err("! " + l.render(auditWarning)) }
    }
}
