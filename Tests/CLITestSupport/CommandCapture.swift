import Foundation
import TriageLocalization

/// What a command run in process wrote to its standard output and error, and the standard
/// input it reads: the `stroke-triage` and `stroke-triage-server` command lines a test runs
/// in its own process (beside `ProcessEnvironment`, their environment), through the product's
/// seam `CommandIO`.
public final class CommandCapture: CommandIO, @unchecked Sendable {
    private let lock = NSLock()
    private var out: [UInt8] = []
    private var err: [UInt8] = []
    private var input: [UInt8]
    private var inputOffset = 0

    /// A capture whose command reads `input` as its standard input (then end of input).
    public init(input: [UInt8] = []) { self.input = input }

    /// Runs `body` with everything it writes through the consoles kept in `capture`.
    public static func capturing<T: Sendable>(_ capture: CommandCapture, _ body: @Sendable () async throws -> T) async rethrows -> T {
        try await CommandRedirection.running(with: capture, body)
    }

    /// What was written to stdout and stderr, as text.
    public var texts: (stdout: String, stderr: String) {
        lock.withLock { (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)) }
    }

    /// Appends bytes written to the captured stdout, or with `error` to stderr.
    public func append(_ bytes: [UInt8], error: Bool = false) {
        lock.withLock { if error { err += bytes } else { out += bytes } }
    }

    /// The next line of the input without its line end (`\n` or `\r\n`), `nil` at its end.
    public func readLine() -> String? {
        lock.withLock {
            guard inputOffset < input.count else { return nil }
            let end = input[inputOffset...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
            var line = input[inputOffset..<end]
            inputOffset = min(end + 1, input.count)
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// The input not read yet (it is then read: end of input follows).
    public func takeInput() -> [UInt8] {
        lock.withLock {
            defer { inputOffset = input.count }
            return Array(input[inputOffset...])
        }
    }

}
