import Foundation
import Testing

/// The location question in the walkthrough (in process, piped answers): place names,
/// an ambiguous name's choices, and Paris.
@Suite struct WalkthroughPlaceTests {
    /// The text with line breaks and wrapping indents folded to single spaces.
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\r" || $0 == "\n" }).joined(separator: " ")
    }

    @Test func placeNameWithChoicesThenRouting() async throws {
        let questions = [("comatose", "y"), ("Blood glucose", ""), ("GFAP", "500"), ("Minutes", ""), ("Location (place or lat,lon", "Atlantis")]
        var s = await WalkTranscript.run(["walk", "--mode", "offline", "--accept-disclaimer", "--details"],
                                         answers: questions.map(\.1) + ["Fürth", "1", ""])
        for (prompt, reply) in questions { try s.answer(prompt, reply) }
        #expect(Self.flat(try s.expect("Location")).contains("'Atlantis' is not in the gazetteer"))
        try s.answer("", "Fürth")
        let choices = Self.flat(try s.expect("Location"))
        #expect(choices.contains("[1] Fürth (Bayern) 49.4759, 10.9886"), "\(choices)")
        #expect(choices.contains("Type the number of one"))
        try s.answer("", "1")
        let summary = try s.expect("Compute? [Y/n/b]")
        #expect(summary.contains("Fürth (Bayern) — 49.4759, 10.9886"))
        try s.answer("", "")
        let result = try s.expect("Save a Markdown handover report?")
        #expect(result.contains("Suggested destination"))
        #expect(s.status == 0, "\(s.result.stderr)")
    }

    @Test func parisGetsNoDestinationInGerman() async throws {
        let questions = [("komatös", "j"), ("Blutzucker", ""), ("GFAP", "500"), ("Minuten", ""), ("Standort", "48,8566; 2,3522"), ("Berechnen?", "")]
        var s = await WalkTranscript.run(["walk", "--mode", "offline", "--accept-disclaimer", "--details", "--lang", "de"], answers: questions.map(\.1))
        for (prompt, reply) in questions { try s.answer(prompt, reply) }
        let whole = Self.flat(try s.expect("Markdown-Übergabebericht"))
        // The routing section (the decision's summary above it keeps its clinical urgency).
        let result = whole.range(of: "Zielklinik").map { String(whole[$0.upperBound...]) } ?? whole
        #expect(result.contains("Kein Ziel vorgeschlagen."))
        #expect(result.contains("örtliche Protokoll"))
        #expect(!result.contains("Vorgeschlagenes Ziel"))
        #expect(!result.contains("Dringlichkeit:"))
        #expect(s.status == 0, "\(s.result.stderr)")
    }
}
