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
            no destination is suggested: local protocol applies.
            """)

    @OptionGroup var place: CentersOptions

    @Option(name: .long, help: "ICH probability 0…1.", transform: DecimalFlag.double)
    var ich: Double

    @Option(name: .long, help: "LVO probability 0…1 (or give --fast-ed).", transform: DecimalFlag.double)
    var lvo: Double?

    @Option(name: .customLong("fast-ed"), help: "FAST-ED score 0…9 (used when no --lvo is given).", transform: DecimalFlag.double)
    var fastEd: Double?

    @Option(name: .customLong("onset-minutes"), help: "Minutes since symptom onset (≥ 0); omit when unknown.", transform: DecimalFlag.double)
    var onsetMinutes: Double?

    @Option(name: .customLong("max-extra-minutes"), help: "LVO rule: longest extra drive to a thrombectomy center (default 15).", transform: DecimalFlag.double)
    var maxExtraMinutes: Double?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if lvo != nil, fastEd != nil { throw ValidationError("Give either --lvo or --fast-ed, not both.") }
    }

    func run() throws {
        let l = output.localizer
        let answer = try Failure.report(output) {
            try CentersQueries.route(from: place.origin, ich: ich, lvo: lvo, fastEd: fastEd, onsetMinutes: onsetMinutes,
                                     settings: place.settings(maxExtraMinutes: maxExtraMinutes), config: AppConfig.current)
        }
        if output.json { return Console.out(answer.json(l).serialized()) }
        for line in answer.lines(l) { Console.outWrapped(line) }
        Console.outWrapped(l.text("disclaimer.short"))
    }
}
