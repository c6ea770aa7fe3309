import BatchStreaming
import StrokeModels
import TriageRendering

/// The parsed inputs of one row, in a fixed table reused from row to row.
///
/// Numbers are kept as doubles; yes/no inputs as 1 or 0; an empty cell or a
/// JSON `null` is absent.
struct RowValues {
    /// One slot per `InputKey.ordinal` (every catalogue input); NaN marks an absent value (parsing never yields NaN).
    private var slots = ContiguousArray(repeating: Double.nan, count: InputKey.allCases.count)

    /// Forgets the previous row.
    mutating func reset() {
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: .nan) }
    }

    /// The value of an input, if given.
    subscript(key: InputKey) -> Double? {
        let value = slots[key.ordinal]
        return value.isNaN ? nil : value
    }

    private mutating func set(_ key: InputKey, _ value: Double?) {
        slots[key.ordinal] = value ?? .nan
    }

    /// Parses one cell into the table.
    /// - Returns: the rejection when the cell is not a number (or yes/no for boolean inputs).
    mutating func load(_ key: InputKey, _ cell: UnsafeBufferPointer<UInt8>, format: BatchFormat) -> RowRejection? {
        guard !cell.isEmpty else { set(key, nil); return nil }
        if key.isBoolean {
            guard let flag = NumberParsing.bool(cell) else { return .notABoolean(column: format.name(key)) }
            set(key, flag ? 1 : 0)
        } else {
            guard let number = DecimalNumber.parse(cell) else { return .notANumber(column: format.name(key)) }
            guard number.isFinite else { return .notFinite(column: format.name(key)) }
            set(key, number)
        }
        return nil
    }

    /// The first required input that is absent.
    func missing(_ required: [InputKey], format: BatchFormat) -> RowRejection? {
        for key in required where self[key] == nil { return .missing(column: format.name(key)) }
        return nil
    }

    /// The scale findings of a `scales` row: every given item, whole and within its points.
    func scaleFindings(format: BatchFormat) -> Result<[ScaleItem: Int], RowRejection> {
        var findings: [ScaleItem: Int] = [:]
        for key in InputKey.scaleKeys {
            guard let value = self[key], let item = key.scaleItem else { continue }
            guard item.allowed.contains(value) else { return .failure(.outOfRange(column: format.name(key), allowed: item.allowed)) }
            findings[item] = Int(value)
        }
        return .success(findings)
    }

    /// The triage inputs of a module row. Whole-number inputs that are not
    /// whole are rejected here (the model takes them as integers).
    func triageInputs(_ module: TriageModule, format: BatchFormat) -> Result<TriageInputs, RowRejection> {
        var inputs = TriageInputs(module: module, gfap: self[.gfap] ?? .nan)
        // Every catalogue input but GFAP, the location and the scale items (`scaleFindings`).
        for key in InputKey.allCases where key != .gfap && key != .lat && key != .lon && key.scaleItem == nil {
            guard let value = self[key] else { continue }
            if let allowed = key.allowedRange, allowed.integer, value.rounded() != value || abs(value) >= 1e9 {
                return .failure(.outOfRange(column: format.name(key), allowed: allowed))
            }
            inputs.set(key, key.isBoolean ? (value == 1 ? 1 : 0) : value)
        }
        switch (self[.lat], self[.lon]) {
        case let (lat?, lon?): inputs.location = Coordinate(latitude: lat, longitude: lon)
        case (nil, nil): break
        case (nil, _): return .failure(.missing(column: format.name(.lat)))
        case (_, nil): return .failure(.missing(column: format.name(.lon)))
        }
        return .success(inputs)
    }
}
