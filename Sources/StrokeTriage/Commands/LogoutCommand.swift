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
        Console.out(output.json ? ResearchAccess.logoutJSON(removed: removed).serialized() : ResearchAccess.logoutText(removed: removed, l))
        if let auditWarning { Console.err("! " + l.render(auditWarning)) }
    }
}
