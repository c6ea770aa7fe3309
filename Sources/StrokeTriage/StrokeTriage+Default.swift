#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

extension StrokeTriage {
    /// `stroke-triage` with no arguments: the walkthrough on a terminal
    /// (stdin is a TTY; never in a capture), otherwise the help text.
    func run() async throws {
        guard Console.isTerminal(STDIN_FILENO) else {
            Console.out(StrokeTriage.helpMessage())
            return
        }
        let walk = try WalkCommand.parse([])
        try await walk.run()
    }
}
