import StrokeJSON
import BatchStreaming
import StrokeModels
import TriageLocalization
import TriageRendering

/// Writes batch output rows — CSV or JSON Lines — into a `ByteWriter`.
///
/// CSV: the input columns as given, then `BatchModule.resultColumns`.
/// JSON Lines: `{"line": N, "input": {the input object as given} | null,
/// "result": {the one-shot JSON object without the disclaimer} | null,
/// "error": null | "reason"}`. Numbers are in shortest round-trip form.
struct BatchRowWriter {
    let module: BatchModule
    let format: BatchFormat
    /// The number of input columns (CSV), to pad or cut rows with a wrong field count.
    let inputColumnCount: Int
    /// The local protocol each row's decision applies.
    var rules: TriageProtocol = .standard
    private static let english = ModelJSON.english
    /// `local,<LVO model version>,` written as one piece per row.
    private let lvoProvenance: StaticString = "local,2024.09.28-calibrated,"

    /// Whether the constant above still matches the model (else the version is written from the model).
    static let provenanceMatchesModel = "local,\(LVOModel.version)," == "local,2024.09.28-calibrated,"

    /// Writes the CSV header: the input header as given, then the result columns.
    func writeHeader(_ inputHeader: [String], to out: ByteWriter) {
        guard format == .csv else { return }
        var first = true
        for name in inputHeader + module.resultColumns {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.appendCSVField(name)
        }
        out.append(UInt8(ascii: "\n"))
        out.endRecord()
    }

    /// Writes one CSV row. `fields` re-emits the input when it had the wrong number of fields.
    func writeCSV(line: UnsafeBufferPointer<UInt8>, fields: CSVFields?, outcome: RowOutcome, to out: ByteWriter) {
        if let fields {
            for i in 0..<inputColumnCount {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if i < fields.count { fields.withField(i) { out.appendCSVField($0) } }
            }
        } else {
            out.append(line)
        }
        writeCSVResult(outcome, to: out)
        out.append(UInt8(ascii: "\n"))
        out.endRecord()
    }

    /// Writes one JSON Lines row; `input` is the input line when it parsed as an object.
    func writeJSONL(lineNumber: Int, input: UnsafeBufferPointer<UInt8>?, outcome: RowOutcome, to out: ByteWriter) {
        var sink = out  // StrokeJSON's byte writer appends straight into the batch's buffer
        out.write("{\"line\":")
        out.append(lineNumber)
        out.write(",\"input\":")
        if let input { out.append(Self.trimmed(input)) } else { out.write("null") }
        out.write(",\"result\":")
        switch outcome {
        case .rejected(let rejection):
            out.write("null,\"error\":")
            out.appendJSONString(Self.english.render(rejection.message))
        case .assessment(let a):
            Self.withoutDisclaimer(AssessmentJSON.assessment(a, decision: ClinicalDecision(a, rules: rules))).write(to: &sink)
            out.write(",\"error\":null")
        case .lvo(let p):
            ModelJSON.lvo(p).write(to: &sink)
            out.write(",\"error\":null")
        case .volume(let v):
            ModelJSON.volume(v).write(to: &sink)
            out.write(",\"error\":null")
        case .scales(let report, let findings):
            ScalesRendering.json(report, findings: findings).write(to: &sink)
            out.write(",\"error\":null")
        }
        out.write("}\n")
        out.endRecord()
    }

    private func writeCSVResult(_ outcome: RowOutcome, to out: ByteWriter) {
        let comma = UInt8(ascii: ",")
        switch outcome {
        case .rejected(let rejection):
            for _ in 1..<module.resultColumns.count { out.append(comma) }
            out.append(comma)
            out.appendCSVField(Self.english.render(rejection.message))
        case .lvo(let p):
            out.append(comma); out.append(p.probability)
            out.append(comma); out.append(Self.level(p.riskLevel))
            out.append(comma); out.append(p.lvoLikely ? "true" : "false" as StaticString)
            out.append(comma); out.append(p.fastEdUsed)
            out.append(comma)
            if Self.provenanceMatchesModel { out.append(lvoProvenance) } else {
                out.write(PredictionSource.local.rawValue); out.append(comma); out.write(LVOModel.version); out.append(comma)
            }
            if !p.warnings.isEmpty { Self.writeCodes(p.warnings, to: out) }
            out.append(comma)
        case .volume(let v):
            writeVolume(v, to: out)
            out.append(comma); out.append(v.gfapUsed)
            out.append(comma); out.write(PredictionSource.local.rawValue)
            out.append(comma); out.write(VolumeModel.version)
            out.append(comma); Self.writeCodes(v.warnings, to: out)
            out.append(comma)
        case .scales(let report, _):
            for scale in LVOScale.allCases {
                let score = report.scored.first { $0.scale == scale }
                if scale != .van { out.append(comma); if let total = score?.total { out.append(total) } }
                out.append(comma); if let score { out.append(score.positive ? "true" : "false" as StaticString) }
            }
            out.append(comma); out.write(report.undetermined.map(\.scale.rawValue).joined(separator: ";"))
            out.append(comma); Self.writeCodes(report.scored.flatMap(\.warnings), to: out)
            out.append(comma)
        case .assessment(let a):
            writePrediction(a.ich, to: out)
            if let lvo = a.lvo { writePrediction(lvo, to: out) } else { for _ in 0..<5 { out.append(comma) } }
            if let v = a.volume {
                writeVolume(v, to: out)
                out.append(comma); out.write(PredictionSource.local.rawValue)
                out.append(comma); out.write(VolumeModel.version)
            } else {
                for _ in 0..<7 { out.append(comma) }
            }
            out.append(comma); Self.writeCodes(a.warnings, to: out)
            out.append(comma)
        }
    }

    private static func level(_ level: RiskLevel) -> StaticString {
        switch level {
        case .low: return "low"
        case .medium: return "medium"
        case .high: return "high"
        case .critical: return "critical"
        }
    }

    private func writePrediction(_ p: Prediction, to out: ByteWriter) {
        let comma = UInt8(ascii: ",")
        out.append(comma); if let probability = p.probability { out.append(probability) }
        out.append(comma); if let level = p.riskLevel { out.write(level.rawValue) }
        out.append(comma); out.write(p.source.rawValue)
        out.append(comma); out.appendCSVField(p.model)
        out.append(comma); if let reason = p.fallbackReason { out.appendCSVField(Self.english.render(reason)) }
    }

    private func writeVolume(_ v: VolumeEstimate, to out: ByteWriter) {
        let comma = UInt8(ascii: ",")
        out.append(comma); out.append(v.volumeMl)
        out.append(comma); out.append(v.rangeMl.lowerBound)
        out.append(comma); out.append(v.rangeMl.upperBound)
        out.append(comma); out.write(v.severity.rawValue)
        out.append(comma); out.write(v.mortality.rawValue)
    }

    /// Warning codes joined by ';' (stable, locale-free).
    private static func writeCodes(_ warnings: [ModelWarning], to out: ByteWriter) {
        for (i, warning) in warnings.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ";")) }
            out.write(warning.code)
        }
    }

    private static func withoutDisclaimer(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.filter { $0.0 != "disclaimer" })
    }

    private static func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = line.count
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D { end -= 1 }
        return UnsafeBufferPointer(rebasing: line[start..<end])
    }
}
