import Foundation
import Testing
import TriageLocalization
@testable import StrokeModels

/// Text quoted back to the user never carries a raw control character, and a
/// given value is shown as given.
@Suite struct UserTextTests {
    @Test func controlCharactersBecomeVisibleEscapes() {
        #expect("\u{1B}]0;pwned\u{07}gfap".escapingControlCharacters == #"\u{1B}]0;pwned\u{7}gfap"#)
        #expect("a\nb\tc\rd".escapingControlCharacters == #"a\nb\tc\rd"#)
        #expect("\u{7F}\u{9B}\u{202E}\u{2066}".escapingControlCharacters == #"\u{7F}\u{9B}\u{202E}\u{2066}"#)
        #expect("Würzburg – Klinik".escapingControlCharacters == "Würzburg – Klinik")
    }

    /// Issue 29 item 10: the directional marks and the line/paragraph separators are
    /// escaped too, as docs/hardening-notes.md promises; JSON lines get `\uXXXX` escapes.
    @Test func bidiMarksAndSeparatorsAreEscaped() {
        #expect("a\u{200E}b\u{200F}c\u{061C}d\u{2028}e\u{2029}f\u{202A}g\u{2069}".escapingControlCharacters
            == #"a\u{200E}b\u{200F}c\u{61C}d\u{2028}e\u{2029}f\u{202A}g\u{2069}"#)
        let json = #"{"device":"AMB\#u{202E}1","event":{"x":"\#u{7F}\#u{85}\#u{200F}ü"}}"#
        #expect(json.escapingControlCharactersInJSON == #"{"device":"AMB\u202e1","event":{"x":"\u007f\u0085\u200fü"}}"#)
        #expect("{\"a\":\"Würzburg\"}".escapingControlCharactersInJSON == "{\"a\":\"Würzburg\"}")
    }

    /// Every text argument of every localized message is escaped, whichever message quotes it.
    @Test func everyTextArgumentOfALocalizedMessageIsEscaped() {
        for language in [Language.en, .de] {
            let l = Localizer(language: language)
            let text = l.text("batch.reason.unknownKey", [.text("\u{1B}[2Jx")])
            #expect(!text.contains("\u{1B}"))
            #expect(text.contains(#"\u{1B}[2Jx"#))
            let nested = l.render(Message("batch.row.rejected", [.text("3"), .message(Message("batch.reason.missing", [.text("\u{07}")]))]))
            #expect(!nested.contains("\u{07}") && nested.contains(#"\u{7}"#))
        }
    }

    @Test func aNonFiniteValueIsNotAFiniteNumber() {
        let l = Localizer(language: .en)
        let issue = ValidationIssue(field: .gfap, allowed: AllowedRange(lower: 0), given: .infinity)
        #expect(l.render(issue.message) == "GFAP: the value given is not a finite number; allowed is a number ≥ 0 pg/mL.")
        let nan = ValidationIssue(field: .gfap, allowed: AllowedRange(lower: 0), given: .nan)
        #expect(l.render(nan.message).contains("not a finite number"))
        #expect(Localizer(language: .de).render(issue.message).contains("keine endliche Zahl"))
    }

    @Test func aGivenValueIsShownExactlyNeverRoundedToSomethingElse() {
        let l = Localizer(language: .en)
        func shown(_ v: Double) -> String {
            l.render(ValidationIssue.rangeMessage(field: Message("field.gfap"), unitSuffix: "", allowed: AllowedRange(lower: 1), given: v))
        }
        // The smallest subnormal: its shortest round-trip form, never "0".
        #expect(shown(.leastNonzeroMagnitude).contains("5e-324 is not allowed"))
        #expect(shown(0.0000001).contains("1e-07 is not allowed"))
        #expect(shown(0.5).contains("0.5 is not allowed"))
        #expect(shown(-3).contains("-3 is not allowed"))
        #expect(Localizer(language: .de).render(ValidationIssue(field: .gfap, allowed: AllowedRange(lower: 1), given: 0.25).message).contains("0,25"))
    }
}
