import Foundation
import StrokeModels
import Testing
@testable import TriageBatch
import TriageEngine

/// Whole-run errors with their stable codes (nothing written when the header is wrong),
/// the format and module tables, the service choice and the progress arithmetic.
@Suite("batch errors and tables")
struct BatchErrorTests {
    /// Runs a CSV job and returns the thrown error's code.
    private func code(module: BatchModule = .lvo, input: String?, output: String = "out.csv",
                      fixture: BatchFixture) async -> String? {
        let inputPath = input.map { (try? fixture.write("in.csv", $0)) ?? "" } ?? fixture.path("absent.csv")
        let outputPath = output == "in" ? inputPath : fixture.path(output)
        do {
            _ = try await BatchJob(module: module, format: .csv, input: inputPath, output: outputPath).run(events: RecordingSink())
            return nil
        } catch let error as BatchError {
            return error.code
        } catch {
            return "other: \(error)"
        }
    }

    @Test("header errors name the column; the output file is never created")
    func headerErrors() async {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        #expect(await code(input: "gfap,age\n1,2\n", fixture: fixture) == "batch.unknownColumn")
        #expect(await code(input: "gfap\n100\n", fixture: fixture) == "batch.missingColumn")
        #expect(await code(input: "gfap,fast_ed,gfap\n", fixture: fixture) == "batch.duplicateColumn")
        #expect(await code(input: "\n  \n", fixture: fixture) == "batch.noHeader")
        #expect(fixture.read("out.csv") == nil)
        let error = BatchError.unknownColumn("age", allowed: ["gfap", "fast_ed"])
        #expect(error.isHeaderError && error.isInvalidData && !error.isUsage)
        #expect(error.arguments == ["age", "gfap, fast_ed"])
    }

    @Test("an absent input, and an output that is the input, are refused before anything is written")
    func fileErrors() async throws {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        #expect(await code(input: nil, fixture: fixture) == "batch.cannotOpenInput")
        #expect(await code(input: "gfap,fast_ed\n100,5\n", output: "in", fixture: fixture) == "batch.outputIsInput")
        #expect(fixture.read("in.csv") == "gfap,fast_ed\n100,5\n")
        #expect(BatchError.outputIsInput("x").isUsage)
    }

    @Test("a row over the line limit is rejected as tooLong and the run goes on")
    func overLongRow() async throws {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        let long = String(repeating: "9", count: 2 << 20)
        let (summary, output, rejections) = try await fixture.run(.lvo, .csv, input: "gfap,fast_ed\n\(long),1\n100,5\n")
        #expect(summary == BatchRunner.Summary(passed: 1, rejected: 1))
        #expect(rejections == [.init(line: 2, code: "batch.reason.tooLong")])
        #expect(output.split(separator: "\n").count == 3)
    }

    @Test("formats come from the file name; modules list their columns")
    func tables() {
        #expect(BatchFormat.inferred(from: "rows.JSONL") == .jsonl)
        #expect(BatchFormat.inferred(from: "rows.ndjson") == .jsonl)
        #expect(BatchFormat.inferred(from: "rows.csv") == .csv)
        #expect(BatchFormat.inferred(from: "rows.txt") == nil)
        #expect(BatchFormat.inferred(from: "-") == nil)
        #expect(BatchModule.lvo.requiredKeys.map(\.csv) == ["gfap", "fast_ed"])
        #expect(BatchModule.coma.acceptedKeys.map(\.csv) == ["glucose", "gfap", "onset_minutes", "lat", "lon"])
        #expect(BatchModule.coma.requiredKeys.map(\.csv) == ["gfap"])
        #expect(BatchModule.volume.resultColumns.last == "error")
        #expect(BatchModule.scales.triageModule == nil && BatchModule.full.triageModule == .full)
    }

    @Test("rows are scored in-line offline and for the calculators; no service is built for them")
    func rowService() throws {
        let config = AppConfig()
        #expect(try BatchJob.rowService(.offline, module: .full, config: config) == nil)
        #expect(try BatchJob.rowService(PredictionSettings(mode: .auto), module: .lvo, config: config) == nil)
        #expect(try BatchJob.rowService(PredictionSettings(mode: .auto), module: .volume, config: config) == nil)
    }

    @Test("progress: rate from rows and time, time left from the share of bytes read")
    func progressArithmetic() {
        let p = BatchProgressMeter.progress(rows: 1000, bytesRead: 250, totalBytes: 1000, elapsed: 2)
        #expect(p == BatchProgress(rows: 1000, rowsPerSecond: 500, secondsLeft: 6))
        #expect(BatchProgressMeter.progress(rows: 10, bytesRead: 5, totalBytes: nil, elapsed: 1).secondsLeft == nil)
        #expect(BatchProgressMeter.progress(rows: 0, bytesRead: 0, totalBytes: 10, elapsed: 0).rowsPerSecond == 0)
        var silent = BatchProgressMeter(totalBytes: nil, enabled: false)
        for _ in 0..<5000 { #expect(silent.tick(rows: 1, bytesRead: 1) == nil) }
    }
}
