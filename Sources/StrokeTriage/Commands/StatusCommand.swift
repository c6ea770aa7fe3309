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
        let session = SessionStore().load()
        let expiry = session.flatMap(SessionStore.expiry)
        let active = session != nil && (expiry.map { $0 > Date() } ?? false)
        if output.json {
            Console.out(JSONValue.object([
                ("loggedIn", .bool(active)),
                ("expiresAt", session.map { .string($0.expiresAt) } ?? .null),
                ("expired", .bool(session != nil && !active)),
            ]).serialized())
        } else if let session {
            Console.out(l.text(active ? "cloud.status.loggedIn" : "cloud.status.expired", [.text(session.expiresAt)]))
        } else {
            Console.out(l.text("cloud.status.loggedOut"))
        }
    }
}
