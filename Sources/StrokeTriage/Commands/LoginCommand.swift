import StrokeJSON
import ArgumentParser
import StrokeCloud
import StrokeModels
import TriageEngine

/// `stroke-triage login`: log in for research access; the session is stored, never shown.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in for research access.",
        discussion: "Reads the password without echo from a terminal, or the first line of stdin when piped. The session token and its expiry are stored in a 0600 file in the state directory; the token is never printed or logged.")

    @OptionGroup var cloud: CloudAccessOptions
    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let l = output.localizer
        let client = try Failure.report(output) { try cloud.settings().client(logger: CloudSettings.logger(verbose: output.verbose, to: ConsoleErrorStream())) }
        let password = PasswordReader.read(prompt: l.text("cloud.login.prompt") + " ", nextLine: Console.capturedLineReader) ?? ""
        let (session, auditWarning) = try await Failure.report(output) { () async throws -> (ResearchSession, Message?) in
            guard !password.isEmpty else { throw ResearchAccessError.noPassword }
            return try await AuditTrail.using(audit.settings, config: AppConfig.current) { trail in
                try await ResearchAccess.login(client: client, password: password, trail: trail)
            }
        }
        Console.out(output.json ? ResearchAccess.loginJSON(session).serialized() : ResearchAccess.loginText(session, l))
        if let auditWarning { Console.err("! " + l.render(auditWarning)) }
    }
}
