import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// `batch --module scales`: every determined scale per row, in CSV and JSON
/// Lines, hand-calculated totals, and a bad item rejecting only its row.
@Suite struct ScalesBatchTests {
    @Test func csvRowsScoreEveryDeterminedScale() async throws {
        // Row 1: RACE 2+1+1+1+0 = 5 (≥ 5), CPSSS 2·1+0+1 = 3, PASS 0+1+1 = 2, VAN weakness + vision; LAMS undetermined.
        // Row 2: LAMS 0+2+2 = 4 (≥ 4) only.
        // Row 3: RACE facial palsy 3 is outside 0–2: rejected, naming the column and its range.
        let csv = """
            facial_palsy,arm_motor,leg_motor,gaze_deviation,aphasia_agnosia,loc_questions_and_commands,loc_questions,arm_weakness,vision,aphasia,neglect,facial_droop,arm_drift,grip_strength
            2,1,1,1,0,0,0,1,1,0,0,,,
            ,,,,,,,,,,,0,2,2
            3,0,0,0,0,,,,,,,,,

            """
        let r = await InProcessCLI.run(["batch", "--module", "scales"], stdin: csv)
        #expect(r.status == 65)
        let lines = BatchCommandTests.lines(r.stdout)
        #expect(lines.count == 4)
        let header = BatchCommandTests.cells(lines[0])
        let columns = ["race_total", "race_lvo_suspected", "lams_total", "lams_lvo_suspected", "cpsss_total", "cpsss_lvo_suspected",
                       "pass_total", "pass_lvo_suspected", "van_positive", "undetermined", "warnings", "error"]
        #expect(Array(header.suffix(columns.count)) == columns)
        func result(_ line: String) -> [String] { Array(BatchCommandTests.cells(line).suffix(columns.count)) }
        #expect(result(lines[1]) == ["5", "true", "", "", "3", "true", "2", "true", "true", "lams", "", ""])
        #expect(result(lines[2]) == ["", "", "4", "true", "", "", "", "", "", "race;cpsss;pass;van", "", ""])
        let rejected = result(lines[3])
        #expect(rejected.last?.contains("facial_palsy") == true)
        #expect(rejected.last?.contains("0 to 2") == true)
        #expect(r.stderr.contains("Line 4 rejected"))
    }

    @Test func jsonLinesCarryTheScalesObject() async throws {
        // Row 1: CPSSS 2·0 + 1 + 0 = 1, VAN without weakness: negative with the basilar caveat.
        // Row 2: CPSSS 2·0 + 1 + 1 = 2: suspected.
        let jsonl = #"{"gazeDeviation":0,"locQuestionsAndCommands":1,"armWeakness":0,"vision":1,"aphasia":0,"neglect":0}"# + "\n"
            + #"{"gazeDeviation":0,"locQuestionsAndCommands":1,"armWeakness":1}"# + "\n"
        let r = await InProcessCLI.run(["batch", "--module", "scales", "--format", "jsonl"], stdin: jsonl)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try BatchCommandTests.lines(r.stdout).map {
            try #require(try JSONValue(parsing: Data($0.utf8)).object)
        }
        #expect(rows.count == 2)
        let first = try #require(rows[0]["result"].object)
        let scales = try #require(first["scales"].arrayValue)
        #expect(scales.map { $0["scale"].stringValue } == ["cpsss", "van"])
        #expect(scales[0]["total"].intValue == 1)
        #expect(scales[1]["vanPositive"].boolValue == false)
        #expect((scales[1]["warnings"].stringArray)?.count == 1)
        let second = try #require((rows[1]["result"].object)?["scales"].arrayValue)
        #expect(second.map { $0["total"].intValue } == [2])
        #expect(second[0]["lvoSuspected"].boolValue == true)
    }
}
