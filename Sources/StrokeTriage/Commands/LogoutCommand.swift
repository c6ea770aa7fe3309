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
        let removed = SessionStore().remove()
        let auditWarning = removed ? AuditTrail.make(audit, output: output).loggedOut() : nil
        if output.json {
            Console.out(JSONValue.object([("loggedIn", .bool(false)), ("removed", .bool(removed))]).serialized())
        } else {
            Console.out(l.text(removed ? "cloud.logout.done" : "cloud.logout.none"))
        }
        if let auditWarning { Console.err("! " + l.render(auditWarning)) }
    }
}
