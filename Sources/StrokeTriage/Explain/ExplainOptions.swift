import StrokeJSON
import ArgumentParser
import StrokeModels
import TriageLocalization
import TriageRendering

/// The `--explain` flag of the calculators and scales (the module commands
/// carry it in `AssessmentFlags`).
struct ExplainOptions: ParsableArguments {
    @Flag(name: .long, help: "Show every intermediate value with its formula and its reference (JSON: under \"trace\").")
    var explain = false
}

extension ExplainOptions {
    /// The object with `trace` appended when `--explain` is on.
    func adding(_ trace: ModelTrace, to value: JSONValue) -> JSONValue {
        guard explain, case .object(var members) = value else { return value }
        members.append(("trace", TraceRendering.json(trace)))
        return .object(members)
    }

    /// Prints the human trace when `--explain` is on.
    func show(_ trace: ModelTrace, _ l: Localizer) {
        guard explain else { return }
        Console.out("")
        Console.outWrapped(l.text("explain.title"))
        for line in TraceRendering.lines(trace, l) { Console.outWrapped(line) }
    }

    /// Prints a calculator's human lines, the trace when `--explain` is on, then the disclaimer.
    func printCalculator(_ lines: [String], _ trace: ModelTrace, _ l: Localizer) {
        for line in lines { Console.outWrapped(line) }
        show(trace, l)
        Console.outWrapped(l.text("disclaimer.short"))
    }
}
