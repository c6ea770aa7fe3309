import ArgumentParser
import Foundation
import TriageLocalization

/// Where the server commands write their lines: standard output and standard error, or,
/// for a command line run inside another program, its `CommandIO` (`CommandRedirection`).
enum ServerConsole {
    /// Inside a capture, the line reader of its input (a password is then read through it, never
    /// from the test process's own standard input); nil outside one.
    static var capturedLineReader: (@Sendable () -> String?)? { CommandRedirection.current?.lineReader }

    /// Writes a line to standard output.
    static func out(_ line: String) { write(line + "\n", error: false) }

    /// Writes text to standard error as it is (the caller ends its lines).
    static func err(_ text: String) { write(text, error: true) }

    /// Writes text to standard output as it is.
    static func outRaw(_ text: String) { write(text, error: false) }

    private static func write(_ text: String, error: Bool) {
        if let capture = CommandRedirection.current { return capture.append(Array(text.utf8), error: error) }
        // A closed pipe (`station … | head`) loses the text, never the server: the throwing
        // write reports EPIPE instead of trapping as the old `write(_:)` does (issue 34).
        try? (error ? FileHandle.standardError : FileHandle.standardOutput).write(contentsOf: Data(text.utf8))
    }
}

extension StrokeTriageServer {
    /// Parses and runs one command line as the binary does and returns its exit status:
    /// the entry of a command line run in process (the binary itself uses `main()`).
    static func run(_ arguments: [String]) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty { ServerConsole.err(message + "\n") }
            return code.rawValue
        }
    }
}
