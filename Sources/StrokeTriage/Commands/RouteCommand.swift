import ArgumentParser
import StrokeCenters
import StrokeModels
import TriageRendering

/// `stroke-triage route`: where to take the patient (models.md §8 plus the LVO and coverage rules).
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

    @Option(name: .long, help: "ICH probability 0…1.")
    var ich: Double

    @Option(name: .long, help: "LVO probability 0…1 (or give --fast-ed).")
    var lvo: Double?

    @Option(name: .customLong("fast-ed"), help: "FAST-ED score 0…9 (used when no --lvo is given).")
    var fastEd: Double?

    @Option(name: .customLong("onset-minutes"), help: "Minutes since symptom onset (≥ 0); omit when unknown.")
    var onsetMinutes: Double?

    @Option(name: .customLong("max-extra-minutes"), help: "LVO rule: longest extra drive to a thrombectomy center (default 15).")
    var maxExtraMinutes: Double?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if lvo != nil, fastEd != nil { throw ValidationError("Give either --lvo or --fast-ed, not both.") }
    }

    func run() throws {
        let l = output.localizer
        let (origin, placeName, dataset, policy, outcome) = try Failure.report(output) {
            try CentersEnvironment.check(ich, field: "centers.field.ich", AllowedRange(lower: 0, upper: 1))
            if let lvo { try CentersEnvironment.check(lvo, field: "centers.field.lvo", AllowedRange(lower: 0, upper: 1)) }
            if let fastEd { try CentersEnvironment.check(fastEd, field: "field.fastEd", AllowedRange(lower: 0, upper: 9, integer: true)) }
            if let onsetMinutes { try CentersEnvironment.check(onsetMinutes, field: "field.onsetMinutes", AllowedRange(lower: 0)) }
            let config = CentersEnvironment.config()
            let (origin, placeName) = try place.origin()
            let policy = try CentersEnvironment.policy(
                config, coverageKm: place.coverageKm, roadFactor: place.roadFactor, speedKmh: place.speedKmh,
                overheadMinutes: place.overheadMinutes, maxExtraMinutes: maxExtraMinutes)
            let dataset = try place.dataset(config)
            let request = RoutingRequest(origin: origin, ichProbability: ich, lvoProbability: lvo, fastEd: fastEd, onsetMinutes: onsetMinutes)
            return (origin, placeName, dataset, policy, try Router(dataset: dataset, policy: policy).route(request))
        }
        if output.json {
            return Console.out(RoutingRendering.json(outcome, origin: origin, place: placeName, policy: policy, dataset: dataset.name, l).serialized())
        }
        Console.outWrapped(l.text("centers.route.header", [.text(CentersRendering.origin(origin, place: placeName, l))]))
        for line in RoutingRendering.lines(outcome, policy: policy, l) { Console.outWrapped(line) }
        Console.outWrapped(l.text("disclaimer.short"))
    }
}
