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
        return Self.summary(of: inputs)
    }

    /// The summary lines of a set of inputs (also used by the handover report).
    public static func summary(of inputs: TriageInputs) -> [SummaryLine] {
        var lines = [SummaryLine(label: Message("walk.summary.module"), value: Message("walk.module.\(inputs.module.rawValue)"))]
        func number(_ field: InputField, _ value: Double?, digits: Int = 0) {
            guard let value else { return }
            lines.append(SummaryLine(label: Message(field.messageKey), value: Message("walk.value.withUnit", [
                .number(value, maxFractionDigits: digits), .key("walk.unit.\(field.rawValue)"),
            ])))
        }
        func flag(_ finding: Finding, _ value: Bool) {
            lines.append(SummaryLine(label: Message("walk.finding.\(finding.rawValue)"), value: Message(value ? "yes" : "no")))
        }
        number(.age, inputs.age.map(Double.init))
        number(.systolic, inputs.systolic.map(Double.init))
        number(.diastolic, inputs.diastolic.map(Double.init))
        number(.gfap, inputs.gfap, digits: 2)
        if let assay = inputs.gfapAssay {
            lines.append(SummaryLine(label: Message("field.gfapAssay"), value: Message("walk.value.plain", [.text(assay.rawValue)])))
        }
        if inputs.module == .limited { flag(.reducedVigilance, inputs.reducedVigilance) }
        if inputs.module == .full {
            if let fastEd = inputs.fastEd {
                let total = MessageArgument.number(Double(fastEd), maxFractionDigits: 0)
                let value = inputs.fastEdExam.map { exam in
                    Message("walk.value.fastEdGuided", [total] + [exam.facialPalsy, exam.armWeakness, exam.speech, exam.eyeDeviation, exam.denialNeglect]
                        .map { .number(Double($0), maxFractionDigits: 0) })
                } ?? Message("walk.value.plain", [total])
                lines.append(SummaryLine(label: Message(InputField.fastEd.messageKey), value: value))
            }
            flag(.headache, inputs.headache)
            flag(.legParesis, inputs.legParesis)
            flag(.armParesis, inputs.armParesis)
            flag(.eyeDeviation, inputs.eyeDeviation)
            flag(.reducedVigilance, inputs.reducedVigilance)
            flag(.atrialFibrillation, inputs.atrialFibrillation)
            flag(.anticoagulated, inputs.anticoagulated)
            flag(.antiplatelets, inputs.antiplatelets)
            for item in ScaleReport.items(for: inputs.scales) {
                guard let value = inputs.scaleFindings[item] else { continue }
                lines.append(SummaryLine(label: Message(item.messageKey), value: Message("walk.value.plain", [
                    .number(Double(value), maxFractionDigits: 0),
                ])))
            }
        }
        let onset = inputs.onsetMinutes.map {
            Message("walk.value.withUnit", [.number($0, maxFractionDigits: 1), .key("walk.unit.onsetMinutes")])
        } ?? Message("walk.value.notGiven")
        lines.append(SummaryLine(label: Message(InputField.onsetMinutes.messageKey), value: onset))
        let location = inputs.location.map { point in
            let coordinates: [MessageArgument] = [.number(point.latitude, maxFractionDigits: 6), .number(point.longitude, maxFractionDigits: 6)]
            return inputs.place.map { Message("walk.value.place", [.text($0)] + coordinates) } ?? Message("walk.value.location", coordinates)
        } ?? Message("walk.value.notGiven")
        lines.append(SummaryLine(label: Message("walk.summary.location"), value: location))
        return lines
    }
}
