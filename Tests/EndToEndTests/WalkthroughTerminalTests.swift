import Foundation
import StrokeModels
import Testing

/// The walkthrough through a real pseudo-terminal: the three paths, the guided
/// FAST-ED, re-asking, going back, German, Ctrl-D and Ctrl-C, compared with
/// the offline models.
@Suite struct WalkthroughTerminalTests {
    static func percent(_ p: Double?) -> String { "\(Int((p! * 100).rounded())) %" }

    static func expected(_ inputs: TriageInputs) throws -> Assessment {
        try OfflinePredictionService().assessNow(inputs)
    }

    /// Waits for a prompt containing `fragment` and ending with "> ", then answers it.
    static func answer(_ s: PtySession, _ fragment: String, _ text: String) throws {
        try s.expect(fragment)
        try s.expect("> ")
        s.send(text)
    }

    @Test func comaPathAsksTheDisclaimerOnceAndMatchesTheBaseline() throws {
        let home = BinaryRunner.temporaryHome()
        let s = try PtySession(["walk", "--mode", "offline"], home: home)
        try s.expect("research software")
        try Self.answer(s, "Type yes to accept", "yes")
        try Self.answer(s, "Is the patient comatose (GCS 8 or below)? (y/n)", "y")
        try Self.answer(s, "GFAP (pg/mL, a number from 29 to 10001)", "500")
        try Self.answer(s, "Minutes since symptom onset", "")
        try Self.answer(s, "Location", "")
        try s.expect("Summary")
        try Self.answer(s, "Compute? [Y/n/b]", "")
        let result = try s.expect("Save a Markdown handover report?")
        let a = try Self.expected(TriageInputs(module: .coma, gfap: 500))
        #expect(result.contains("ICH probability"))
        #expect(result.contains("█████░░░░░ " + Self.percent(a.ich.probability) + "  high"))
        #expect(result.contains("cohort mean age of 74.59"))
        #expect(result.contains("Source: offline baseline, model ich-baseline-age-gfap-logistic"))
        #expect(result.contains("17.5 mL"))
        #expect(result.contains("reconfirm the time window"))
        #expect(result.contains("Research use only"))
        #expect(!result.contains("LVO probability"))
        try s.expect("> ")
        s.send("")
        #expect(try s.waitForExit() == 0)
        #expect(s.lines.count > 20)
        for line in s.lines {
            #expect(line.count <= 80, "too wide: \(line)")
        }

        let again = try PtySession(["walk", "--mode", "offline"], home: home)
        let before = try again.expect("Is the patient comatose")
        #expect(!before.contains("research software"))
        again.control(4)
        #expect(try again.waitForExit() == 0)
    }

    @Test func limitedPathReasksInvalidInputAndGoesBack() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"])
        try Self.answer(s, "comatose", "n")
        try Self.answer(s, "examined neurologically", "maybe")
        try s.expect("Please answer y or n")
        try Self.answer(s, "examined neurologically", "n")
        try s.expect("limited module")
        try Self.answer(s, "Age (years, a whole number from 0 to 120)", "abc")
        try s.expect("Not a number")
        try Self.answer(s, "Age (years", "130")
        try s.expect("130 is not allowed")
        try Self.answer(s, "Age (years", "70")
        try Self.answer(s, "Systolic blood pressure (mmHg", "b")
        try Self.answer(s, "Age (years", "72")
        try Self.answer(s, "Systolic blood pressure (mmHg", "160")
        try Self.answer(s, "Diastolic blood pressure (mmHg", "?")
        try s.expect("the lower value")
        try Self.answer(s, "Diastolic blood pressure (mmHg", "170")
        try s.expect("not above the diastolic value")
        try Self.answer(s, "Diastolic blood pressure (mmHg", "90")
        try Self.answer(s, "GFAP (pg/mL", "800,5")
        try Self.answer(s, "Reduced vigilance? (y/n)", "j")
        try Self.answer(s, "Minutes since symptom onset", "30")
        try Self.answer(s, "Location", "")
        try Self.answer(s, "Compute? [Y/n/b]", "b")
        try Self.answer(s, "Location", "")
        let summary = try s.expect("Compute? [Y/n/b]")
        #expect(summary.contains("Age:") && summary.contains("72 years"))
        #expect(summary.contains("800.5 pg/mL"))
        try s.expect("> ")
        s.send("y")
        let result = try s.expect("Save a Markdown handover report?")
        var inputs = TriageInputs(module: .limited, gfap: 800.5)
        inputs.age = 72
        inputs.systolic = 160
        inputs.diastolic = 90
        let a = try Self.expected(inputs)
        #expect(result.contains(Self.percent(a.ich.probability)))
        #expect(!result.contains("LVO probability"))
        try s.expect("> ")
        s.control(4)
        #expect(try s.waitForExit() == 0)
    }

    @Test func fullPathWithGuidedFastEdSavesAReport() throws {
        let report = BinaryRunner.temporaryHome().appendingPathComponent("handover.md")
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"])
        for (prompt, reply) in [("comatose", "n"), ("examined neurologically", "y"), ("Age (years", "70"),
                                ("Systolic blood pressure", "160"), ("Diastolic blood pressure", "90"),
                                ("GFAP (pg/mL", "180"), ("or c for the guided calculator", "c"),
                                ("FAST-ED 1/5 facial palsy", "1"), ("running total 1 of 9", "2"),
                                ("running total 3 of 9", "1"), ("running total 4 of 9", "3")] {
            try Self.answer(s, prompt, reply)
        }
        try s.expect("3 is not allowed")
        try Self.answer(s, "running total 4 of 9", "0")
        try Self.answer(s, "running total 4 of 9", "1")
        try s.expect("FAST-ED total from the calculator: 5 of 9 (arm paresis: yes")
        for (prompt, reply) in [("Headache?", "n"), ("Leg paresis?", "y"), ("Reduced vigilance?", "n"),
                                ("Atrial fibrillation?", "n"), ("Anticoagulated", "n"), ("Antiplatelet", "n"),
                                ("Minutes since symptom onset", "45"), ("Location", "48.1374,11.5755")] {
            try Self.answer(s, prompt, reply)
        }
        let summary = try s.expect("Compute? [Y/n/b]")
        #expect(summary.contains("5 (calculator: 1+2+1+0+1)"))
        #expect(!summary.contains("Arm paresis?"))
        try s.expect("> ")
        s.send("")
        let result = try s.expect("Save a Markdown handover report?")
        var inputs = TriageInputs(module: .full, gfap: 180)
        inputs.age = 70
        inputs.systolic = 160
        inputs.diastolic = 90
        inputs.fastEd = 5
        let a = try Self.expected(inputs)
        #expect(result.contains(Self.percent(a.ich.probability) + "  " + a.ich.riskLevel!.englishWord))
        #expect(result.contains("LVO probability"))
        #expect(result.contains(Self.percent(a.lvo!.probability) + "  " + a.lvo!.riskLevel!.englishWord))
        #expect(result.contains("Source: local model, model 2024.09.28-calibrated"))
        #expect(result.contains("│"))
        try Self.answer(s, "", report.path)
        try s.expect("Report saved")
        #expect(try s.waitForExit() == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: report.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOf: report, encoding: .utf8)
        for part in ["# Stroke triage handover report", "(UTC)", "## Inputs", "| Leg paresis | yes |",
                     "Source: offline baseline", "Source: local model", "## Disclaimer", "not a medical device"] {
            #expect(text.contains(part), "report lacks \(part)")
        }
    }

    @Test func germanByFlagWithTypedTotal() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--lang", "de"])
        try Self.answer(s, "Zum Akzeptieren ja eingeben", "ja")
        for (prompt, reply) in [("Ist der Patient komatös (GCS 8 oder weniger)? (j/n)", "nein"), ("neurologisch untersuchbar", "j"),
                                ("Alter (Jahre, eine ganze Zahl von 0 bis 120)", "70"), ("Systolischer Blutdruck", "160"),
                                ("Diastolischer Blutdruck", "90"), ("GFAP (pg/ml", "1000,5"), ("FAST-ED-Summe", "6"),
                                ("Kopfschmerzen?", "n"), ("Beinparese?", "n"), ("Armparese?", "j"), ("Blickdeviation?", "j"),
                                ("Verminderte Vigilanz?", "n"), ("Vorhofflimmern?", "n"), ("Antikoaguliert", "n"),
                                ("Thrombozytenaggregationshemmer?", "n"), ("Minuten seit Symptombeginn", ""), ("Standort", "")] {
            try Self.answer(s, prompt, reply)
        }
        let summary = try s.expect("Berechnen? [J/n/b]")
        #expect(summary.contains("1000,5 pg/ml"))
        try s.expect("> ")
        s.send("")
        let result = try s.expect("Markdown-Übergabebericht speichern?")
        var inputs = TriageInputs(module: .full, gfap: 1000.5)
        inputs.age = 70
        inputs.systolic = 160
        inputs.diastolic = 90
        inputs.fastEd = 6
        let a = try Self.expected(inputs)
        #expect(result.contains("Ergebnis"))
        #expect(result.contains("ICH-Wahrscheinlichkeit"))
        #expect(result.contains(Self.percent(a.lvo!.probability)))
        #expect(result.contains("23,9 ml"))
        #expect(result.contains("Nur für Forschungszwecke"))
        try s.expect("> ")
        s.send("")
        #expect(try s.waitForExit() == 0)
        for line in s.lines { #expect(line.count <= 80, "too wide: \(line)") }
    }

    @Test func germanFromLang() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"], environment: ["LANG": "de_DE.UTF-8"])
        try Self.answer(s, "Ist der Patient komatös", "ja")
        try Self.answer(s, "GFAP", "250,25")
        try Self.answer(s, "Minuten", "")
        try Self.answer(s, "Standort", "")
        try Self.answer(s, "Berechnen?", "j")
        let result = try s.expect("Markdown-Übergabebericht")
        #expect(result.contains("Koma-Modul") || result.contains("mittleren Kohortenalter") || result.contains("Kohortenalter"))
        #expect(result.contains("74,59"))
        s.control(4)
        #expect(try s.waitForExit() == 0)
    }

    @Test func ctrlDExitsZero() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"])
        try Self.answer(s, "comatose", "n")
        try s.expect("examined neurologically")
        try s.expect("> ")
        s.control(4)
        #expect(try s.waitForExit() == 0)
    }

    @Test func ctrlCExits130AndLeavesTheTerminalSane() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"])
        try Self.answer(s, "comatose", "n")
        try s.expect("examined neurologically")
        try s.expect("> ")
        s.control(3)
        #expect(try s.waitForExit() == 130)
        #expect(s.terminalIsSane)
    }

    @Test func colourOnlyOnATerminalWithoutNoColorAndNeverAlone() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"], environment: ["NO_COLOR": ""])
        for (prompt, reply) in [("comatose", "y"), ("GFAP", "500"), ("Minutes", ""), ("Location", ""), ("Compute?", "")] {
            try Self.answer(s, prompt, reply)
        }
        let result = try s.expect("Save a Markdown handover report?")
        #expect(result.contains("\u{1B}["))
        #expect(result.contains("high"))
        s.control(4)
        #expect(try s.waitForExit() == 0)
        let plain = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer", "--no-color"], environment: ["NO_COLOR": ""])
        for (prompt, reply) in [("comatose", "y"), ("GFAP", "500"), ("Minutes", ""), ("Location", ""), ("Compute?", "")] {
            try Self.answer(plain, prompt, reply)
        }
        #expect(!(try plain.expect("Save a Markdown handover report?")).contains("\u{1B}["))
        plain.control(4)
        #expect(try plain.waitForExit() == 0)
    }

    @Test func noArgumentsOnATerminalStartsTheWalkthrough() throws {
        let s = try PtySession([])
        try s.expect("research software")
        try s.expect("> ")
        s.control(4)
        #expect(try s.waitForExit() == 0)
    }
}

/// The location question on a real terminal: place names, an ambiguous name's choices, and Paris.
@Suite struct WalkthroughPlaceTerminalTests {
    /// The text with line breaks and wrapping indents folded to single spaces.
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\r" || $0 == "\n" }).joined(separator: " ")
    }

    @Test func placeNameWithChoicesThenRouting() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"])
        for (prompt, reply) in [("comatose", "y"), ("GFAP", "500"), ("Minutes", ""), ("Location (place or lat,lon", "Atlantis")] {
            try WalkthroughTerminalTests.answer(s, prompt, reply)
        }
        #expect(Self.flat(try s.expect("Location")).contains("'Atlantis' is not in the gazetteer"))
        try s.expect("> ")
        s.send("Fürth")
        let choices = Self.flat(try s.expect("Location"))
        #expect(choices.contains("[1] Fürth (Bayern) 49.4759, 10.9886"), "\(choices)")
        #expect(choices.contains("Type the number of one"))
        try s.expect("> ")
        s.send("1")
        let summary = try s.expect("Compute? [Y/n/b]")
        #expect(summary.contains("Fürth (Bayern) — 49.4759, 10.9886"))
        try s.expect("> ")
        s.send("")
        let result = try s.expect("Save a Markdown handover report?")
        #expect(result.contains("Suggested destination"))
        s.control(4)
        #expect(try s.waitForExit() == 0)
    }

    @Test func parisGetsNoDestinationInGerman() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer", "--lang", "de"])
        for (prompt, reply) in [("komatös", "j"), ("GFAP", "500"), ("Minuten", ""), ("Standort", "48,8566; 2,3522"), ("Berechnen?", "")] {
            try WalkthroughTerminalTests.answer(s, prompt, reply)
        }
        let whole = Self.flat(try s.expect("Markdown-Übergabebericht"))
        // The routing section (the decision's summary above it keeps its clinical urgency).
        let result = whole.range(of: "Zielklinik").map { String(whole[$0.upperBound...]) } ?? whole
        #expect(result.contains("Kein Ziel vorgeschlagen."))
        #expect(result.contains("örtliche Protokoll"))
        #expect(!result.contains("Vorgeschlagenes Ziel"))
        #expect(!result.contains("Dringlichkeit:"))
        s.control(4)
        #expect(try s.waitForExit() == 0)
    }
}
