import StrokeModels

extension Walkthrough {
    /// The inputs collected on the current path, or `nil` while the module or GFAP is unknown.
    public func inputs() -> TriageInputs? {
        guard let module, let gfap = number(.number(.gfap)) else { return nil }
        var inputs = TriageInputs(module: module, gfap: gfap)
        for step in sequence() {
            switch (step, answers[step]) {
            case (.number(.age), .number(let v)?): inputs.age = Int(v)
            case (.number(.systolic), .number(let v)?): inputs.systolic = Int(v)
            case (.number(.diastolic), .number(let v)?): inputs.diastolic = Int(v)
            case (.fastEd, .number(let v)?): inputs.fastEd = Int(v)
            case (.finding(let finding), .bool(let v)?): set(finding, v, on: &inputs)
            case (.onset, .number(let v)?): inputs.onsetMinutes = v
            case (.location, .coordinate(let point)?): inputs.location = point
            case (.location, .place(let name, let point)?):
                inputs.location = point
                inputs.place = name
            case (.scaleItem(let item), .number(let v)?): inputs.scaleFindings[item] = Int(v)
            default: break
            }
        }
        if module == .full { inputs.scales = scales }
        if usesCalculator, let exam = calculatorExam() {
            inputs.fastEdExam = exam
            inputs.fastEd = exam.total
            inputs.armParesis = exam.armParesis
            inputs.eyeDeviation = exam.hasEyeDeviation
        }
        return inputs
    }

    private func set(_ finding: Finding, _ value: Bool, on inputs: inout TriageInputs) {
        switch finding {
        case .headache: inputs.headache = value
        case .legParesis: inputs.legParesis = value
        case .armParesis: inputs.armParesis = value
        case .eyeDeviation: inputs.eyeDeviation = value
        case .reducedVigilance: inputs.reducedVigilance = value
        case .atrialFibrillation: inputs.atrialFibrillation = value
        case .anticoagulated: inputs.anticoagulated = value
        case .antiplatelets: inputs.antiplatelets = value
        }
    }

    /// Every input of the current path, for the summary before `Compute?`.
    public func summary() -> [SummaryLine] {
        guard let inputs = inputs() else { return [] }
        return InputSummary.lines(of: inputs)
    }
}
