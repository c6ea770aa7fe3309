// The one-shot commands of one model (`fast-ed`, `lvo`, `ich-baseline`, `volume`); the module commands are in ModuleCommand.swift.

import ArgumentParser
import StrokeModels
import TriageEngine
import TriageRendering

/// `stroke-triage fast-ed …`: the FAST-ED total from its five items.
struct FastEdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fast-ed", abstract: "FAST-ED total (0–\(FastEdExam.maximumTotal)) from its five items; ≥ \(FastEdExam.lvoSuspectedFrom) suggests LVO.")

    @Option(name: .customLong("facial-palsy"), help: .init(InputFlags.fastEdItemHelp(.facialPalsy)), transform: DecimalFlag.integer)
    var facialPalsy: Int
    @Option(name: .customLong("arm-weakness"), help: .init(InputFlags.fastEdItemHelp(.armWeakness)), transform: DecimalFlag.integer)
    var armWeakness: Int
    @Option(name: .long, help: .init(InputFlags.fastEdItemHelp(.speech)), transform: DecimalFlag.integer)
    var speech: Int
    @Option(name: .customLong("eye-deviation"), help: .init(InputFlags.fastEdItemHelp(.eyeDeviation)), transform: DecimalFlag.integer)
    var eyeDeviation: Int
    @Option(name: .customLong("denial-neglect"), help: .init(InputFlags.fastEdItemHelp(.denialNeglect)), transform: DecimalFlag.integer)
    var denialNeglect: Int

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let exam = try Failure.report(output) {
            try FastEdExam(facialPalsy: facialPalsy, armWeakness: armWeakness, speech: speech,
                           eyeDeviation: eyeDeviation, denialNeglect: denialNeglect)
        }
        explain.printCalculator(json: ModelJSON.fastEd(exam), lines: CalculatorRendering.lines(exam, output.localizer), trace: exam.trace, output)
    }
}

/// `stroke-triage lvo --gfap G --fast-ed F`: the LVO model.
struct LvoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lvo", abstract: "LVO probability from GFAP and FAST-ED (model \(LVOModel.version)).")

    @Option(name: .long, help: "GFAP in pg/mL (≥ 0).", transform: DecimalFlag.double)
    var gfap: Double

    @Option(name: .customLong("fast-ed"), help: "FAST-ED score; any finite number, clamped to \(Int(LVOModel.fastEdClamp.lowerBound))…\(Int(LVOModel.fastEdClamp.upperBound)) (use --fast-ed=-5 for negatives).", transform: DecimalFlag.double)
    var fastEd: Double

    @Option(name: .customLong("protocol"), help: ArgumentHelp("Local protocol file whose lvo.modelThreshold applies (else config protocol.file, else the default).", valueName: "file"))
    var protocolFile: String?

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let (p, threshold) = try Failure.report(output) {
            (try LVOModel.predict(gfap: gfap, fastEd: fastEd), try ProtocolFile.resolve(protocolFile, config: AppConfig.current)[.lvoModelThreshold])
        }
        explain.printCalculator(json: ModelJSON.lvo(p, threshold: threshold), lines: CalculatorRendering.lines(p, output.localizer, threshold: threshold),
                                trace: p.trace, output)
    }
}

/// `stroke-triage ich-baseline --age A --gfap G`: the offline ICH baseline.
struct IchBaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ich-baseline", abstract: "ICH probability from the age + GFAP baseline (research comparison only).")

    @Option(name: .long, help: "Age in years, \(ICHBaseline.allowedAge.compactText) (fractional allowed, e.g. \(ICHBaseline.ageMean)).", transform: DecimalFlag.double)
    var age: Double

    @Option(name: .long, help: "GFAP in pg/mL (\(ICHBaseline.allowedGfap.compactText)).", transform: DecimalFlag.double)
    var gfap: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let p = try Failure.report(output) { try ICHBaseline.predict(age: age, gfap: gfap) }
        explain.printCalculator(json: ModelJSON.ichBaseline(p), lines: CalculatorRendering.lines(p, output.localizer), trace: p.trace, output)
    }
}

/// `stroke-triage volume --gfap G`: the ICH volume estimate.
struct VolumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "volume", abstract: "Estimate the ICH volume from GFAP (log–log regression).")

    @Option(name: .long, help: "GFAP in pg/mL (≥ 0; above \(Int(VolumeModel.gfapCap)) computed at \(Int(VolumeModel.gfapCap))).", transform: DecimalFlag.double)
    var gfap: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let estimate = try Failure.report(output) { try VolumeModel.estimate(gfap: gfap) }
        explain.printCalculator(json: ModelJSON.volume(estimate), lines: CalculatorRendering.lines(estimate, output.localizer), trace: estimate.trace, output)
    }
}
