#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

extension StrokeTriage {
    /// `stroke-triage` with no arguments: the walkthrough on a terminal
    /// (stdin is a TTY), otherwise the help text.
    func run() async throws {
        guard isatty(STDIN_FILENO) == 1 else {
            Console.out(StrokeTriage.helpMessage())
            return
        }
        let walk = try WalkCommand.parse([])
        try await walk.run()
    }
}
