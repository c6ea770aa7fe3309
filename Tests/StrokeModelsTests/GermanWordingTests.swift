import Foundation
import Testing
@testable import TriageLocalization

/// Issue 44, item 5: German that a German stroke physician would write (docs/glossary.md). Every German
/// string is walked; the banned terms never appear, and the glossary lists the clinical terms.
@Suite struct GermanWordingTests {
    /// Terms a German clinician would read wrongly, with the reason (docs/glossary.md, "Banned").
    static let banned: [(term: String, why: String)] = [
        ("entscheidungsfähig", "means a patient's decision-making capacity; use 'nicht entscheidungsrelevant'"),
        ("zuletzt gesehen gesund", "ungrammatical; use 'zuletzt gesund gesehen'"),
        ("dann Verlegung nach", "reads like the crew's own next leg; the hospital transfers onward"),
    ]

    @Test func noGermanStringUsesABannedTerm() {
        let de = Localizer(language: .de)
        for key in Localizer.keys(.de).sorted() {
            let text = de.text(key)
            for (term, why) in Self.banned { #expect(!text.contains(term), "\(key): \(why)") }
            // "LVO" may stay in codes and JSON keys, never as a word in German text.
            let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            #expect(!words.contains("LVO"), "\(key): use 'großer Gefäßverschluss'")
        }
    }

    @Test func theGlossaryListsTheClinicalTermsAndTheBannedOnes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let glossary = try String(contentsOf: root.appendingPathComponent("docs/glossary.md"), encoding: .utf8)
        for term in ["ICB", "großer Gefäßverschluss", "zuletzt gesund gesehen", "nicht entscheidungsrelevant", "Thrombolyse",
                     "Thrombektomie", "Stroke Unit", "antikoaguliert"] {
            #expect(glossary.contains(term), "docs/glossary.md lacks \(term)")
        }
        for (term, _) in Self.banned { #expect(glossary.contains(term), "docs/glossary.md does not name the banned \(term)") }
    }
}
