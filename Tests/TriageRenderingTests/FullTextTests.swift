import Foundation
import StrokeJSON
import StrokeModels
import Testing
import TriageLocalization
import TriageRendering

/// The full text of a module command's outcome (`OutcomeText`) and of a calculator
/// or the scales (`CalculatorText`), as the CLI prints it: where the result was
/// recorded, the `--explain` traces, the disclaimer, wrapping and colour.
@Suite struct FullTextTests {
    static let english = Localizer(language: .en)
    static let disclaimer = "Research use only. Not a medical device; no diagnosis. Clinical judgement\ndecides."

    @Test func aRecordedOutcomeEndsWithTheEventAndTheUnbrokenDatabasePath() async throws {
        var outcome = try await RenderingGoldenTests.assess(TriageInputs(module: .coma, gfap: 500))
        let path = "/var/lib/stroke-triage/a/very/long/path/that/is/longer/than/eighty/columns/when/printed/audit.sqlite"
        outcome.recordedAs = RecordedEvent(sequence: 42, database: path)
        let lines = OutcomeText.lines(outcome, style: TextStyle(), localizer: Self.english, explain: false)
        #expect(lines.joined(separator: "\n") == TextRenderingTests.comaGfap500 + "\nRecorded in the audit log:\n" + path)
    }

    @Test func anUnrecordedOutcomeEndsWithTheWrappedWarning() async throws {
        let outcome = try await RenderingGoldenTests.assess(TriageInputs(module: .coma, gfap: 500))
        let plain = OutcomeText.lines(outcome, style: TextStyle(), localizer: Self.english, explain: false)
        let warning = TextStyle().wrap("! This assessment was not recorded in the audit log (see the warning above).", hangingIndent: "  ")
        #expect(Array(plain.suffix(warning.count)) == warning)
        #expect(plain.dropLast(warning.count).joined(separator: "\n") == TextRenderingTests.comaGfap500)
        let coloured = OutcomeText.lines(outcome, style: TextStyle(colour: true), localizer: Self.english, explain: false)
        #expect(coloured.last?.hasPrefix("\u{1B}[33m") == true)
        #expect(coloured.count == plain.count)
    }

    @Test func explainAddsTheTracesWrappedAfterWhereItWasRecorded() async throws {
        var outcome = try await RenderingGoldenTests.assess(TriageInputs(module: .coma, gfap: 500))
        outcome.recordedAs = RecordedEvent(sequence: 1, database: "/tmp/audit.sqlite")
        let plain = OutcomeText.lines(outcome, style: TextStyle(), localizer: Self.english, explain: false)
        let explained = OutcomeText.lines(outcome, style: TextStyle(), localizer: Self.english, explain: true)
        #expect(Array(explained.prefix(plain.count)) == plain)
        let trace = Array(explained.dropFirst(plain.count))
        #expect(trace.first == "")
        #expect(trace.dropFirst().first == "How the numbers were computed (--explain):")
        #expect(trace.allSatisfy { TextStyle.visibleWidth($0) <= 80 })
        let expected = TraceRendering.lines(AssessmentTrace(outcome.assessment), Self.english).flatMap(TextStyle().wrapKeepingIndent)
        #expect(trace == expected)
    }

    @Test func aCalculatorsTextIsItsLinesThenTheDisclaimer() throws {
        let p = try LVOModel.predict(gfap: 180, fastEd: 7)
        let result = CalculatorRendering.lines(p, Self.english)
        let text = CalculatorText.lines(result, traces: [p.trace], explain: false, localizer: Self.english)
        #expect(text.joined(separator: "\n") == CalculatorRenderingTests.printed(result))
        #expect(text.joined(separator: "\n").hasSuffix(Self.disclaimer))
    }

    @Test func explainPutsTheTitledTracesBeforeTheDisclaimer() throws {
        let p = try LVOModel.predict(gfap: 180, fastEd: 7)
        let result = CalculatorRendering.lines(p, Self.english)
        let plain = CalculatorText.lines(result, traces: [p.trace], explain: false, localizer: Self.english)
        let explained = CalculatorText.lines(result, traces: [p.trace], explain: true, localizer: Self.english)
        let resultCount = plain.count - 2   // the disclaimer wraps onto two lines
        #expect(Array(explained.prefix(resultCount)) == Array(plain.prefix(resultCount)))
        #expect(explained[resultCount] == "")
        #expect(explained[resultCount + 1] == "How the numbers were computed (--explain):")
        #expect(Array(explained.suffix(2)) == Array(plain.suffix(2)))
        let traceLines = TraceRendering.lines(p.trace, Self.english).flatMap(TextStyle().wrapKeepingIndent)
        #expect(Array(explained[(resultCount + 2)..<(explained.count - 2)]) == traceLines)
        // The scales with nothing scored: no trace section even with --explain.
        #expect(CalculatorText.lines(["none"], traces: [], explain: true, localizer: Self.english) == ["none"] + Self.disclaimer.split(separator: "\n").map(String.init))
    }

    @Test func theJSONGetsTheTraceOnlyWithExplainAndAlwaysTheDisclaimer() throws {
        let p = try LVOModel.predict(gfap: 180, fastEd: 7)
        let keys = { (value: JSONValue) -> [String] in
            guard case .object(let members) = value else { return [] }
            return members.map(\.0)
        }
        let plain = CalculatorText.json(ModelJSON.lvo(p), trace: p.trace, explain: false)
        let explained = CalculatorText.json(ModelJSON.lvo(p), trace: p.trace, explain: true)
        #expect(plain.serialized() == ModelJSON.withDisclaimer(ModelJSON.lvo(p)).serialized())
        #expect(Array(keys(plain).suffix(1)) == ["disclaimer"])
        #expect(Array(keys(explained).suffix(2)) == ["trace", "disclaimer"])
        #expect(keys(explained).dropLast(2) == keys(plain).dropLast(1))
    }

    /// The board's page wraps itself: its flags stand on one line, all of them, in the crew's order;
    /// the crew's screen wraps the same flags at 80 columns, continuing under the first one.
    @Test func theBoardsFlagsStandOnOneLineTheCrewsWrap() async throws {
        var inputs = TriageInputs(module: .full, gfap: 120)
        let given: [(InputKey, Double)] = [(.age, 70), (.sbp, 150), (.dbp, 85), (.fastEd, 6), (.anticoagulated, 1), (.glucose, 45)]
        for (key, value) in given { inputs.set(key, value) }
        let outcome = try await RenderingGoldenTests.assess(inputs)
        let crew = DecisionRendering.verdictLines(outcome.decision, assessment: outcome.assessment, Self.english)
        let board = DecisionRendering.verdictLines(outcome.decision, assessment: outcome.assessment, Self.english, wrapFlags: false)
        let crewFlags = Array(crew.drop { !$0.hasPrefix("Flags: ") })
        let boardFlags = board.filter { $0.hasPrefix("Flags: ") }
        #expect(crewFlags.count > 1)
        #expect(crewFlags.allSatisfy { TextStyle.visibleWidth($0) <= 80 })
        #expect(crewFlags.dropFirst().allSatisfy { $0.hasPrefix("       ") })
        #expect(boardFlags == ["Flags: glucose 45 mg/dL: treat hypoglycaemia first – a stroke mimic is possible; anticoagulated; onset unknown"])
        #expect(Array(board.prefix(board.count - 1)) == Array(crew.prefix(board.count - 1)))
        let joined = crewFlags.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined == boardFlags[0])
    }
}
