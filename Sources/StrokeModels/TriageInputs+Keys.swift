// The one mapping from the input catalogue's keys to the fields of `TriageInputs`.

extension TriageInputs {
    /// The value of `key`: a number (a whole-number input as its `Double`), or 1/0 for a yes/no
    /// finding; `nil` when not given (a finding is always given: false is 0).
    public subscript(key: InputKey) -> Double? {
        switch key {
        case .age: return age.map(Double.init)
        case .sbp: return sbp.map(Double.init)
        case .dbp: return dbp.map(Double.init)
        case .gfap: return gfap
        case .fastEd: return fastEd.map(Double.init)
        case .onsetMinutes: return onsetMinutes
        case .lat: return location?.latitude
        case .lon: return location?.longitude
        // The catalogue's inputs with no property of their own: kept by key.
        case .glucose: return otherValues[key]
        case .headache, .legParesis, .armParesis, .eyeDeviation, .reducedVigilance, .atrialFibrillation, .anticoagulated,
             .antiplatelets:
            return (flag(key) ?? false) ? 1 : 0
        case .facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia, .facialDroop, .armDrift, .gripStrength,
             .locQuestionsAndCommands, .locQuestions, .armWeakness, .vision, .aphasia, .neglect:
            return key.scaleItem.flatMap { scaleFindings[$0] }.map(Double.init)
        }
    }

    /// Sets the number of `key` (a whole-number input takes the value's whole part: check the range
    /// first, `TriageRules.check`); a finding is set when `value` is not 0. `lat`/`lon` set one
    /// coordinate of the location (the other stays, or is 0 until set).
    public mutating func set(_ key: InputKey, _ value: Double) {
        switch key {
        case .age: age = Int(value)
        case .sbp: sbp = Int(value)
        case .dbp: dbp = Int(value)
        case .gfap: gfap = value
        case .fastEd: fastEd = Int(value)
        case .onsetMinutes: onsetMinutes = value
        case .lat: location = Coordinate(latitude: value, longitude: location?.longitude ?? 0)
        case .lon: location = Coordinate(latitude: location?.latitude ?? 0, longitude: value)
        case .glucose: otherValues[key] = value
        case .headache, .legParesis, .armParesis, .eyeDeviation, .reducedVigilance, .atrialFibrillation, .anticoagulated,
             .antiplatelets:
            setFlag(key, value != 0)
        case .facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia, .facialDroop, .armDrift, .gripStrength,
             .locQuestionsAndCommands, .locQuestions, .armWeakness, .vision, .aphasia, .neglect:
            if let item = key.scaleItem { scaleFindings[item] = Int(value) }
        }
    }

    /// The yes/no finding of `key` kept in its own property, `nil` for any other key.
    private func flag(_ key: InputKey) -> Bool? {
        switch key {
        case .headache: headache
        case .legParesis: legParesis
        case .armParesis: armParesis
        case .eyeDeviation: eyeDeviation
        case .reducedVigilance: reducedVigilance
        case .atrialFibrillation: atrialFibrillation
        case .anticoagulated: anticoagulated
        case .antiplatelets: antiplatelets
        case .age, .sbp, .dbp, .glucose, .gfap, .fastEd, .onsetMinutes, .lat, .lon, .facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia, .facialDroop, .armDrift, .gripStrength,
             .locQuestionsAndCommands, .locQuestions, .armWeakness, .vision, .aphasia, .neglect: nil
        }
    }

    private mutating func setFlag(_ key: InputKey, _ value: Bool) {
        switch key {
        case .headache: headache = value
        case .legParesis: legParesis = value
        case .armParesis: armParesis = value
        case .eyeDeviation: eyeDeviation = value
        case .reducedVigilance: reducedVigilance = value
        case .atrialFibrillation: atrialFibrillation = value
        case .anticoagulated: anticoagulated = value
        case .antiplatelets: antiplatelets = value
        case .age, .sbp, .dbp, .glucose, .gfap, .fastEd, .onsetMinutes, .lat, .lon, .facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia, .facialDroop, .armDrift, .gripStrength,
             .locQuestionsAndCommands, .locQuestions, .armWeakness, .vision, .aphasia, .neglect: break
        }
    }
}
