import ArgumentParser
import StrokeModels
import TriageLocalization
import TriageEngine
import TriageRendering

/// The `stroke-triage` command: prehospital stroke triage (research use only).
@main
struct StrokeTriage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stroke-triage",
        abstract: "Prehospital stroke triage: ICH and LVO probabilities, bleed volume, stroke-center routing.",
        discussion: "Research use only. Not a medical device; no diagnosis.",
        version: AppInfo.version,
        subcommands: [
            WalkCommand.self, ModuleCommand<ComaModule>.self, ModuleCommand<LimitedModule>.self, ModuleCommand<FullModule>.self,
            VolumeCommand.self, LvoCommand.self, FastEdCommand.self, IchBaselineCommand.self, OutcomesCommand.self,
            ScaleCommand<RaceChoice>.self, ScaleCommand<LamsChoice>.self, ScaleCommand<CpsssChoice>.self, ScaleCommand<PassChoice>.self,
            ScaleCommand<VanChoice>.self, ScaleCommand<AllScales>.self,
            CentersCommand.self, RouteCommand.self, ProtocolCommand.self,
            WarmUpCommand.self, LoginCommand.self, LogoutCommand.self, StatusCommand.self,
            AuditCommand.self, BatchCommand.self, NotifyCommand.self,
        ]
    )

    /// Runs the command line and exits with its status.
    static func main() async {
        let status = await run(Array(CommandLine.arguments.dropFirst()))
        if status != 0 { Self.exit(withError: ExitCode(status)) }
    }

    /// Runs one command line and returns its exit status; everything is written through
    /// `Console` and nothing exits (so a test can run a command in its own process).
    /// A mistyped subcommand gets "did you mean …?" and exit 64 instead of the parser's
    /// complaint about the next option.
    static func run(_ arguments: [String]) async -> Int32 {
        // The completion scripts also offer the module commands' catalogue flags (`CatalogueCompletions`).
        if let shell = CatalogueCompletions.requestedShell(arguments) {
            Console.out(CatalogueCompletions.script(completionScript(for: shell), shell: shell))
            return 0
        }
        let arguments = CommandSuggestion.walkthroughFlagsOnBareCommand(arguments)
        if let unknown = CommandSuggestion.unknownSubcommand(arguments, root: .init(Self.self)) {
            let localizer = Localizer.forUser(flag: CommandSuggestion.language(arguments))
            for line in CommandSuggestion.messages(unknown, localizer) { Console.err(line) }
            return ErrorCategory.usage.exitCode.rawValue
        }
        // Parse errors quote what was typed: escape control characters in them
        // (an escape sequence in an unknown option never reaches the terminal raw).
        let command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            if exitCode(for: error) == .success { return report(error) }
            let message = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0).escapingControlCharacters }.joined(separator: "\n")
            Console.err(message)
            return exitCode(for: error).rawValue
        }
        // The configuration file is read once, for this run of the command.
        return await AppConfig.reading { await execute(command, arguments) }
    }

    /// Runs a parsed command and returns its exit status.
    private static func execute(_ command: ParsableCommand, _ arguments: [String]) async -> Int32 {
        // One config-load policy for every command: a configuration file that exists but
        // cannot be used is an error (exit 78, EX_CONFIG), never silently ignored.
        if let error = AppConfig.checkFile() {
            let localizer = Localizer.forUser(flag: CommandSuggestion.language(arguments))
            Failure.show(error, localizer, verbose: arguments.contains("--verbose"))
            return error.exitCode.rawValue
        }
        do {
            var command = command
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            return report(error)
        }
        return 0
    }

    /// Writes what the argument parser says about `error` (help and version on stdout, the
    /// rest on stderr, nothing for a bare exit code) and returns its exit status.
    private static func report(_ error: Error) -> Int32 {
        let code = exitCode(for: error)
        let text = fullMessage(for: error)
        if !text.isEmpty {
            if code == .success { Console.out(text) } else { Console.err(text) }
        }
        return code.rawValue
    }
}
