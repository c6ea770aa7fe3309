import StrokeJSON
import ArgumentParser
import StrokeModels
import TriageRendering

/// The `--explain` flag of the calculators and scales (the module commands
/// carry it in `AssessmentFlags`).
struct ExplainOptions: ParsableArguments {
    @Flag(name: .long, help: "Show every intermediate value with its formula and its reference (JSON: under \"trace\").")
    var explain = false
}

extension ExplainOptions {
    /// Prints a calculator's result: with `--json` its object (with `trace` when `--explain`
    /// is on, and the disclaimer), else `CalculatorText`'s lines.
    func printCalculator(json: JSONValue, lines: [String], trace: ModelTrace, _ output: OutputOptions) {
        if output.json { return Console.out(CalculatorText.json(json, trace: trace, explain: explain).serialized()) }
        Console.out(lines: CalculatorText.lines(lines, traces: [trace], explain: explain, localizer: output.localizer))
    }
}
