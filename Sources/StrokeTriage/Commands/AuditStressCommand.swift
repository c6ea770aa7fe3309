import ArgumentParser
import Foundation
import StrokeAudit
import StrokeModels
import TriageEngine

/// Hidden: `stroke-triage audit append-stress --count N` appends N test events
/// and prints `ack <sequence>` after each durable commit (crash-loop and
/// concurrency tests kill or race this process).
struct AuditStressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append-stress", abstract: "Append test events, printing each acknowledged sequence (tests).",
        shouldDisplay: false)

    @Option(name: .long, help: "How many events to append (1…1000000).")
    var count: Int = 100

    @Option(name: .long, help: "The payload of each event (JSON text).")
    var payload: String = "{\"test\":true}"

    @Flag(name: .long, help: "Record through AuditTrail (as the walkthrough does) and print its warnings instead of failing.")
    var trail = false

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...1_000_000).contains(count) else { throw ValidationError("--count: \(count) is not allowed; allowed is 1…1000000.") }
    }

    func run() throws {
        if trail { return try runThroughTrail() }
        try Failure.report(output) {
            try AuditLog.withLog(AuditSetup.location(audit), context: AuditSetup.context()) { log in
                let assessment = AuditLog.newAssessmentID()
                for _ in 0..<count {
                    let receipt = try log.append(.test, payload: Data(payload.utf8), assessment: assessment)
                    Console.out("ack \(receipt.sequence)")
                }
            }
        }
    }

    /// Records disclaimer, assessment start and an error per round through the
    /// hook the walkthrough uses; a warning goes to stderr and the exit stays 0.
    private func runThroughTrail() throws {
        let trail = AuditTrail.make(audit, output: output)
        let l = output.localizer
        for _ in 0..<count {
            for warning in [trail.disclaimerAccepted(), trail.assessmentStarted(.full), trail.errorShown(code: "test")] {
                if let warning { Console.err(l.render(warning)) } else { Console.out("ack") }
            }
        }
        if let id = trail.assessmentID { Console.out("assessment \(id)") }
        try AssessmentSession.failIfRefused(trail, l)
    }
}
