import ArgumentParser
import StrokeCenters
import StrokeModels
import TriageRendering
import TriageEngine

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
        let nearest = try Failure.report(output) {
            try CentersEnvironment.check(Double(limit), field: "centers.field.limit", AllowedRange(lower: 1, upper: 1000, integer: true))
            let (origin, placeName) = try place.origin()
            return try CentersQueries.nearest(to: origin, place: placeName, limit: limit, need: need,
                                              settings: place.settings(), config: UserConfig.current)
        }
        if output.json { return Console.out(nearest.json(l).serialized()) }
        for line in nearest.lines(l) { Console.outWrapped(line) }
        Console.outWrapped(l.text("disclaimer.short"))
    }
}
