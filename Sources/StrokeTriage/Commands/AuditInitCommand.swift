import ArgumentParser
import TriageEngine

/// `stroke-triage audit init [--new-log]`: creates the audit log (and its key file) if
/// there is none; with `--new-log`, starts a new log where the old one is gone although
/// the key file has signed it — recorded in the new log, and reported by `audit verify`.
struct AuditInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the audit log; --new-log starts a new one (recorded) where a log this key file signed is gone.")

    @Flag(name: .customLong("new-log"), help: "Start a new log although the key file has signed a log that is gone (recorded as audit.newLog; audit verify reports it).")
    var newLog = false

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        output.show(try Failure.report(output) { try audit.maintenance(output).initLog(newLog: newLog) })
    }
}
