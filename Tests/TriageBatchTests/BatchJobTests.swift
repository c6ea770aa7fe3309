import Foundation
import StrokeModels
import Testing
import TriageBatch

/// The batch engine in process: real CSV and JSON Lines files in, the output compared byte for byte,
/// the rejected rows reported to the sink with their stable codes.
@Suite("batch job")
struct BatchJobTests {
    static let lvoCSV = "gfap,fast_ed\n100,5\nabc,3\n\n50,99\n1200,2\n"
    static let lvoCSVOutput = """
        gfap,fast_ed,probability,risk_level,lvo_likely,fast_ed_used,source,model,warnings,error
        100,5,0.17608061872332992,low,false,5.0,local,2024.09.28-calibrated,,
        abc,3,,,,,,,,gfap is not a number.
        50,99,0.9993099454951256,critical,true,16.0,local,2024.09.28-calibrated,fastEd.clamped,
        1200,2,0.018608517798777924,low,false,2.0,local,2024.09.28-calibrated,,

        """

    @Test("CSV in: every row scored or rejected in input order; the rejection named by line and code")
    func csvRows() async throws {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        let (summary, output, rejections) = try await fixture.run(.lvo, .csv, input: Self.lvoCSV)
        #expect(output == Self.lvoCSVOutput)
        #expect(summary == BatchRunner.Summary(passed: 3, rejected: 1))
        // Line numbers count the header and the blank line, as an editor shows them.
        #expect(rejections == [.init(line: 3, code: "batch.reason.notANumber")])
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.path("out.csv"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("JSON Lines in: the input object echoed, the one-shot JSON as result, and each kind of bad line")
    func jsonLinesRows() async throws {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        let input = "{\"gfap\":100,\"fastEd\":5}\nnot json\n{\"gfap\":100,\"fastEd\":5,\"zzz\":1}\n{\"gfap\":null,\"fastEd\":4}\n"
        let (summary, output, rejections) = try await fixture.run(.lvo, .jsonl, input: input)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"line":1,"input":{"gfap":100,"fastEd":5},"result":{"gfap":100.0,"fastEd":5.0,"fastEdUsed":5.0,"#
            + #""clamped":false,"probability":0.17608061872332992,"lvoLikely":false,"threshold":0.333333,"riskLevel":"low","#
            + #""contributions":{"gfap":-0.9789083893605981,"fastEd":0.9299514117709297},"source":"local","#
            + #""model":"2024.09.28-calibrated","warnings":[]},"error":null}"#)
        #expect(lines[1] == #"{"line":2,"input":null,"result":null,"error":"not one flat JSON object."}"#)
        #expect(lines[2] == #"{"line":3,"input":{"gfap":100,"fastEd":5,"zzz":1},"result":null,"error":"unknown key zzz."}"#)
        #expect(lines[3] == #"{"line":4,"input":{"gfap":null,"fastEd":4},"result":null,"error":"gfap is missing."}"#)
        #expect(summary == BatchRunner.Summary(passed: 1, rejected: 3))
        #expect(rejections == [.init(line: 2, code: "batch.reason.notJSON"), .init(line: 3, code: "batch.reason.unknownKey"),
                               .init(line: 4, code: "batch.reason.missing")])
    }

    @Test("a module batch offline: ICH baseline, volume and provenance columns; a range rejection names what is allowed")
    func moduleRowsOffline() async throws {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        let (summary, output, _) = try await fixture.run(.coma, .csv, input: "gfap\n300\n80\n-1\n\n")
        let rows = output.split(separator: "\n").map(String.init)
        #expect(rows.count == 4)
        #expect(rows[1] == "300,0.4503097120588577,medium,baseline,ich-baseline-age-gfap-logistic,,,,,,,13.870083153956237,"
            + "9.709058207769365,18.031108100143108,moderate,10-19%,local,gfap-volume-loglog-r2-0.476,,")
        #expect(rows[3] == "-1,,,,,,,,,,,,,,,,,,,gfap is outside its allowed range; allowed is a number from 29 to 10001.")
        #expect(summary == BatchRunner.Summary(passed: 2, rejected: 1))
    }

    @Test("rows sent one request each through a service give the same output, in input order, as the in-line path")
    func concurrentMatchesInline() async throws {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        var input = "gfap,onset_minutes\n"
        for i in 0..<200 { input += "\(30 + i * 37),\(i % 5 == 0 ? "" : String(i))\n" }
        input += "abc,1\n"
        let (inlineSummary, inline, inlineRejections) = try await fixture.run(.coma, .csv, input: input)
        for concurrency in [1, 7] {
            let (summary, viaService, rejections) = try await fixture.run(.coma, .csv, input: input, concurrency: concurrency) {
                OfflinePredictionService()
            }
            #expect(viaService == inline)
            #expect(summary == inlineSummary)
            #expect(rejections == inlineRejections)
        }
    }

    @Test("a failing service rejects each module row with the error's stable code, never its message")
    func serviceFailure() async throws {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        let (summary, output, rejections) = try await fixture.run(.coma, .jsonl, input: "{\"gfap\":300}\n{\"gfap\":\"x\"}\n") {
            FailingService()
        }
        #expect(summary == BatchRunner.Summary(passed: 0, rejected: 2))
        #expect(rejections == [.init(line: 1, code: "batch.reason.serviceFailed"), .init(line: 2, code: "batch.reason.notANumber")])
        #expect(output.contains("cloud.unreachable"))
    }

    @Test("the same input gives byte-identical output on every run")
    func deterministic() async throws {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        let first = try await fixture.run(.lvo, .csv, input: Self.lvoCSV).1
        let second = try await fixture.run(.lvo, .csv, input: Self.lvoCSV).1
        #expect(first == second)
    }
}
