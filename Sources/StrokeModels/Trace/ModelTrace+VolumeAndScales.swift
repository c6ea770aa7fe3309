extension VolumeEstimate {
    /// Every step from GFAP to the volume, its range and its bands (docs/clinical-reference.md §1).
    public var trace: ModelTrace {
        let m = VolumeModel.self
        let ref = "\(modelsMd) §1"
        var steps = [TraceStep("volume.gfap", "GFAP (pg/mL)", value: gfap, reference: ref)]
        guard let logGfap, let logVolume else {
            steps.append(TraceStep("volume.none", "GFAP ≤ 0: no estimate, V = 0", value: volumeMl, reference: ref))
            return ModelTrace(model: m.version, steps: steps)
        }
        steps += [
            TraceStep("volume.cap", "GFAP_used = min(GFAP, \(m.gfapCap))", value: gfapUsed, reference: ref),
            TraceStep("volume.logGfap", "log10(GFAP_used)", value: logGfap, reference: ref),
            TraceStep("volume.logVolume", "log10(V) = \(m.intercept) + \(m.slope) · log10(GFAP_used)", value: logVolume, reference: ref),
            TraceStep("volume.volume", "V = 10^log10(V) (mL)", value: volumeMl, reference: ref),
            TraceStep("volume.rangeLow", "\(m.rangeLowFactor) · V (mL)", value: rangeMl.lowerBound, reference: ref),
            TraceStep("volume.rangeHigh", "\(m.rangeHighFactor) · V (mL)", value: rangeMl.upperBound, reference: ref),
            TraceStep("volume.severity", Self.band(severity.bounds), text: severity.rawValue, reference: ref),
        ]
        return ModelTrace(model: m.version, steps: steps)
    }

    /// A band's edges as "10 ≤ V < 20", "V < 10" or "V ≥ 30".
    static func band(_ bounds: (lower: Double?, upper: Double?)) -> String {
        switch bounds {
        case let (low?, high?): return "\(low) ≤ V < \(high)"
        case let (low?, nil): return "V ≥ \(low)"
        case let (nil, high?): return "V < \(high)"
        case (nil, nil): return "any V"
        }
    }
}

extension ScaleScore {
    /// Every item's points, the total and the rule (the scale's primary source).
    public var trace: ModelTrace {
        let name = scale.rawValue
        let ref = definition.reference
        var steps = points.map { p in
            TraceStep("\(name).\(p.item.rawValue)", "\(p.item.rawValue) = \(p.value) × \(p.weight) point(s)",
                      value: Double(p.points), reference: ref)
        }
        switch definition.rule {
        case .totalAtLeast(let threshold):
            let sum = points.map { String($0.points) }.joined(separator: " + ")
            steps.append(TraceStep("\(name).total", "total = \(sum)", value: total.map(Double.init), reference: ref))
            steps.append(TraceStep("\(name).rule", "LVO suspected when total ≥ \(threshold)", value: Double(threshold),
                                   text: positive ? "suspected" : "not suspected", reference: ref))
        case .requiredPlusAny(let required, let anyOf):
            let any = anyOf.map(\.rawValue).joined(separator: " or ")
            steps.append(TraceStep("\(name).rule", "VAN positive when \(required.rawValue) and (\(any))",
                                   text: positive ? "positive" : "negative", reference: ref))
        }
        return ModelTrace(model: name, steps: steps)
    }
}

extension FastEdExam {
    /// Every item's points, the total and the rule (docs/clinical-reference.md §3).
    public var trace: ModelTrace {
        let ref = "\(modelsMd) §3"
        let values = [facialPalsy, armWeakness, speech, eyeDeviation, denialNeglect]
        var steps = zip(Self.items, values).map { item, value in
            TraceStep("fastEd.\(item.field.rawValue)", "\(item.field.rawValue) = \(value) of \(item.maxPoints)",
                      value: Double(value), reference: ref)
        }
        steps.append(TraceStep("fastEd.total", "total = " + values.map(String.init).joined(separator: " + "),
                               value: Double(total), reference: ref))
        steps.append(TraceStep("fastEd.rule", "LVO suspected when total ≥ \(Self.lvoSuspectedFrom)",
                               value: Double(Self.lvoSuspectedFrom), text: lvoSuspected ? "suspected" : "not suspected", reference: ref))
        return ModelTrace(model: "fast-ed", steps: steps)
    }
}
