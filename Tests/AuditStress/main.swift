import Foundation
import StrokeAudit
import TriageLocalization

// Test support, in no shipping binary (it was the hidden `stroke-triage audit append-stress`):
//
//     AuditStress [--count N] [--payload JSON] [--audit-db FILE] [--key-file FILE]
//
// appends N test events (default 100) to one new assessment of the audit log and prints
// `ack <sequence>` after each durable commit, then `assessment <id>`. The crash-loop and
// concurrency tests kill or race this process. The log is found as the CLI finds it:
// `--audit-db` > `$STROKE_TRIAGE_HOME/data/audit.sqlite`; `--key-file` > `STROKE_TRIAGE_KEY_FILE`
// > `$STROKE_TRIAGE_HOME/state/audit-keys.json`; passphrase `STROKE_TRIAGE_KEY_PASSPHRASE`.
// An audit error prints its English message on stderr and exits 1; a usage error exits 64.

/// One line on standard output, written at once (the tests read acks as they come).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(status)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard ["--count", "--payload", "--audit-db", "--key-file"].contains(name), let value = arguments.popFirst() else {
        fail("usage: AuditStress [--count N] [--payload JSON] [--audit-db FILE] [--key-file FILE]", status: 64)
    }
    options[name] = value
}
let count = Int(options["--count"] ?? "100") ?? 0
guard (1...1_000_000).contains(count) else { fail("--count: allowed is 1…1000000", status: 64) }
let payload = Data((options["--payload"] ?? "{\"test\":true}").utf8)

let environment = ProcessInfo.processInfo.environment
func setting(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
let home = setting("STROKE_TRIAGE_HOME").map { URL(fileURLWithPath: $0) }
guard let database = options["--audit-db"].map({ URL(fileURLWithPath: $0) }) ?? home?.appendingPathComponent("data/audit.sqlite"),
      let keyFile = options["--key-file"].map({ URL(fileURLWithPath: $0) }) ?? setting("STROKE_TRIAGE_KEY_FILE").map({ URL(fileURLWithPath: $0) })
        ?? home?.appendingPathComponent("state/audit-keys.json")
else { fail("set STROKE_TRIAGE_HOME, or give --audit-db and --key-file", status: 64) }

let location = AuditLog.Location(database: database, keyFile: keyFile, passphrase: environment["STROKE_TRIAGE_KEY_PASSPHRASE"])
do {
    try AuditLog.withLog(location, context: AuditLog.Context(operator: "audit-stress", appVersion: "test")) { log in
        let assessment = AuditLog.newAssessmentID()
        for _ in 0..<count {
            let receipt = try log.append(.test, payload: payload, assessment: assessment)
            say("ack \(receipt.sequence)")
        }
        say("assessment \(assessment)")
    }
} catch let error as AuditError {
    // The detail (SQLite's own words) follows the message: this is a test tool, and a failing race needs it.
    fail(Localizer(language: .en).text(error.localizationKey, [.text(error.detail ?? "")]) + " [\(error.detail ?? "")]", status: 1)
} catch {
    fail("\(error)", status: 1)
}
