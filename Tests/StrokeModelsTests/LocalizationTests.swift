import Foundation
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

    /// Numbers are written without Foundation's formatter now: the very digits `String(format:)` gives.
    @Test func fixedDecimalsAreThoseOfStringFormat() {
        let values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1.005, 27.45, 27.4, 51.19, 99.995, 0.0049999,
                                123456.789, -0.0004, 1e-7, 29, 10001, 16, 1e21, -3.75e15, 1e300, .pi, 0.1 + 0.2]
        for value in values {
            for digits in 0...7 {
                #expect(Localizer.fixed(value, fractionDigits: digits) == String(format: "%.\(digits)f", value), "\(value) \(digits)")
            }
        }
        for value in values { // beyond the precomputed formats: the vsnprintf path
            #expect(Localizer.fixed(value, fractionDigits: 20) == String(format: "%.20f", value), "\(value)")
        }
        #expect(Localizer(language: .en).number(-0.0001, maxFractionDigits: 2) == "0")
        #expect(Localizer(language: .de).number(-1234.5, maxFractionDigits: 2) == "-1234,5")
        #expect(Localizer(language: .de).number(1e300, maxFractionDigits: 0).count == 301)
    }

    /// The byte-wise template filler gives what the character-wise one gave, for every
    /// key of both languages and for odd templates (an unknown key is its own template).
    @Test func templatesFillAsTheCharacterWiseFillerDid() {
        let arguments: [MessageArgument] = [.text("Würzburg"), .number(27.45, maxFractionDigits: 1), .text("a\u{7}b"),
                                            .number(3, maxFractionDigits: 0), .text("é"), .text("6")]
        let odd = ["ü %1$@ é %% %@ %x", "%", "abc%", "100 %%", "%1$@%2$@%@", "%9$@ end", "%@ %@ %@ %@ %@ %@ %@ %@",
                   "%+1$@", "%1$", "%$@", "%%%", "Ünïcødé %2$@ 🧠 %1$@"]
        for language in Language.allCases {
            let localizer = Localizer(language: language)
            for key in Localizer.keys(language).sorted() + odd {
                let template = Catalog.shared.lookup(key, language)
                #expect(localizer.text(key, arguments) == Self.characterWiseFill(template, arguments, localizer), "\(key)")
            }
        }
    }

    /// The filler as it was written before the local API benchmark (one `Character` at a time).
    static func characterWiseFill(_ template: String, _ arguments: [MessageArgument], _ localizer: Localizer) -> String {
        var output = ""
        var next = 0
        var chars = template.makeIterator()
        while let c = chars.next() {
            guard c == "%" else { output.append(c); continue }
            var spec = ""
            while let d = chars.next() {
                spec.append(d)
                if d == "@" || d == "%" { break }
            }
            if spec == "%" { output.append("%"); continue }
            let position: Int
            if spec == "@" { position = next; next += 1 } else if spec.hasSuffix("$@"), let n = Int(spec.dropLast(2)) { position = n - 1 } else {
                output += "%" + spec
                continue
            }
            guard position < arguments.count else { continue }
            switch arguments[position] {
            case .text(let text): output += text.escapingControlCharacters
            case .number(let value, let digits): output += localizer.number(value, maxFractionDigits: digits)
            case .message(let message): output += localizer.render(message)
            }
        }
        return output
    }

    @Test func validationMessageNamesFieldRangeAndValue() {
        let issue = TriageRules.check(.gfap, 12).issue!
        let text = Localizer(language: .en).render(issue.message)
        #expect(text.contains("GFAP") && text.contains("29") && text.contains("10001") && text.contains("12"))
    }
}
