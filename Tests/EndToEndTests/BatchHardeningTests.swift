import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// Batch and input messages under hostile input: an over-long row, control
/// characters quoted back, numbers that overflow or underflow.
@Suite struct BatchHardeningTests {
    /// A row far over the 1 MiB line limit.
    static let hugeRow = String(repeating: "9", count: 2 * 1024 * 1024)

    @Test(arguments: ["csv", "jsonl"])
    func anOverLongRowIsOneRejectedRowAndTheRunGoesOn(_ format: String) async throws {
        let dir = BatchCommandTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = format == "csv"
            ? "gfap,fast_ed\n100,5\n\(Self.hugeRow)\n200,3\n"
            : "{\"gfap\":100,\"fastEd\":5}\n\(Self.hugeRow)\n{\"gfap\":200,\"fastEd\":3}\n"
        let input = try BatchCommandTests.write(text, "in.\(format)", in: dir)
        let output = dir.appendingPathComponent("out.\(format)").path
        for mode in ["offline", "auto"] {
            let r = await InProcessCLI.run(["batch", "--module", "lvo", "--in", input, "--out", output, "--mode", mode,
                                          "--api-base", "http://127.0.0.1:1"])
            #expect(r.status == 65, "\(r.stderr)")
            let line = format == "csv" ? 3 : 2
            #expect(r.stderr.contains("Line \(line) rejected: the row is longer than 1 MiB; it was skipped."))
            #expect(r.stderr.contains("rows passed: 2, rows rejected: 1"))
            let rows = BatchCommandTests.lines(try String(contentsOfFile: output, encoding: .utf8))
            #expect(rows.count == (format == "csv" ? 4 : 3))
            if format == "csv" {
                #expect(rows[0].hasPrefix("gfap,fast_ed,"))
                #expect(BatchCommandTests.cells(rows[2]).first == "")
                #expect(BatchCommandTests.cells(rows[2]).count == BatchCommandTests.cells(rows[1]).count)
            } else {
                let middle = try JSONValue(parsing: Data(rows[1].utf8)).object
                #expect(middle?["line"].intValue == 2)
                #expect((middle?["input"]).isNull == true)
            }
        }
    }

    @Test func controlCharactersInAHeaderAreEscapedInTheMessage() async throws {
        let r = await InProcessCLI.run(["batch", "--module", "lvo"], stdin: "\u{1B}]0;pwned\u{07}gfap\n")
        #expect(r.status == 65)
        #expect(!r.stderr.contains("\u{1B}") && !r.stderr.contains("\u{07}"))
        #expect(r.stderr.contains(#"\u{1B}]0;pwned\u{7}gfap"#), "\(r.stderr)")
    }

    @Test func controlCharactersInAJSONKeyAreEscapedInTheRejection() async throws {
        let r = await InProcessCLI.run(["batch", "--module", "lvo", "--format", "jsonl"],
                                     stdin: "{\"gfap\":1,\"fastEd\":2,\"\\u001b[2Jx\":1}\n")
        #expect(r.status == 65)
        #expect(!r.stderr.contains("\u{1B}"))
        #expect(r.stderr.contains(#"\u{1B}[2Jx"#), "\(r.stderr)")
    }

    @Test func aDatasetsCenterNameIsEscaped() async throws {
        let dir = BatchCommandTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("centers.json")
        let json = #"""
            [{"id": "x1", "name": "Evil\u001b]0;pwned\u0007 Klinik", "address": "Road 1\u001b[2J", "lat": 49.8, "lon": 9.9,
              "level": "thrombolysisHospital",
              "capabilities": {"neurosurgery": false, "thrombectomy": false, "thrombolysis": true, "strokeUnit": false}}]
            """#
        try Data(json.utf8).write(to: file)
        for extra in [[], ["--json"]] {
            let r = await InProcessCLI.run(["centers", "--lat", "49.8", "--lon", "9.9", "--centers", file.path] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stdout.contains("\u{1B}") && !r.stdout.contains("\u{07}"), "\(r.stdout)")
            if extra.isEmpty { #expect(r.stdout.contains(#"Evil\u{1B}]0;pwned\u{7} Klinik"#), "\(r.stdout)") }
        }
    }

    @Test func anOverflowingNumberIsNotAFiniteNumber() async throws {
        let batch = await InProcessCLI.run(["batch", "--module", "lvo"], stdin: "gfap,fast_ed\n1e400,3\n")
        #expect(batch.status == 65)
        #expect(batch.stderr.contains("Line 2 rejected: gfap is not a finite number."), "\(batch.stderr)")
        let flag = await InProcessCLI.run(["coma", "--gfap", "1e400", "--mode", "offline", "--accept-disclaimer"])
        #expect(flag.status == 65)
        #expect(flag.stderr.contains("GFAP: the value given is not a finite number; allowed is"), "\(flag.stderr)")
        #expect(!flag.stderr.contains("inf"))
    }

    @Test func aTinySpeedIsShownAsGivenNotAsZero() async throws {
        let r = await InProcessCLI.run(["centers", "--lat", "49.8", "--lon", "9.9", "--speed-kmh", "4.9e-324"])
        #expect(r.status == 65, "\(r.stderr)")
        // 4.9e-324 and 5e-324 are the same double; its shortest form is shown.
        #expect(r.stderr.contains("5e-324 is not allowed"), "\(r.stderr)")
        #expect(!r.stderr.contains(": 0 is not allowed"))
    }
}
