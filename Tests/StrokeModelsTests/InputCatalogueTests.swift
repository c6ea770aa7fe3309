import Testing
import StrokeModels

/// The input catalogue (`InputKey`) walked as a whole: every relationship between
/// input keys, validation fields, scale items and modules holds in both directions,
/// checked through the types alone (no names compared as strings).
@Suite struct InputCatalogueTests {
    @Test("every key is a number with a validation field, a scale item or a yes/no finding")
    func everyKeyHasAMeaning() {
        for key in InputKey.allCases {
            switch key.kind {
            case .number(let field):
                #expect(key.field == field && !key.isBoolean && key.scaleItem == nil, "\(key)")
                #expect(ScaleItem(field: field) == nil, "\(key): a triage number is not a scale item")
            case .finding:
                #expect(key.field == nil && key.isBoolean && key.scaleItem == nil && key.allowedRange == nil, "\(key)")
            case .scaleItem(let item):
                #expect(key.field == item.field && !key.isBoolean && key.scaleItem == item, "\(key)")
            }
            // A numeric key's field leads back to the key, and its range is the triage rules' range.
            if let field = key.field {
                #expect(InputKey(field: field) == key, "\(key)")
                #expect(key.allowedRange == TriageRules.allowed(field), "\(key)")
            }
        }
        let fields = InputKey.allCases.compactMap(\.field)
        #expect(Set(fields).count == fields.count, "no two keys share a validation field")
    }

    @Test("every scale item has exactly one key and one field, each leading back to it")
    func everyScaleItemOnce() {
        for item in ScaleItem.allCases {
            let keys = InputKey.allCases.filter { $0.scaleItem == item }
            #expect(keys.count == 1, "\(item)")
            #expect(ScaleItem(field: item.field) == item, "\(item)")
            #expect(InputKey(field: item.field)?.scaleItem == item, "\(item)")
            #expect(TriageRules.allowed(item.field) == item.allowed, "\(item)")
            for key in keys {
                #expect(key.flag == item.flag && key.messageKey == item.messageKey, "\(item)")
            }
        }
        #expect(Set(ScaleItem.allCases.map(\.field)).count == ScaleItem.allCases.count, "one field per item")
        #expect(InputKey.scaleKeys.compactMap(\.scaleItem) == ScaleItem.allCases)
        #expect(InputKey.scaleKeys == InputKey.allCases.filter { $0.scaleItem != nil })
    }

    @Test("every module's inputs are catalogue keys, once each, and its fields and JSON keys derive from them")
    func everyModuleFromTheCatalogue() {
        for module in TriageModule.allCases {
            let keys = InputKey.keys(for: module)
            #expect(!keys.isEmpty && Set(keys).count == keys.count, "\(module)")
            let inCatalogue = keys.allSatisfy { $0.scaleItem == nil && InputKey.allCases.contains($0) }
            #expect(inCatalogue, "\(module)")
            #expect(module.fields == keys.compactMap(\.field), "\(module)")
            #expect(module.inputKeys == keys.map(\.json), "\(module)")
            // Numbers before the yes/no findings, as the form asks them.
            let firstFinding = keys.firstIndex(where: \.isBoolean) ?? keys.endIndex
            let findingsLast = keys[firstFinding...].allSatisfy { $0.isBoolean }
            #expect(findingsLast, "\(module)")
        }
    }
}
