import Foundation
import StrokeJSON
import StrokeModels
import Testing
import CLITestSupport
import TestJSON

/// The walkthrough with a region's scales configured (`"scales": ["race", "lams"]`)
/// in process with piped answers (`WalkTranscript`), in English and German: their items are
/// asked once each in the full module, and the result and the report show
/// them next to FAST-ED. Totals are hand-calculated in the comments.
@Suite struct WalkthroughScalesTests {
    static func home(_ config: String) throws -> URL {
        let home = BinaryRunner.temporaryHome()
        try Data(config.utf8).write(to: home.appendingPathComponent("config.json"))
        return home
    }

    @Test func englishAsksRaceAndLamsOnceAndShowsThemBesideFastEd() async throws {
        let home = try Self.home(#"{"scales": ["lams", "race"], "gfapAssay": "istat-tbi"}"#)
        let report = home.appendingPathComponent("handover.md")
        let first = [("comatose", "n"), ("examined neurologically", "y"), ("Age (years", "70"),
                     ("Systolic blood pressure", "160"), ("Diastolic blood pressure", "90"),
                     ("or c for the guided calculator", "6"), ("Headache?", "n"), ("Leg paresis?", "n"),
                     ("Arm paresis?", "y"), ("Eye deviation?", "y"), ("Reduced vigilance?", "n"),
                     ("Atrial fibrillation?", "n"), ("Anticoagulated", "n"), ("Antiplatelet", "n"),
                     // RACE 2 + 1 + 1 + 1 + 0 = 5 (threshold 5): suggests LVO.
                     ("RACE facial palsy", "3")]
        let second = [("RACE facial palsy", "2"), ("RACE arm motor", "1"), ("RACE leg motor", "1"),
                      ("Gaze deviation to one side", "?")]
        let third = [("Gaze deviation to one side", "1"), ("RACE aphasia", "0"),
                     // LAMS 1 + 1 + 1 = 3 (threshold 4): does not suggest LVO.
                     ("LAMS facial droop", "1"), ("LAMS arm drift", "1"), ("LAMS grip strength", "1"),
                     ("Blood glucose", ""), ("GFAP (pg/mL", "180"), ("Minutes since symptom onset", ""), ("Location", "")]
        let answers = (first + second + third).map(\.1) + ["", report.path]
        var s = await WalkTranscript.run(["walk", "--mode", "offline", "--accept-disclaimer", "--details"], answers: answers, home: home)
        for (prompt, reply) in first { try s.answer(prompt, reply) }
        try s.expect("3 is not allowed")
        for (prompt, reply) in second { try s.answer(prompt, reply) }
        try s.expect("conjugate gaze deviation")
        for (prompt, reply) in third { try s.answer(prompt, reply) }
        let summary = try s.expect("Compute? [Y/n/b]")
        #expect(summary.contains("Facial palsy (RACE)"))
        #expect(summary.contains("Grip strength (LAMS)"))
        try s.answer("", "")
        let result = try s.expect("Save a Markdown handover report?")
        #expect(result.contains("LVO probability"))
        #expect(result.contains("Other LVO scales (flags, not probabilities)"))
        #expect(result.contains("RACE: 5 of 9, total ≥ 5: suggests LVO"))
        #expect(result.contains("LAMS: 3 of 5, total ≥ 4: does not suggest LVO"))
        #expect(result.contains("istat-tbi"))
        try s.answer("", report.path)
        try s.expect("Report saved")
        #expect(s.status == 0, "\(s.result.stderr)")
        for line in s.lines where !line.contains(report.path) { #expect(line.count <= 80, "too wide: \(line)") }
        // Each item was asked once.
        let transcript = s.lines.joined(separator: "\n")
        for question in ["RACE arm motor", "RACE leg motor", "RACE aphasia", "LAMS facial droop", "LAMS arm drift", "LAMS grip strength"] {
            #expect(transcript.components(separatedBy: question).count == 2, "\(question) asked more than once")
        }
        let text = try String(contentsOf: report, encoding: .utf8)
        #expect(text.contains("- Other LVO scales (flags, not probabilities)"))
        #expect(text.contains("  - RACE: 5 of 9, total ≥ 5: suggests LVO"))
        #expect(text.contains("| GFAP assay | istat-tbi |"))
    }

    @Test func germanAsksTheSameItemsInGerman() async throws {
        let home = try Self.home(#"{"scales": ["race", "lams"]}"#)
        let questions = [("komatös", "nein"), ("neurologisch untersuchbar", "j"), ("Alter (Jahre", "70"),
                         ("Systolischer Blutdruck", "160"), ("Diastolischer Blutdruck", "90"),
                         ("FAST-ED-Summe", "6"), ("Kopfschmerzen?", "n"), ("Beinparese?", "n"), ("Armparese?", "j"),
                         ("Blickdeviation?", "j"), ("Verminderte Vigilanz?", "n"), ("Vorhofflimmern?", "n"),
                         ("Antikoaguliert", "n"), ("Thrombozytenaggregationshemmer (Plättchenhemmer)?", "n"),
                         // RACE 2 + 2 + 2 + 1 + 2 = 9; LAMS 1 + 2 + 2 = 5: both suggest LVO.
                         ("RACE Fazialisparese", "2"), ("RACE Armmotorik", "2"), ("RACE Beinmotorik", "2"),
                         ("Blickdeviation zu einer Seite", "1"), ("RACE Aphasie", "2"), ("LAMS hängender Mundwinkel", "1"),
                         ("LAMS Absinken des Arms", "2"), ("LAMS Griffkraft", "2"),
                         ("Blutzucker", ""), ("GFAP (pg/ml", "180"), ("Minuten seit Symptombeginn", ""), ("Standort", "")]
        var s = await WalkTranscript.run(["walk", "--mode", "offline", "--accept-disclaimer", "--details", "--lang", "de"],
                                         answers: questions.map(\.1) + ["", ""], home: home)
        for (prompt, reply) in questions { try s.answer(prompt, reply) }
        let summary = try s.expect("Berechnen? [J/n/b]")
        #expect(summary.contains("Fazialisparese (RACE)"))
        try s.answer("", "")
        let result = try s.expect("Markdown-Übergabebericht speichern?")
        #expect(result.contains("Weitere Skalen für große Gefäßverschlüsse (Signale, keine Wahrscheinlichkeiten)"))
        #expect(result.contains("RACE: 9 von 9, Summe ≥ 5: spricht für einen großen Gefäßverschluss"))
        #expect(result.contains("LAMS: 5 von 5, Summe ≥ 4: spricht für einen großen Gefäßverschluss"))
        try s.answer("", "")
        #expect(s.status == 0, "\(s.result.stderr)")
        for line in s.lines { #expect(line.count <= 80, "too wide: \(line)") }
    }

    @Test func pipedWalkRecordsTheScalesAndTheAssayInItsJson() async throws {
        let home = try Self.home(#"{"scales": ["cpsss", "pass"], "gfapAssay": "other"}"#)
        // CPSSS and PASS share gaze deviation and arm weakness: 3 scale questions, not 6.
        // CPSSS 2·1 + 0 + 1 = 3; PASS 1 + 1 + 1 = 3.
        let answers = ["n", "y", "70", "160", "90", "6", "n", "n", "y", "y", "n", "n", "n", "n",
                       "1", "0", "1", "1", "", "180", "", "", "y"]
        let r = await InProcessCLI.run(["walk", "--mode", "offline", "--accept-disclaimer", "--json"],
                                     stdin: answers.joined(separator: "\n") + "\n",
                                     environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 0, "\(r.stderr)")
        let j = try r.json()
        let scales = try #require((j["scales"].object)?["scales"].arrayValue)
        #expect(scales.map { $0["scale"].stringValue } == ["cpsss", "pass"])
        #expect(scales.map { $0["total"].intValue } == [3, 3])
        #expect((j["inputs"].object)?["gfapAssay"].stringValue == "other")
        #expect((j["warnings"].stringArray)?.contains { $0.contains("not interchangeable across assays") } == true)
        #expect(!r.stderr.contains("not recorded"))

        // The audited prediction event records the scales and the assay.
        let export = home.appendingPathComponent("export.jsonl")
        let exported = await InProcessCLI.run(["audit", "export", "--out", export.path], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOf: export, encoding: .utf8)
        #expect(text.contains(#""scale":"cpsss","total":3"#))
        #expect(text.contains(#""gfapAssay":"other""#))
    }
}
