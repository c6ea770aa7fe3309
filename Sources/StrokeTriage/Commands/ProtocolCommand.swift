import ArgumentParser
import StrokeModels
import TriageEngine

/// `stroke-triage protocol`: the local protocol the decision applies, for a medical director to review.
struct ProtocolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "protocol",
        abstract: "Show the local protocol: every threshold and limit the decision uses, with unit, source and use.",
        discussion: """
            Prints the protocol in force (--protocol FILE, else config protocol.file, else the default): \
            its id and sha256, each value with its unit, source and where the decision uses it, and the \
            urgency vocabulary, most urgent first. What --json prints is itself a valid protocol file: \
            edit a value and load it with --protocol (docs/protocol.md). A bad file exits 65 naming the field.
            """)

    @Option(name: .customLong("protocol"), help: ArgumentHelp("Local protocol file (else config protocol.file, else the default).", valueName: "file"))
    var protocolFile: String?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let rules = try Failure.report(output) { () throws(EngineError) in try ProtocolFile.resolve(protocolFile, config: AppConfig.current) }
        // Pretty-printed, one value a line, so that a medical director can edit it; the sha256 stays the canonical form's.
        if output.json { return Console.out(ProtocolFile.prettyText(rules)) }
        for line in ProtocolFile.lines(rules, output.localizer) { Console.out(line) }
        Console.outWrapped(output.localizer.text("disclaimer.short"))
    }
}
