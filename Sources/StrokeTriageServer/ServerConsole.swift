import ArgumentParser
import Foundation

/// Where the server commands write their lines: standard output and standard error, or,
/// inside `capturing`, a `Capture` (a command line a test runs in its own process).
enum ServerConsole {
    /// What a command wrote while it was captured, and the standard input it was given.
    final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private var out = ""
        private var err = ""
        private var input: [Substring]

        /// A capture whose command reads `input` as its standard input (a pipe, never a terminal).
        init(input: String = "") {
            self.input = input.split(separator: "\n", omittingEmptySubsequences: false)
            if self.input.last == "" { self.input.removeLast() }
        }

        /// The next line of the given input, nil at its end.
        func readLine() -> String? { lock.withLock { input.isEmpty ? nil : String(input.removeFirst()) } }

        /// What was written to stdout and stderr.
        var texts: (stdout: String, stderr: String) { lock.withLock { (out, err) } }

        fileprivate func append(_ text: String, error: Bool) {
            lock.withLock { if error { err += text } else { out += text } }
        }
    }

    @TaskLocal private static var capture: Capture?

    /// Runs `body` with everything it writes through `ServerConsole` kept in `capture`.
    static func capturing<T: Sendable>(_ capture: Capture, _ body: @Sendable () async throws -> T) async rethrows -> T {
        try await $capture.withValue(capture, operation: body)
    }

    /// Inside a capture, the line reader of its input (a password is then read through it, never
    /// from the test process's own standard input); nil outside one.
    static var capturedLineReader: (@Sendable () -> String?)? {
        guard let capture else { return nil }
        return { capture.readLine() }
    }

    /// Writes a line to standard output.
    static func out(_ line: String) { write(line + "\n", error: false) }

    /// Writes text to standard error as it is (the caller ends its lines).
    static func err(_ text: String) { write(text, error: true) }

    /// Writes text to standard output as it is.
    static func outRaw(_ text: String) { write(text, error: false) }

    private static func write(_ text: String, error: Bool) {
        if let capture { return capture.append(text, error: error) }
        (error ? FileHandle.standardError : FileHandle.standardOutput).write(Data(text.utf8))
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
