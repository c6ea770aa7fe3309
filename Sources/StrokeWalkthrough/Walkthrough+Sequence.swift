import StrokeModels

extension Walkthrough {
    /// The guided calculator's items, in the order the exam asks them.
    static let calculatorItems: [WalkStep] = FastEdExam.items.map { .fastEdItem($0.field) }

    /// The questions on the current path, in order. Branch answers decide the
    /// module; the FAST-ED answer decides between the calculator items and
    /// asking arm paresis and eye deviation directly.
    public func sequence() -> [WalkStep] {
        var path: [WalkStep] = [.comatose]
        guard let comatose = bool(.comatose) else { return path }
        if comatose {
            path.append(.number(.gfap))
        } else {
            path.append(.examinable)
            guard let examinable = bool(.examinable) else { return path }
            path += examinable ? fullSteps : limitedSteps
        }
        return path + [.onset, .location, .confirm]
    }

    private var limitedSteps: [WalkStep] {
        [.number(.age), .number(.systolic), .number(.diastolic), .number(.gfap), .finding(.reducedVigilance)]
    }

    private var fullSteps: [WalkStep] {
        var steps: [WalkStep] = [.number(.age), .number(.systolic), .number(.diastolic), .number(.gfap), .fastEd]
        if usesCalculator { steps += Self.calculatorItems }
        steps += [.finding(.headache), .finding(.legParesis)]
        if !usesCalculator { steps += [.finding(.armParesis), .finding(.eyeDeviation)] }
        steps += [.finding(.reducedVigilance), .finding(.atrialFibrillation), .finding(.anticoagulated), .finding(.antiplatelets)]
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
