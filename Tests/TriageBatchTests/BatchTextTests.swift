import Foundation
import StrokeModels
import Testing
import TriageBatch
import TriageEngine
import TriageLocalization

/// What a batch run says beside its output (`BatchText`) and its timed run, in process.
@Suite("batch text")
struct BatchTextTests {
    static let english = Localizer(language: .en)

    @Test("a rejected row is named by its line and reason, never its value")
    func rowRejected() {
        let line = BatchText.rowRejected(line: 7, reason: .missing(column: "gfap"), Self.english)
        #expect(line == "Line 7 rejected: gfap is missing.")
    }

    @Test("progress: rows and rows per second, the time left only when known, no terminal control")
    func progress() {
        let known = BatchText.progress(BatchProgress(rows: 250, rowsPerSecond: 812.6, secondsLeft: 3.2), Self.english)
        #expect(known == "250 rows, 813 rows/s, about 3 s left")
        let unknown = BatchText.progress(BatchProgress(rows: 250, rowsPerSecond: 812.6, secondsLeft: nil), Self.english)
        #expect(unknown == "250 rows, 813 rows/s")
        #expect(!known.contains("\u{1B}") && !known.contains("\r"))
    }

    @Test("the summary: counts and seconds to three decimals, then the disclaimer")
    func summary() {
        let lines = BatchText.summary(BatchRunner.Summary(passed: 3, rejected: 1), seconds: 1.23456, Self.english)
        #expect(lines == [
            "Batch done — rows passed: 3, rows rejected: 1, time: 1.235 s.",
            "Research use only. Not a medical device; no diagnosis. Clinical judgement decides.",
        ])
        let german = BatchText.summary(BatchRunner.Summary(passed: 3, rejected: 1), seconds: 1.5, Localizer(language: .de))
        #expect(german.count == 2 && german[0] != lines[0] && german[0].contains("1,5"))
    }

    @Test("a timed run gives the run's summary and its duration")
    func timedRun() async throws {
        let fixture = BatchFixture()
        defer { fixture.remove() }
        let input = try fixture.write("in.csv", BatchJobTests.lvoCSV)
        let job = BatchJob(module: .lvo, format: .csv, input: input, output: fixture.path("out.csv"))
        let sink = RecordingSink()
        let (summary, seconds) = try await job.timedRun(events: sink)
        #expect(summary == BatchRunner.Summary(passed: 3, rejected: 1))
        #expect(seconds >= 0 && seconds.isFinite)
        #expect(fixture.read("out.csv") == BatchJobTests.lvoCSVOutput)
        #expect(sink.rejections.count == 1)
    }
}

/// A batch run's settings in the command line's words.
@Suite("batch usage")
struct BatchUsageTests {
    @Test("cloud-only mode, rows in flight and the deadline")
    func usage() {
        #expect(BatchJob.usageProblem(mode: .auto, concurrency: 4, deadline: nil) == nil)
        #expect(BatchJob.usageProblem(mode: .offline, concurrency: 256, deadline: 0.5) == nil)
        #expect(BatchJob.usageProblem(mode: .cloud, concurrency: 4, deadline: nil) == "--mode cloud is not available for batch; use offline or auto.")
        #expect(BatchJob.usageProblem(mode: .auto, concurrency: 0, deadline: nil) == "--concurrency must be a whole number from 1 to 256.")
        #expect(BatchJob.usageProblem(mode: .auto, concurrency: 257, deadline: nil) == "--concurrency must be a whole number from 1 to 256.")
        #expect(BatchJob.usageProblem(mode: .auto, concurrency: 4, deadline: 0) == "--deadline must be a number of seconds > 0.")
        #expect(BatchJob.usageProblem(mode: .auto, concurrency: 4, deadline: .infinity) == "--deadline must be a number of seconds > 0.")
    }
}
