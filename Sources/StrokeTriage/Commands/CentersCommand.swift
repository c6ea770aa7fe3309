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

    @Option(name: .long, help: "How many centers to list (1…1000, default 5).", transform: DecimalFlag.integer)
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
            try CentersQueries.nearest(from: place.origin, limit: limit, need: need, settings: place.settings(), config: AppConfig.current)
        }
        if output.json { return Console.out(nearest.json(l).serialized()) }
        for line in nearest.lines(l) { Console.outWrapped(line) }
        Console.outWrapped(l.text("disclaimer.short"))
    }
}
