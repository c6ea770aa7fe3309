import Foundation
import StrokeModels
import Testing
import TriageEngine
import TriageLocalization

/// The walkthrough state machine: paths, order, calculator, back, validation, keys.
@Suite struct WalkthroughTests {
    @Test func comaPathAsksGfapThenOnsetAndLocation() {
        var d = WalkDriver()
        #expect(d.walk.step == .comatose)
        d.type("y")
        #expect(d.walk.module == .coma)
        #expect(d.walk.step == .number(.glucose))
        d.type("")
        #expect(d.walk.step == .number(.gfap))
        d.type("500")
        #expect(d.walk.step == .onset)
        d.type("")
        #expect(d.walk.step == .location)
        d.type("")
        #expect(d.walk.step == .confirm)
        d.type("")
        let inputs = try! #require(d.computed)
        #expect(inputs.module == .coma)
        #expect(inputs.gfap == 500)
        #expect(inputs.onsetMinutes == nil && inputs.location == nil)
    }

    @Test func limitedPathInOrder() {
        var d = WalkDriver()
        d.type("n", "n")
        #expect(d.walk.module == .limited)
        var asked: [WalkStep] = []
        // GFAP comes last of the module's inputs (issue 43).
        for answer in ["70", "160", "90", "j", "112.5", "800", "30", "48.1,11.5"] {
            asked.append(d.walk.step)
            d.type(answer)
        }
        #expect(asked == [.number(.age), .number(.sbp), .number(.dbp), .finding(.reducedVigilance),
                          .number(.glucose), .number(.gfap), .onset, .location])
        d.type("yes")
        let inputs = try! #require(d.computed)
        #expect(inputs.module == .limited)
        #expect(inputs.age == 70 && inputs.sbp == 160 && inputs.dbp == 90 && inputs.gfap == 800)
        #expect(inputs.reducedVigilance && inputs[.glucose] == 112.5)
        #expect(inputs.onsetMinutes == 30)
        #expect(inputs.location == Coordinate(latitude: 48.1, longitude: 11.5))
    }

    @Test func fullPathWithTypedTotalAsksArmAndEyes() {
        var d = WalkDriver()
        d.type("no", "yes", "70", "160", "90", "3")
        var asked: [WalkStep] = []
        for answer in ["y", "n", "y", "y", "n", "ja", "nein", "n", "", "800"] {
            asked.append(d.walk.step)
            d.type(answer)
        }
        #expect(asked == [.finding(.headache), .finding(.legParesis), .finding(.armParesis), .finding(.eyeDeviation),
                          .finding(.reducedVigilance), .finding(.atrialFibrillation), .finding(.anticoagulated),
                          .finding(.antiplatelets), .number(.glucose), .number(.gfap)])
        d.type("", "", "Y")
        let inputs = try! #require(d.computed)
        #expect(inputs.module == .full && inputs.fastEd == 3 && inputs.fastEdExam == nil)
        #expect(inputs.headache && !inputs.legParesis && inputs.armParesis && inputs.eyeDeviation)
        #expect(!inputs.reducedVigilance && inputs.atrialFibrillation && !inputs.anticoagulated && !inputs.antiplatelets)
    }

    @Test func guidedCalculatorShowsRunningTotalAndDerivesFindings() {
        var d = WalkDriver()
        d.type("n", "y", "70", "160", "90", "c")
        #expect(d.walk.usesCalculator)
        #expect(d.walk.step == .fastEdItem(.facialPalsy))
        #expect(d.walk.prompt.runningTotal == 0)
        d.type("1")
        #expect(d.walk.prompt.runningTotal == 1)
        d.type("2", "1")
        #expect(d.walk.prompt.runningTotal == 4)
        d.type("3")
        guard case .invalid = d.events.last! else { Issue.record("eye deviation 3 must be re-asked"); return }
        d.type("2")
        let event = d.type("0")
        guard case .accepted(_, let notes) = event else { Issue.record("expected accepted"); return }
        #expect(notes.first?.key == "walk.fastEd.total")
        #expect(d.walk.step == .finding(.headache))
        d.type("n", "n", "n", "n", "n", "n", "", "800", "", "", "")
        let inputs = try! #require(d.computed)
        #expect(inputs.fastEd == 6)
        #expect(inputs.fastEdExam?.total == 6)
        #expect(inputs.armParesis && inputs.eyeDeviation)
    }

    @Test func backGoesOneQuestionAndBranchesCanChange() {
        var d = WalkDriver()
        #expect(d.type("b") == .cannotGoBack)
        d.type("n", "y", "70")
        #expect(d.walk.step == .number(.sbp))
        #expect(d.type("b") == .wentBack)
        #expect(d.walk.step == .number(.age))
        d.type("b", "b")
        #expect(d.walk.step == .comatose)
        d.type("y")
        #expect(d.walk.module == .coma)
        d.type("", "1000", "", "")
        #expect(d.walk.step == .confirm)
        d.type("b")
        #expect(d.walk.step == .location)
        d.type("", "")
        let inputs = try! #require(d.computed)
        #expect(inputs.module == .coma && inputs.age == nil)
    }

    @Test func backFromCalculatorToTypedTotal() {
        var d = WalkDriver()
        d.type("n", "y", "70", "160", "90", "c", "1", "b", "b")
        #expect(d.walk.step == .fastEd)
        d.type("2")
        #expect(!d.walk.usesCalculator)
        #expect(d.walk.step == .finding(.headache))
    }

    @Test func invalidAnswersAreAskedAgainWithTheReason() {
        var d = WalkDriver()
        guard case .invalid(let m) = d.type("maybe") else { Issue.record("expected invalid"); return }
        #expect(m.key == "walk.invalid.yesNo")
        #expect(d.walk.step == .comatose)
        d.type("n", "y")
        guard case .invalid(let range) = d.type("130") else { Issue.record("age 130"); return }
        #expect(range.key == "error.validation.range")
        guard case .invalid(let nan) = d.type("abc") else { Issue.record("abc"); return }
        #expect(nan.key == "walk.invalid.number")
        guard case .invalid(let empty) = d.type("") else { Issue.record("empty"); return }
        #expect(empty.key == "walk.invalid.empty")
        guard case .invalid = d.type("70.5") else { Issue.record("fractional age"); return }
        #expect(d.walk.step == .number(.age))
        d.type("70", "120")
        guard case .invalid(let swapped) = d.type("130") else { Issue.record("swapped pressures"); return }
        #expect(swapped.key == "error.validation.systolicAboveDiastolic")
        #expect(d.walk.step == .number(.dbp))
    }

    @Test func warningsKeepTheValue() {
        var d = WalkDriver()
        d.type("y", "")
        guard case .accepted(let warnings, _) = d.type("9000,5") else { Issue.record("expected accepted"); return }
        #expect(warnings.map(\.code) == ["gfap.extreme"])
        d.type("", "")
        #expect(d.walk.step == .confirm)
        d.type("")
        #expect(d.computed?.gfap == 9000.5)
        var minor = WalkDriver()
        minor.type("n", "n")
        guard case .accepted(let w, _) = minor.type("16") else { Issue.record("minor"); return }
        #expect(w.map(\.code) == ["age.minor"])
    }

    @Test func helpDoesNotAdvance() {
        var d = WalkDriver()
        #expect(d.type("?") == .help(Message("walk.help.comatose", WalkStep.comatose.questionArguments)))
        #expect(d.walk.step == .comatose)
    }

    @Test func declineAtComputeEnds() {
        var d = WalkDriver()
        d.type("y", "", "100", "", "")
        #expect(d.type("n") == .declined)
        var again = WalkDriver()
        again.type("y", "", "100", "", "")
        guard case .invalid = again.type("x") else { Issue.record("x at compute"); return }
    }

    @Test func locationAndOnsetRules() {
        var d = WalkDriver()
        d.type("y", "", "100")
        guard case .invalid = d.type("-1") else { Issue.record("onset -1"); return }
        guard case .invalid = d.type("10081") else { Issue.record("onset too long"); return }
        d.type("12,5")
        guard case .invalid = d.type("91,10") else { Issue.record("lat 91"); return }
        guard case .invalid = d.type("somewhere") else { Issue.record("text"); return }
        d.type("48,14; 11,58")
        d.type("")
        #expect(d.computed?.location == Coordinate(latitude: 48.14, longitude: 11.58))
        #expect(d.computed?.onsetMinutes == 12.5)
    }

    @Test func everyPromptAndSummaryKeyExistsInBothLanguages() {
        var d = WalkDriver()
        var keys: Set<String> = []
        func collect(_ m: Message) {
            keys.insert(m.key)
            for case .message(let inner) in m.arguments { collect(inner) }
        }
        func visit(_ w: Walkthrough) {
            collect(w.prompt.question)
            if let detail = w.prompt.detail { collect(detail) }
            collect(Message("walk.help.\(w.step.key)"))
        }
        visit(d.walk)
        for answer in ["n", "y", "70", "160", "90", "c", "1", "1", "1", "1", "1", "y", "y", "y", "y", "y", "y", "45", "800", "30", "48,11"] {
            d.type(answer)
            visit(d.walk)
        }
        for line in d.walk.summary() { collect(line.label); collect(line.value) }
        var typed = WalkDriver()
        typed.type("n", "y", "70", "160", "90", "3")
        for _ in 0..<8 { visit(typed.walk); typed.type("n") }
        var limited = WalkDriver()
        limited.type("n", "n", "70", "160", "90", "n", "", "800", "", "")
        for line in limited.walk.summary() { collect(line.label); collect(line.value) }
        for module in TriageModule.allCases {
            keys.insert("walk.module.\(module.rawValue)")
            keys.insert("walk.module.chosen.\(module.rawValue)")
        }
        for level in RiskLevel.allCases {
            keys.insert("rec.ich.\(level.rawValue)")
            keys.insert("rec.lvo.\(level.rawValue)")
        }
        let en = Localizer.keys(.en), de = Localizer.keys(.de)
        for key in keys {
            #expect(en.contains(key), "missing in en: \(key)")
            #expect(de.contains(key), "missing in de: \(key)")
        }
    }

    /// Every literal `walk.` key in the sources (models, walkthrough, engine, fleet and executable) exists in both languages.
    @Test func everyLiteralKeyInTheSourcesExists() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let en = Localizer.keys(.en), de = Localizer.keys(.de)
        var checked = 0
        for folder in ["Sources/StrokeModels", "Sources/StrokeTriage", "Sources/TriageEngine", "Sources/TriageFleet"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                // Error types hold codes (`walk.reportNotWritten`), checked by ErrorCodesTests.
                guard url.pathExtension == "swift", !url.lastPathComponent.hasSuffix("Error.swift") else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                let regex = try NSRegularExpression(pattern: "\"(walk\\.[A-Za-z.]+[A-Za-z])\"")
                for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let key = String(text[Range(match.range(at: 1), in: text)!])
                    #expect(en.contains(key), "missing in en: \(key) (\(url.lastPathComponent))")
                    #expect(de.contains(key), "missing in de: \(key) (\(url.lastPathComponent))")
                    checked += 1
                }
            }
        }
        #expect(checked > 40)
    }

    @Test func summaryListsEveryInput() {
        var d = WalkDriver()
        d.type("n", "y", "70", "160", "90", "5", "n", "n", "y", "n", "n", "n", "n", "n", "", "800", "", "")
        let summary = d.walk.summary()
        let l = Localizer(language: .de)
        let rendered = summary.map { l.render($0.label) + ": " + l.render($0.value) }
        #expect(rendered.count == 16)
        #expect(rendered.contains("Alter: 70 Jahre"))
        #expect(rendered.contains("Standort: nicht angegeben"))
    }
}

/// A region's configured scales in the full module: their items after the
/// findings, shared items asked once, nothing added elsewhere.
@Suite struct WalkthroughScalesTests {
    static let fullUpToScales = ["n", "y", "70", "160", "90", "3", "n", "n", "y", "y", "n", "n", "n", "n"]

    @Test func sharedItemsAreAskedOnceAndScored() {
        var d = WalkDriver(walk: Walkthrough(scales: [.van, .cpsss, .pass]))
        for line in Self.fullUpToScales { d.type(line) }
        var asked: [WalkStep] = []
        // gaze 1, LOC questions and commands 0, arm weakness 1, LOC questions 1, vision 0, aphasia 1, neglect 0.
        for answer in ["1", "0", "1", "1", "0", "1", "0"] {
            asked.append(d.walk.step)
            d.type(answer)
        }
        #expect(asked == [.scaleItem(.gazeDeviation), .scaleItem(.locQuestionsAndCommands), .scaleItem(.armWeakness),
                          .scaleItem(.locQuestions), .scaleItem(.vision), .scaleItem(.aphasia), .scaleItem(.neglect)])
        d.type("", "800", "", "", "y")
        let inputs = try! #require(d.computed)
        #expect(inputs.scales == [.cpsss, .pass, .van])
        let report = try! #require(try inputs.scaleReport())
        // CPSSS 2·1 + 0 + 1 = 3; PASS 1 + 1 + 1 = 3; VAN weakness + aphasia: positive.
        #expect(report.scored.map(\.total) == [3, 3, nil])
        #expect(report.scored.map(\.positive) == [true, true, true])
    }

    @Test func aGazeItemThatContradictsTheEyeDeviationAnswerIsReasked() {
        // The findings answered eye deviation "y"; the scale's gaze item 0 contradicts it (issue 37).
        var d = WalkDriver(walk: Walkthrough(scales: [.cpsss]))
        for line in Self.fullUpToScales { d.type(line) }
        #expect(d.walk.step == .scaleItem(.gazeDeviation))
        guard case .invalid(let message) = d.type("0") else { Issue.record("gaze 0 after eye deviation yes must be re-asked"); return }
        #expect(message.key == "walk.invalid.gazeContradicts")
        #expect(d.walk.step == .scaleItem(.gazeDeviation))
        d.type("1")
        #expect(d.walk.step != .scaleItem(.gazeDeviation))
    }

    @Test func outOfRangeScaleItemIsReasked() {
        var d = WalkDriver(walk: Walkthrough(scales: [.lams]))
        for line in Self.fullUpToScales { d.type(line) }
        #expect(d.walk.step == .scaleItem(.facialDroop))
        guard case .invalid = d.type("2") else { Issue.record("facial droop 2 must be re-asked"); return }
        #expect(d.walk.step == .scaleItem(.facialDroop))
    }

    @Test func nothingConfiguredLeavesThePathUnchanged() {
        var d = WalkDriver()
        for line in Self.fullUpToScales { d.type(line) }
        #expect(d.walk.step == .number(.glucose))
        d.type("", "")
        #expect(d.walk.step == .onset)
        var coma = WalkDriver(walk: Walkthrough(scales: [.race]))
        coma.type("y", "", "500")
        #expect(coma.walk.step == .onset)
    }
}
