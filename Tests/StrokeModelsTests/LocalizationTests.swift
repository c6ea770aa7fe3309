import Testing
import StrokeModels
@testable import TriageLocalization

/// Every key in both languages; tables parse; language resolution; numbers.
@Suite struct LocalizationTests {
    @Test func everyTableParses() throws { try LocalizationSelfCheck.parseAll() }

    @Test func keysMatchAcrossLanguages() {
        let en = Localizer.keys(.en), de = Localizer.keys(.de)
        #expect(en.subtracting(de).sorted() == [], "keys only in English")
        #expect(de.subtracting(en).sorted() == [], "keys only in German")
        #expect(!en.isEmpty)
    }

    @Test func noKeyIsDefinedTwice() {
        #expect(Localizer.duplicateKeys(.en) == [])
        #expect(Localizer.duplicateKeys(.de) == [])
    }

    @Test func everyModelKeyExists() {
        let keys = Localizer.keys(.en)
        for field in InputField.allCases { #expect(keys.contains(field.messageKey)) }
        for level in RiskLevel.allCases { #expect(keys.contains("risk.\(level.rawValue)")) }
        for severity in VolumeSeverity.allCases { #expect(keys.contains("severity.\(severity.rawValue)")) }
        for code in ["gfap.capped", "volume.noEstimate", "fastEd.clamped", "gfap.veryHigh", "baseline.caveat",
                     "baseline.cohortAge", "baseline.notApplicable", "age.minor", "gfap.extreme",
                     "fastEd.suggestsLvo", "gcs.considerComa"] {
            #expect(keys.contains("warning.\(code)"), "warning.\(code)")
        }
    }

    @Test func languageResolutionOrder() {
        #expect(Language.resolve(flag: "de", environment: ["LANG": "en_US.UTF-8"]) == .de)
        #expect(Language.resolve(flag: nil, environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "en_US"]) == .de)
        #expect(Language.resolve(flag: nil, environment: ["LC_MESSAGES": "de_AT", "LANG": "en_US"]) == .de)
        #expect(Language.resolve(flag: nil, environment: ["LANG": "de_CH.UTF-8"]) == .de)
        #expect(Language.resolve(flag: nil, environment: ["LC_ALL": "", "LANG": "de"]) == .de)
        #expect(Language.resolve(flag: nil, environment: ["LANG": "C"]) == .en)
        #expect(Language.resolve(flag: nil, environment: [:]) == .en)
    }

    @Test func germanUsesDecimalComma() {
        #expect(Localizer(language: .de).number(27.4, maxFractionDigits: 1) == "27,4")
        #expect(Localizer(language: .en).number(27.4, maxFractionDigits: 1) == "27.4")
        #expect(Localizer(language: .en).percent(0.5119) == "51 %")
    }

    @Test func validationMessageNamesFieldRangeAndValue() {
        let issue = TriageRules.check(.gfap, 12).issue!
        let text = Localizer(language: .en).render(issue.message)
        #expect(text.contains("GFAP") && text.contains("29") && text.contains("10001") && text.contains("12"))
    }
}
