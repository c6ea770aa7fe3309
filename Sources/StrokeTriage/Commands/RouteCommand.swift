import ArgumentParser
import StrokeCenters
import StrokeModels
import TriageRendering
import TriageEngine

/// `stroke-triage route`: where to take the patient (docs/clinical-reference.md §8 plus the LVO and coverage rules).
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Routing decision to a stroke center from ICH and LVO estimates.",
        discussion: """
            The rules, the LVO rule and the coverage rule are described in docs/routing.md. \
            Farther than the coverage distance from every center (default \(Int(RoutingPolicy.defaultCoverageKm)) km), \
            no destination is suggested: local protocol applies. Only with --research, an LVO suspected \
            (or --lvo) and --onset-minutes is the expected outcome by destination (Ali et al., Stroke 2018; \
            a research extension, never for a crew) shown beside the rule-based destination; it needs --nihss.
            """)

    @OptionGroup var place: CentersOptions

    @Option(name: .long, help: "ICH probability 0…1 from a calibrated model or a clinician; omit when unknown (then the exam and onset decide).", transform: DecimalFlag.double)
    var ich: Double?

    @Option(name: .long, help: "LVO probability 0…1 (or give --fast-ed).", transform: DecimalFlag.double)
    var lvo: Double?

    @Option(name: .customLong("fast-ed"), help: "FAST-ED score 0…9 (used when no --lvo is given).", transform: DecimalFlag.double)
    var fastEd: Double?

    @Option(name: .customLong("onset-minutes"), help: "Minutes since symptom onset (≥ 0); omit when unknown.", transform: DecimalFlag.double)
    var onsetMinutes: Double?

    @Option(name: .long, help: "NIHSS \(OutcomeModel.allowed(.nihss).compactText), for the expected outcome by destination (with --research).", transform: DecimalFlag.double)
    var nihss: Double?

    @Flag(name: .long, help: "Research use: show the expected outcome by destination beside the decision (never for a crew).")
    var research = false

    @Flag(name: .long, help: "Anticoagulated (a DOAC within 48 h): under the protocol's lysis.excludedByAnticoagulation no lysis is expected on the way.")
    var anticoagulated = false

    @Option(name: .customLong("protocol"), help: ArgumentHelp("Local protocol file (else config protocol.file, else the default).", valueName: "file"))
    var protocolFile: String?

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if lvo != nil, fastEd != nil { throw ValidationError("Give either --lvo or --fast-ed, not both.") }
    }

    func run() throws {
        let l = output.localizer
        let answer = try Failure.report(output) {
            try CentersQueries.route(from: place.origin, ich: ich, lvo: lvo, fastEd: fastEd, onsetMinutes: onsetMinutes,
                                     nihss: nihss, anticoagulated: anticoagulated, research: research, settings: place.settings(protocolFile: protocolFile),
                                     config: AppConfig.current)
        }
        if output.json {
            var json = answer.json(ModelJSON.english)  // JSON is always English (issue 46)
            if explain.explain, case .object(let members) = json, let trace = answer.outcomeTrace {
                json = .object(members + [("trace", .object([("outcomes", TraceRendering.json(trace))]))])
            }
            return Console.out(json.serialized())
        }
        for line in answer.lines(l) { Console.outWrapped(line) }
        if explain.explain, let trace = answer.outcomeTrace {
            Console.out(lines: [""] + TraceRendering.lines(trace, l))
        }
        Console.outWrapped(l.text("disclaimer.short"))
    }
}
