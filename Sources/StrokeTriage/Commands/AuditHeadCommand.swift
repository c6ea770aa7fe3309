import ArgumentParser
import Foundation
import StrokeAudit
import TriageEngine

/// `stroke-triage audit head [--json] [--reset]`: prints the latest signed head,
/// to be kept outside the device (a printout, a dispatch system, a fleet
/// collector) and later checked with `audit verify --against FILE`.
struct AuditHeadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "head",
        abstract: "Print the latest signed head of the log (keep `--json` elsewhere for `audit verify --against`).")

    @Flag(name: .long, help: "Write a new head file after the old one was lost or damaged (recorded in the log as audit.headReset).")
    var reset = false

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let l = output.localizer
        let (head, didReset) = try Failure.report(output) { () throws -> (AuditHead, Bool?) in
            let location = AuditSetup.location(audit)
            try AuditSetup.requireExisting(location)
            return try AuditLog.withLog(location, context: AuditSetup.context()) { log in
                guard reset else { return (try log.head(), nil) }
                if let head = try log.resetHead() { return (head, true) }
                return (try log.head(), false)
            }
        }
        if output.json { return Console.out(head.json) }
        if let didReset { Console.out(l.text(didReset ? "audit.head.reset" : "audit.head.intact", [.text(String(head.sequence))])) }
        Console.out(l.text("audit.head.text", [
            .text(head.logIDHex), .text(String(head.sequence)), .text(Hex.encode(head.chainHash)),
            .text(String(head.erasedKeys)), .text(String(head.keyEpoch)), .text(ISO8601DateFormatter().string(
                from: Date(timeIntervalSince1970: TimeInterval(head.timeMs) / 1000))),
        ]))
        Console.out(l.text("audit.head.keep"))
    }
}
