// The questions on the current path and the inputs collected on it.

import StrokeModels

extension Walkthrough {
    /// The guided calculator's items, in the order the exam asks them.
    static let calculatorItems: [WalkStep] = FastEdExam.items.map { .fastEdItem($0.field) }

    /// The questions on the current path, in order. Branch answers decide the
    /// module; the FAST-ED answer decides between the calculator items and
    /// asking arm paresis and eye deviation directly. The optional inputs (`InputKey.isOptional`:
    /// blood glucose, then GFAP) come last of the module's inputs (issue 43): the crew need not
    /// wait for the point-of-care result, and Enter records it as not measured or pending.
    public func sequence() -> [WalkStep] {
        var path: [WalkStep] = [.comatose]
        guard let comatose = bool(.comatose) else { return path }
        if comatose {
            path += Self.optionalSteps(.coma)
        } else {
            path.append(.examinable)
            guard let examinable = bool(.examinable) else { return path }
            path += examinable ? fullSteps + Self.optionalSteps(.full) : limitedSteps + Self.optionalSteps(.limited)
        }
        return path + [.onset, .location, .confirm]
    }

    /// The module's optional inputs, in catalogue order.
    private static func optionalSteps(_ module: TriageModule) -> [WalkStep] {
        InputKey.keys(for: module).filter(\.isOptional).map(WalkStep.init(asking:))
    }

    private var limitedSteps: [WalkStep] { InputKey.keys(for: .limited).filter { !$0.isOptional }.map(WalkStep.init(asking:)) }

    /// The full module's inputs in catalogue order; with the calculator, its items follow the total
    /// and replace the findings they determine (`FastEdExam.derivedKeys`).
    private var fullSteps: [WalkStep] {
        var steps: [WalkStep] = []
        for key in InputKey.keys(for: .full) where !key.isOptional && !(usesCalculator && FastEdExam.derivedKeys.contains(key)) {
            steps.append(WalkStep(asking: key))
            if key == .fastEd, usesCalculator { steps += Self.calculatorItems }
        }
        return steps + ScaleReport.items(for: scales).map { .scaleItem($0) }
    }

    /// The calculator's exam, once all five items are answered.
    func calculatorExam() -> FastEdExam? {
        let points = Self.calculatorItems.map { number($0).map(Int.init) }
        guard points.allSatisfy({ $0 != nil }) else { return nil }
        let p = points.map { $0! }
        return try? FastEdExam(facialPalsy: p[0], armWeakness: p[1], speech: p[2], eyeDeviation: p[3], denialNeglect: p[4])
    }

    /// The calculator's running total: the items answered so far on the path.
    var runningTotal: Int? {
        guard usesCalculator, case .fastEdItem = step else { return nil }
        return Self.calculatorItems.prefix { $0 != step }.reduce(0) { $0 + Int(number($1) ?? 0) }
    }
}

extension Walkthrough {
    /// The inputs collected on the current path, or `nil` while the module is unknown. GFAP skipped is
    /// pending; a 0 recorded for it is below the assay's range.
    public func inputs() -> TriageInputs? {
        guard let module else { return nil }
        var inputs = TriageInputs(module: module, gfap: nil)
        for step in sequence() {
            switch (step, answers[step]) {
            case (.number(.gfap), .number(let v)?):
                if v < GfapStatus.assayFloor { inputs.gfapBelowRange = true } else { inputs.gfap = v }
            case (.onset, .number(let v)?): inputs.onsetMinutes = v
            case (.location, .coordinate(let point)?): inputs.location = point
            case (.location, .place(let name, let point)?):
                inputs.location = point
                inputs.place = name
            case (_, .number(let v)?): if let key = step.inputKey { inputs.set(key, v) }
            case (_, .bool(let v)?): if let key = step.inputKey { inputs.set(key, v ? 1 : 0) }
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

    /// Every input of the current path, for the summary before `Compute?`.
    public func summary() -> [SummaryLine] {
        guard let inputs = inputs() else { return [] }
        return InputSummary.lines(of: inputs)
    }
}
