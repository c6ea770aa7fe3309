import StrokeJSON
import ArgumentParser
import StrokeCenters
import StrokeModels
import TriageRendering

/// `stroke-triage centers`: the nearest stroke centers, by great-circle distance.
struct CentersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "centers",
        abstract: "Nearest stroke centers by great-circle distance, with drive-time estimates.")

    @OptionGroup var place: CentersOptions

    @Option(name: .long, help: "How many centers to list (1…1000, default 5).")
    var limit: Int = 5

    @Option(name: .long, help: "Only centers with this capability: neurosurgery, thrombectomy, thrombolysis or stroke-unit.")
    var need: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let need, CapabilityMask(need: need) == nil {
            throw ValidationError("--need: '\(need.escapingControlCharacters)' is not supported; allowed: neurosurgery, thrombectomy, thrombolysis, stroke-unit.")
        }
    }

    func run() throws {
        let l = output.localizer
        let (origin, placeName, dataset, policy, ranked) = try Failure.report(output) {
            try CentersEnvironment.check(Double(limit), field: "centers.field.limit", AllowedRange(lower: 1, upper: 1000, integer: true))
            let config = CentersEnvironment.config()
            let (origin, placeName) = try place.origin()
            let policy = try place.policy(config)
            let dataset = try place.dataset(config)
            let filter = need.flatMap(CapabilityMask.init(need:)).map(CenterFilter.all) ?? .none
            return (origin, placeName, dataset, policy, dataset.nearest(to: origin, limit: limit, filter: filter, drive: policy.drive))
        }
        let router = Router(dataset: dataset, policy: policy)
        let warnings = router.coverageWarnings(origin)
        if output.json {
            var originMembers: [(String, JSONValue)] = [("lat", .number(origin.latitude)), ("lon", .number(origin.longitude))]
            if let placeName { originMembers.append(("place", .string(placeName))) }
            return Console.out(JSONValue.object([
                ("origin", .object(originMembers)),
                ("coverage", .string(router.coverage(of: origin).rawValue)),
                ("need", need.map(JSONValue.string) ?? .null),
                ("dataset", .string(dataset.name)),
                ("centers", .array(ranked.map(CentersRendering.json))),
                ("warnings", .array(warnings.map { .string(l.render($0)) })),
                ("driveModel", CentersRendering.json(policy.drive)),
                ("disclaimer", .string(l.text("disclaimer.short"))),
            ]).serialized())
        }
        for w in warnings { Console.outWrapped("! " + l.render(w)) }
        Console.outWrapped(l.text("centers.header", [
            .text(CentersRendering.origin(origin, place: placeName, l)),
            .text(dataset.name == "bundled" ? l.text("centers.dataset.bundled") : dataset.name),
        ]))
        if let need { Console.outWrapped(l.text("centers.header.need", [.key("centers.need.\(need)")])) }
        if ranked.isEmpty { Console.outWrapped(l.text("centers.none")) }
        for (i, r) in ranked.enumerated() {
            for line in CentersRendering.lines(r, title: "\(i + 1).", l) { Console.outWrapped(line) }
        }
        Console.outWrapped(CentersRendering.driveNote(policy.drive, l))
        Console.outWrapped(l.text("disclaimer.short"))
    }
}
