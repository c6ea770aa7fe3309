import ArgumentParser
import StrokeModels
import TriageEngine
import TriageRendering

/// Flags shared by the one-shot module commands (`coma`, `limited`, `full`)
/// beyond the module's own inputs.
struct AssessmentFlags: ParsableArguments {
    @Option(name: .long, help: "NIHSS \(OutcomeModel.allowed(.nihss).compactText): only for the expected outcome by destination beside the routing (research extension; needs a location).", transform: DecimalFlag.double)
    var nihss: Double?

    @Option(name: .long, help: ArgumentHelp("Where the patient is, as a German place (≥ 5 000 inhabitants), e.g. Würzburg or \"Fürth (Bayern)\"; instead of --lat/--lon.", valueName: "place"))
    var near: String?

    @Option(name: .customLong("report"), help: "Also write a Markdown handover report (mode 0600; holds patient data). A bare name is saved in the data directory's reports/ folder; a path with / as given.")
    var report: String?

    @Flag(name: .long, help: "With --report: write through a symbolic link.")
    var force = false

    @Option(name: .customLong("gfap-assay"), help: "Assay GFAP was measured with (recorded; never converted): istat-tbi, alinity-tbi, elecsys-gfap, vidas-tbi, simoa-gfap or other (default: config gfapAssay).")
    var gfapAssay: String?

    @Flag(name: .long, help: "Show every intermediate value of the local models with its formula and reference (JSON: under \"trace\").")
    var explain = false

    @Flag(name: .long, help: "Show every detail of the result: the models' notes and drivers, the bleed volume, the routing's reasons and alternatives.")
    var details = false

    @Flag(name: .customLong("accept-disclaimer"), help: "Accept the research-use disclaimer (for scripted use); remembered.")
    var acceptDisclaimer = false

    /// The engine's request of these flags (onset and location are catalogue inputs, `InputKey.context`).
    var request: ModuleRequest { ModuleRequest(near: near, gfapAssay: gfapAssay, nihss: nihss) }
}
