import FakeCloudLauncher
import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// `stroke-triage batch` in process (`InProcessCLI`, standard input given): both formats for every
/// module, CSV quoting, CRLF, blank lines, bad rows, header errors, stdin and
/// stdout, golden values, output order, file mode, and no progress line off a terminal.
@Suite struct BatchCommandTests {
    /// A fresh temporary directory for one test's files.
    static func directory() -> URL { BinaryRunner.temporaryHome() }

    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    /// Splits one output CSV line (the tests' outputs quote only the error column).
    static func cells(_ line: String) -> [String] {
        var cells: [String] = [], current = "", quoted = false
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" { if chars.first == "\"" { current.append("\""); chars.removeFirst() } else { quoted = false } }
                else { current.append(c) }
            } else if c == "\"" { quoted = true }
            else if c == "," { cells.append(current); current = "" }
            else { current.append(c) }
        }
        cells.append(current)
        return cells
    }

    static let validRows: [(module: String, csv: String, jsonl: String)] = [
        ("coma", "gfap\n350\n", #"{"gfap":350}"# + "\n"),
        ("limited", "age,sbp,dbp,gfap,reduced_vigilance\n72,160,90,300,yes\n",
         #"{"age":72,"sbp":160,"dbp":90,"gfap":300,"reducedVigilance":true}"# + "\n"),
        ("full", "age,sbp,dbp,gfap,fast_ed,headache,arm_paresis\n72,160,90,300,5,1,0\n",
         #"{"age":72,"sbp":160,"dbp":90,"gfap":300,"fastEd":5,"headache":true,"armParesis":false}"# + "\n"),
        ("lvo", "gfap,fast_ed\n180,7\n", #"{"gfap":180,"fastEd":7}"# + "\n"),
        ("volume", "gfap\n1000\n", #"{"gfap":1000}"# + "\n"),
    ]

    static let resultColumns: [String: [String]] = [
        "lvo": ["probability", "risk_level", "lvo_likely", "fast_ed_used", "source", "model", "warnings", "error"],
        "volume": ["volume_ml", "volume_low_ml", "volume_high_ml", "severity", "mortality", "gfap_used", "source", "model", "warnings", "error"],
        "module": ["ich_probability", "ich_risk_level", "ich_source", "ich_model", "ich_fallback_reason",
                   "lvo_probability", "lvo_risk_level", "lvo_source", "lvo_model", "lvo_fallback_reason",
                   "volume_ml", "volume_low_ml", "volume_high_ml", "volume_severity", "volume_mortality",
                   "volume_source", "volume_model", "warnings", "error"],
    ]

    @Test(arguments: validRows.map(\.module))
    func csvForEveryModule(_ module: String) async throws {
        let row = Self.validRows.first { $0.module == module }!
        let r = await InProcessCLI.run(["batch", "--module", module, "--mode", "offline"], stdin: row.csv)
        #expect(r.status == 0, "\(r.stderr)")
        let out = Self.lines(r.stdout)
        #expect(out.count == 2)
        let inputHeader = Self.lines(row.csv)[0].split(separator: ",").map(String.init)
        let expected = inputHeader + Self.resultColumns[module == "lvo" || module == "volume" ? module : "module"]!
        #expect(Self.cells(out[0]) == expected)
        let cells = Self.cells(out[1])
        #expect(cells.count == expected.count)
        #expect(cells.last == "", "error column empty")
        #expect(Double(cells[inputHeader.count]) != nil, "first result is a number")
        #expect(r.stderr.contains("rows passed: 1, rows rejected: 0"))
        #expect(r.stderr.contains("Research use only."))
    }

    @Test(arguments: validRows.map(\.module))
    func jsonLinesForEveryModule(_ module: String) async throws {
        let row = Self.validRows.first { $0.module == module }!
        let r = await InProcessCLI.run(["batch", "--module", module, "--format", "jsonl", "--mode", "offline"], stdin: row.jsonl)
        #expect(r.status == 0, "\(r.stderr)")
        let out = Self.lines(r.stdout)
        #expect(out.count == 1)
        let object = try #require(try JSONValue(parsing: Data(out[0].utf8)).object)
        #expect(object["line"].intValue == 1)
        #expect(object["input"] != nil)
        #expect(object["error"].isNull)
        let result = try #require(object["result"].object)
        #expect(result["disclaimer"] == nil)
        switch module {
        case "lvo": #expect(result["probability"].doubleValue != nil)
        case "volume": #expect(result["volumeMl"].doubleValue != nil)
        default:
            #expect(result["module"].stringValue == module)
            #expect((result["ich"].object)?["source"].stringValue == "baseline")
            #expect(result["volume"] != nil)
            if module == "full" { #expect((result["lvo"].object)?["probability"].doubleValue != nil) }
        }
    }

    @Test func quotedFieldsCRLFAndBlankLines() async throws {
        let input = "\u{FEFF}\"gfap\",\"fast_ed\"\r\n\r\n\"180\",7\r\n   \r\n\"1,5\",2\r\n500,\"3\"\r\n"
        let r = await InProcessCLI.run(["batch", "--module", "lvo", "--mode", "offline"], stdin: input)
        #expect(r.status == 65)
        let out = Self.lines(r.stdout)
        #expect(out.count == 4)
        #expect(out[1].hasPrefix("\"180\",7,0.5119570957664139,high,true,7.0,local,"))
        #expect(Self.cells(out[2]).last == "gfap is not a number.")
        #expect(Self.cells(out[2])[0] == "1,5")
        #expect(Self.cells(out[3])[2] != "")
        #expect(r.stderr.contains("Line 5 rejected: gfap is not a number."))
        #expect(!r.stdout.contains("\r"))
    }

    @Test func aBadRowIsReportedWithItsLineAndTheRunContinues() async throws {
        let input = "age,sbp,dbp,gfap\n72,160,90,300\n72,160,90,12345\n71,90,150,300\n70,150,,300\n70,150,80,400\n"
        let r = await InProcessCLI.run(["batch", "--module", "limited", "--mode", "offline"], stdin: input)
        #expect(r.status == 65)
        let out = Self.lines(r.stdout).map(Self.cells)
        #expect(out.count == 6)
        #expect(out[1].last == "" && out[5].last == "")
        #expect(out[2].last == "gfap is outside its allowed range; allowed is a number from 29 to 10001.")
        #expect(out[3].last == "sbp must be above dbp (were the two values swapped?).")
        #expect(out[4].last == "dbp is missing.")
        #expect(r.stderr.contains("Line 3 rejected: gfap is outside its allowed range"))
        #expect(r.stderr.contains("Line 4 rejected: sbp must be above dbp"))
        #expect(r.stderr.contains("Line 5 rejected: dbp is missing."))
        #expect(!r.stderr.contains("12345"), "no patient value on stderr")
        #expect(r.stderr.contains("rows passed: 2, rows rejected: 3"))
    }

    @Test func jsonLinesBadRows() async throws {
        let input = "{\"gfap\":180,\"fastEd\":7}\nnot json\n{\"gfap\":180}\n{\"gfap\":180,\"fastEd\":7,\"age\":3}\n{\"gfap\":\"x\",\"fastEd\":1}\n"
        let r = await InProcessCLI.run(["batch", "--module", "lvo", "--format", "jsonl", "--mode", "offline"], stdin: input)
        #expect(r.status == 65)
        let objects = try Self.lines(r.stdout).map { try #require(try JSONValue(parsing: Data($0.utf8)).object) }
        #expect(objects.map { $0["line"].intValue } == [1, 2, 3, 4, 5])
        #expect(objects[1]["input"].isNull)
        #expect(objects[1]["error"].stringValue == "not one flat JSON object.")
        #expect(objects[2]["error"].stringValue == "fastEd is missing.")
        #expect(objects[3]["error"].stringValue == "unknown key age.")
        #expect(objects[4]["error"].stringValue == "gfap is not a number.")
    }

    @Test(arguments: [("gfap,fast_ed,colour\n1,2\n", "unknown column colour"),
                      ("gfap\n1\n", "required column fast_ed"),
                      ("gfap,gfap,fast_ed\n", "column gfap twice"),
                      ("\n\n", "no header row")])
    func headerErrorsExit65BeforeTheOutputExists(_ input: String, _ message: String) async throws {
        let dir = Self.directory()
        let out = dir.appendingPathComponent("out.csv").path
        let r = await InProcessCLI.run(["batch", "--module", "lvo", "--mode", "offline", "--out", out], stdin: input)
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func usageErrorsExit64() async throws {
        #expect(await InProcessCLI.run(["batch", "--module", "lvo", "--mode", "cloud"], stdin: "").status == 64)
        #expect(await InProcessCLI.run(["batch", "--module", "nope"], stdin: "").status == 64)
        #expect(await InProcessCLI.run(["batch", "--module", "full", "--concurrency", "0"], stdin: "").status == 64)
        let missing = await InProcessCLI.run(["batch", "--module", "lvo", "--in", "/nonexistent/in.csv"])
        #expect(missing.status == 1)
        let dir = Self.directory()
        let same = try Self.write("gfap\n100\n", "same.csv", in: dir)
        let clash = await InProcessCLI.run(["batch", "--module", "volume", "--mode", "offline", "--in", same, "--out", same])
        #expect(clash.status == 64)
        #expect(try String(contentsOfFile: same, encoding: .utf8) == "gfap\n100\n", "input left intact")
    }

    @Test func filesAndDashesFormatFromTheExtensionAndMode0600() async throws {
        let dir = Self.directory()
        let input = try Self.write(#"{"gfap":1000}"# + "\n", "in.jsonl", in: dir)
        let out = dir.appendingPathComponent("out.jsonl").path
        _ = FileManager.default.createFile(atPath: out, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644])
        let r = await InProcessCLI.run(["batch", "--module", "volume", "--in", input, "--out", out, "--mode", "offline"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.hasPrefix(#"{"line":1,"input":{"gfap":1000},"result":{"gfap":1000.0,"#))
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let dashes = await InProcessCLI.run(["batch", "--module", "volume", "--in", "-", "--out", "-", "--mode", "offline"], stdin: "gfap\n1000\n")
        #expect(dashes.status == 0)
        #expect(dashes.stdout.contains("23.938669011741915"))
    }

    @Test func noProgressLineWhenStderrIsNotATerminal() async throws {
        var input = "gfap,fast_ed\n"
        for i in 0..<20_000 { input += "\(100 + i % 900),\(i % 10)\n" }
        let r = await InProcessCLI.run(["batch", "--module", "lvo", "--mode", "offline"], stdin: input)
        #expect(r.status == 0)
        #expect(!r.stderr.contains("\r"))
        #expect(!r.stderr.contains("rows/s"))
        #expect(Self.lines(r.stderr).count == 2, "summary and disclaimer only")
    }

    @Test func outputOrderFollowsInputOrderWithConcurrentRequests() async throws {
        var input = ""
        for i in 0..<300 { input += "{\"gfap\":\(29 + i * 30)}\n" }
        input += "{\"gfap\":5}\n"
        // The cloud is the fake one in this process (an unreachable default endpoint only made the rows wait).
        let cloud = try FakeCloud.start()
        defer { cloud.stop() }
        let r = await InProcessCLI.runOnStillClock(["batch", "--module", "coma", "--format", "jsonl", "--mode", "auto", "--per-row-requests",
                                                    "--concurrency", "8", "--api-base", cloud.base()], stdin: input)
        #expect(r.status == 65)
        let objects = try Self.lines(r.stdout).map { try #require(try JSONValue(parsing: Data($0.utf8)).object) }
        #expect(objects.map { $0["line"].intValue } == Array(1...301))
        for (i, object) in objects.prefix(300).enumerated() {
            let inputs = (object["result"].object)?["inputs"].object
            #expect(inputs?["gfap"].doubleValue == Double(29 + i * 30))
        }
        #expect(objects[300]["error"].stringValue == "gfap is outside its allowed range; allowed is a number from 29 to 10001.")
    }

    @Test func lvoGoldenValuesThroughBatch() async throws {
        let cases = try CalculatorCommandTests.cases("lvo.json")
        #expect(cases.count > 80)
        var input = "gfap,fast_ed\n"
        for c in cases { input += CalculatorCommandTests.arg(c["gfap"]) + "," + CalculatorCommandTests.arg(c["fastEd"]) + "\n" }
        let r = await InProcessCLI.run(["batch", "--module", "lvo", "--mode", "offline"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = Self.lines(r.stdout).dropFirst().map(Self.cells)
        #expect(rows.count == cases.count)
        for (c, row) in zip(cases, rows) {
            let p = try #require(Double(row[2]))
            #expect(abs(p - (c["probability"].doubleValue!)) <= 1e-12)
            #expect(row[3] == c["riskLevel"].stringValue)
            #expect(row[4] == String(c["lvoLikely"].boolValue!))
            #expect(Double(row[5]) == c["fastEdUsed"].doubleValue)
        }
    }

    @Test func volumeGoldenValuesThroughBatch() async throws {
        let cases = try CalculatorCommandTests.cases("volume.json")
        #expect(!cases.isEmpty)
        var input = ""
        for c in cases { input += "{\"gfap\":\(CalculatorCommandTests.arg(c["gfap"]))}\n" }
        let r = await InProcessCLI.run(["batch", "--module", "volume", "--format", "jsonl", "--mode", "offline"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let objects = try Self.lines(r.stdout).map { try #require(try JSONValue(parsing: Data($0.utf8)).object) }
        #expect(objects.count == cases.count)
        for (c, object) in zip(cases, objects) {
            let result = try #require(object["result"].object)
            let expected = c["volumeMl"].doubleValue!
            #expect(abs((result["volumeMl"].doubleValue!) - expected) <= 1e-12 * max(expected, 1))
            let range = try #require(result["volumeRangeMl"].doubleArray)
            let expectedRange = c["rangeMl"].doubleArray!
            #expect(abs(range[0] - expectedRange[0]) <= 1e-12 * max(expectedRange[0], 1))
            #expect(abs(range[1] - expectedRange[1]) <= 1e-12 * max(expectedRange[1], 1))
            #expect(result["severity"].stringValue == c["severity"].stringValue)
            #expect(result["mortality"].stringValue == c["mortality"].stringValue)
        }
    }

    @Test func twoHundredThousandRowsStreamToTheEnd() async throws {
        let dir = Self.directory()
        let url = dir.appendingPathComponent("big.csv")
        var text = "gfap,fast_ed\n"
        text.reserveCapacity(2_400_000)
        for i in 0..<200_000 { text += "\(29 + (i * 7919) % 9000).5,\(i % 10)\n" }
        try Data(text.utf8).write(to: url)
        let out = dir.appendingPathComponent("big.out.csv")
        let r = await InProcessCLI.run(["batch", "--module", "lvo", "--mode", "offline", "--in", url.path, "--out", out.path])
        #expect(r.status == 0)
        #expect(r.stderr.contains("rows passed: 200000, rows rejected: 0"))
        let written = try Data(contentsOf: out)
        #expect(written.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } == 200_001)
        try? FileManager.default.removeItem(at: dir)
    }
}
