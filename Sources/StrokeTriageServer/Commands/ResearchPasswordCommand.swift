import ArgumentParser
import Foundation
import StrokeLocalAPI
import TriageEngine

/// `research-password --out FILE`: hashes the research-access password (PBKDF2-SHA256,
/// 210 000 rounds, random salt) into a 0600 file for `api --research-password-file`.
/// The password is read from standard input (typed twice without echo on a terminal,
/// else the first line), never echoed, printed or logged.
struct ResearchPasswordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "research-password",
        abstract: "Write the research-access password's salted hash (0600 file) for `api --research-password-file`.",
        discussion: """
            Reads the password from standard input: typed twice without echo on a terminal, else the
            first line (e.g. from a password manager's pipe). At least 8 characters. The file holds
            only a salted PBKDF2-SHA256 hash (210 000 rounds); the password is never printed.
            """)

    @Option(name: .long, help: ArgumentHelp("Where to write the hash (created 0600; refused if it exists, unless --force).", valueName: "file"))
    var out: String
    @Flag(name: .long, help: "Replace an existing file.") var force = false

    func run() throws {
        let captured = ServerConsole.capturedLineReader
        let first = PasswordReader.read(prompt: "Research-access password: ", nextLine: captured) ?? ""
        if captured == nil, PasswordReader.isInteractive {
            let again = PasswordReader.read(prompt: "Again: ") ?? ""
            guard again == first else { throw fail("the two passwords differ; nothing was written", code: "api.configurationInvalid", exit: 64) }
        }
        do {
            try ResearchPassword.new(first).write(to: out, force: force)
        } catch {
            throw fail(error.englishMessage, code: error.code, exit: first.count < ResearchPassword.minimumLength ? 64 : 1)
        }
        ServerConsole.out("wrote the research-access password hash to \(out) (mode 0600); start the API with --research-password-file \(out)")
    }

    /// The one server error printer (`ServerFailure`), with this command's code and exit status.
    private func fail(_ message: String, code: String, exit: Int32) -> ExitCode {
        ServerFailure.Report(code: code, message: message, status: exit).exit(verbose: false)
    }
}
