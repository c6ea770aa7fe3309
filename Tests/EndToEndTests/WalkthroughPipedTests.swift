import Foundation
import StrokeModels
import Testing
import CLITestSupport

/// The walkthrough in process with piped answers (`WalkTranscript`): the three paths, the
/// guided FAST-ED, re-asking, going back, German, end of input, compared with the offline models.
/// The transcript is read as a terminal's would be; what needs a real terminal (Ctrl-C, colour,
/// no arguments starting the walkthrough) is in `WalkthroughTerminalTests`.
@Suite struct WalkthroughPipedTests {
    static let offline = ["walk", "--mode", "offline", "--details"]

    @Test func comaPathAsksTheDisclaimerOnceAndMatchesTheBaseline() async throws {
        let home = BinaryRunner.temporaryHome()
        var s = await WalkTranscript.run(Self.offline, answers: ["yes", "y", "", "500", "", "", "", ""], home: home)
        try s.expect("research software")
        try s.answer("Type yes to accept", "yes")
        try s.answer("Is the patient comatose (GCS 8 or below)? (y/n)", "y")
        try s.answer("Blood glucose", "")
        try s.answer("GFAP (pg/mL, a number from 29 to 10001; Enter: pending)", "500")
        try s.answer("Minutes since symptom onset", "")
        try s.answer("Location", "")
        try s.expect("Summary")
        try s.answer("Compute? [Y/n/b]", "")
        let result = try s.expect("Save a Markdown handover report?")
        let a = try WalkthroughTerminalTests.expected(TriageInputs(module: .coma, gfap: 500))
        #expect(result.contains("ICH probability"))
        #expect(result.contains("█████░░░░░ " + WalkthroughTerminalTests.percent(a.ich.probability) + "  high"))
        #expect(result.contains("cohort mean age of 74.59"))
        #expect(result.contains("Source: offline baseline, model ich-baseline-age-gfap-logistic"))
        #expect(result.contains("17.5 mL"))
        #expect(result.contains("Check blood glucose") && result.contains("basilar artery occlusion"))
        #expect(result.contains("Research use only"))
        #expect(!result.contains("LVO probability"))
        try s.answer("", "")
        #expect(s.status == 0, "\(s.result.stderr)")
        #expect(s.lines.count > 20)
        for line in s.lines {
            #expect(line.count <= 80, "too wide: \(line)")
        }

        var again = await WalkTranscript.run(Self.offline, answers: [], home: home)
        let before = try again.expect("Is the patient comatose")
        #expect(!before.contains("research software"))
        #expect(again.status == 0)
    }

    @Test func limitedPathReasksInvalidInputAndGoesBack() async throws {
        let answers = ["n", "maybe", "n", "abc", "130", "70", "b", "72", "160", "?", "170", "90", "j", "", "800,5", "30", "", "b", "", "y"]
        var s = await WalkTranscript.run(Self.offline + ["--accept-disclaimer"], answers: answers)
        try s.answer("comatose", "n")
        try s.answer("examined neurologically", "maybe")
        try s.expect("Please answer y or n")
        try s.answer("examined neurologically", "n")
        try s.expect("limited module")
        try s.answer("Age (years, a whole number from 0 to 120)", "abc")
        try s.expect("Not a number")
        try s.answer("Age (years", "130")
        try s.expect("130 is not allowed")
        try s.answer("Age (years", "70")
        try s.answer("Systolic blood pressure (mmHg", "b")
        try s.answer("Age (years", "72")
        try s.answer("Systolic blood pressure (mmHg", "160")
        try s.answer("Diastolic blood pressure (mmHg", "?")
        try s.expect("the lower value")
        try s.answer("Diastolic blood pressure (mmHg", "170")
        try s.expect("not above the diastolic value")
        try s.answer("Diastolic blood pressure (mmHg", "90")
        try s.answer("Reduced vigilance? (y/n)", "j")
        try s.answer("Blood glucose", "")
        try s.answer("GFAP (pg/mL", "800,5")
        try s.answer("Minutes since symptom onset", "30")
        try s.answer("Location", "")
        try s.answer("Compute? [Y/n/b]", "b")
        try s.answer("Location", "")
        let summary = try s.expect("Compute? [Y/n/b]")
        #expect(summary.contains("Age:") && summary.contains("72 years"))
        #expect(summary.contains("800.5 pg/mL"))
        try s.answer("", "y")
        let result = try s.expect("Save a Markdown handover report?")
        var inputs = TriageInputs(module: .limited, gfap: 800.5)
        inputs.age = 72
        inputs.sbp = 160
        inputs.dbp = 90
        let a = try WalkthroughTerminalTests.expected(inputs)
        #expect(result.contains(WalkthroughTerminalTests.percent(a.ich.probability)))
        #expect(!result.contains("LVO probability"))
        try s.expect("> ")
        #expect(s.status == 0, "\(s.result.stderr)")  // end of input at the last question, as Ctrl-D
    }

    @Test func fullPathWithGuidedFastEdSavesAReport() async throws {
        let report = BinaryRunner.temporaryHome().appendingPathComponent("handover.md")
        let first = [("comatose", "n"), ("examined neurologically", "y"), ("Age (years", "70"),
                     ("Systolic blood pressure", "160"), ("Diastolic blood pressure", "90"),
                     ("or c for the guided calculator", "c"),
                     ("FAST-ED 1/5 facial palsy", "1"), ("running total 1 of 9", "2"),
                     ("running total 3 of 9", "1"), ("running total 4 of 9", "3")]
        let second = [("Headache?", "n"), ("Leg paresis?", "y"), ("Reduced vigilance?", "n"),
                      ("Atrial fibrillation?", "n"), ("Anticoagulated", "n"), ("Antiplatelet", "n"),
                      ("Blood glucose", ""), ("GFAP (pg/mL", "180"), ("Minutes since symptom onset", "45"), ("Location", "48.1374,11.5755")]
        let answers = first.map(\.1) + ["0", "1"] + second.map(\.1) + ["", report.path]
        var s = await WalkTranscript.run(Self.offline + ["--accept-disclaimer"], answers: answers)
        for (prompt, reply) in first { try s.answer(prompt, reply) }
        try s.expect("3 is not allowed")
        try s.answer("running total 4 of 9", "0")
        try s.answer("running total 4 of 9", "1")
        try s.expect("FAST-ED total from the calculator: 5 of 9 (arm paresis: yes")
        for (prompt, reply) in second { try s.answer(prompt, reply) }
        let summary = try s.expect("Compute? [Y/n/b]")
        #expect(summary.contains("5 (calculator: 1+2+1+0+1)"))
        #expect(!summary.contains("Arm paresis?"))
        try s.answer("", "")
        let result = try s.expect("Save a Markdown handover report?")
        var inputs = TriageInputs(module: .full, gfap: 180)
        inputs.age = 70
        inputs.sbp = 160
        inputs.dbp = 90
        inputs.fastEd = 5
        let a = try WalkthroughTerminalTests.expected(inputs)
        #expect(result.contains(WalkthroughTerminalTests.percent(a.ich.probability) + "  " + a.ich.riskLevel!.englishWord))
        #expect(result.contains("LVO probability"))
        #expect(result.contains(WalkthroughTerminalTests.percent(a.lvo!.probability) + "  " + a.lvo!.riskLevel!.englishWord))
        #expect(result.contains("Source: local model, model 2024.09.28-calibrated"))
        #expect(result.contains("│"))
        try s.answer("", report.path)
        try s.expect("Report saved")
        #expect(s.status == 0, "\(s.result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: report.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOf: report, encoding: .utf8)
        for part in ["# Stroke triage handover report", "(UTC)", "## Inputs", "| Leg paresis | yes |",
                     "Source: offline baseline", "Source: local model", "## Disclaimer", "not a medical device"] {
            #expect(text.contains(part), "report lacks \(part)")
        }
    }

    @Test func germanByFlagWithTypedTotal() async throws {
        let questions = [("Ist der Patient komatös (GCS 8 oder weniger)? (j/n)", "nein"), ("neurologisch untersuchbar", "j"),
                         ("Alter (Jahre, eine ganze Zahl von 0 bis 120)", "70"), ("Systolischer Blutdruck", "160"),
                         ("Diastolischer Blutdruck", "90"), ("FAST-ED-Summe", "6"),
                         ("Kopfschmerzen?", "n"), ("Beinparese?", "n"), ("Armparese?", "j"), ("Blickdeviation?", "j"),
                         ("Verminderte Vigilanz?", "n"), ("Vorhofflimmern?", "n"), ("Antikoaguliert", "n"),
                         ("Thrombozytenaggregationshemmer (Plättchenhemmer)?", "n"), ("Blutzucker", ""), ("GFAP (pg/ml", "1000,5"), ("Minuten seit Symptombeginn", ""),
                         ("Standort", "")]
        var s = await WalkTranscript.run(Self.offline + ["--lang", "de"], answers: ["ja"] + questions.map(\.1) + ["", ""])
        try s.answer("Zum Akzeptieren ja eingeben", "ja")
        for (prompt, reply) in questions { try s.answer(prompt, reply) }
        let summary = try s.expect("Berechnen? [J/n/b]")
        #expect(summary.contains("1000,5 pg/ml"))
        try s.answer("", "")
        let result = try s.expect("Markdown-Übergabebericht speichern?")
        var inputs = TriageInputs(module: .full, gfap: 1000.5)
        inputs.age = 70
        inputs.sbp = 160
        inputs.dbp = 90
        inputs.fastEd = 6
        let a = try WalkthroughTerminalTests.expected(inputs)
        #expect(result.contains("Ergebnis"))
        #expect(result.contains("ICB-Wahrscheinlichkeit"))
        #expect(result.contains(WalkthroughTerminalTests.percent(a.lvo!.probability)))
        #expect(result.contains("23,9 ml"))
        #expect(result.contains("Nur für Forschungszwecke"))
        try s.answer("", "")
        #expect(s.status == 0, "\(s.result.stderr)")
        for line in s.lines { #expect(line.count <= 80, "too wide: \(line)") }
    }

    @Test func germanFromLang() async throws {
        var s = await WalkTranscript.run(Self.offline + ["--accept-disclaimer"], answers: ["ja", "", "250,25", "", "", "j"],
                                         environment: ["LANG": "de_DE.UTF-8"])
        try s.answer("Ist der Patient komatös", "ja")
        try s.answer("Blutzucker", "")
        try s.answer("GFAP", "250,25")
        try s.answer("Minuten", "")
        try s.answer("Standort", "")
        try s.answer("Berechnen?", "j")
        let result = try s.expect("Markdown-Übergabebericht")
        #expect(result.contains("Koma-Modul") || result.contains("mittleren Kohortenalter") || result.contains("Kohortenalter"))
        #expect(result.contains("74,59"))
        #expect(s.status == 0, "\(s.result.stderr)")
    }

    @Test func noArgumentsOffATerminalPrintTheHelp() async throws {
        let r = await InProcessCLI.run([], stdin: "yes\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("USAGE"))
        #expect(!r.stdout.contains("research software"))
    }
}
