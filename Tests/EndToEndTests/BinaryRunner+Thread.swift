import Foundation

extension BinaryRunner {
    /// `run` on a thread of its own: waiting for the child never holds a thread of Swift's
    /// cooperative pool, which a server in the test process (Hummingbird's handlers) needs
    /// to answer that child.
    static func runOffPool(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                           executable: URL = binary) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Swift.Result { try run(arguments, stdin: stdin, environment: environment, executable: executable) })
            }
            thread.name = "binary-runner"
            thread.start()
        }
    }
}
