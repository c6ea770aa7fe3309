import Foundation
import StrokeModels
import TriageBatch
import TestScratch

/// A temporary directory with one batch input file, and the run's output and events.
struct BatchFixture {
    let directory: URL

    init() {
        directory = TestScratch.directory("triage-batch")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// The text of `name`, or nil when there is no such file.
    func read(_ name: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path(name)))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `module` over `input` (written to `in.<ext>`) into `out.<ext>`; returns the summary, the output and the events.
    func run(_ module: BatchModule, _ format: BatchFormat, input: String, concurrency: Int = 4,
             service: (() throws -> (any PredictionService)?)? = nil) async throws -> (BatchRunner.Summary, String, [RecordingSink.Rejection]) {
        let ext = format.rawValue
        try write("in.\(ext)", input)
        let job = BatchJob(module: module, format: format, input: path("in.\(ext)"), output: path("out.\(ext)"),
                           concurrency: concurrency)
        let sink = RecordingSink()
        let summary = try await job.run(events: sink, service: service ?? { nil })
        return (summary, read("out.\(ext)") ?? "", sink.rejections)
    }
}

/// Keeps what a run reports, in order.
final class RecordingSink: BatchEventSink {
    /// One rejected row: its line number and the reason's stable code.
    struct Rejection: Hashable {
        let line: Int
        let code: String
    }

    private(set) var rejections: [Rejection] = []
    private(set) var reasons: [RowRejection] = []
    private(set) var finishedCount = 0

    func rowRejected(line: Int, reason: RowRejection) {
        rejections.append(Rejection(line: line, code: reason.code))
        reasons.append(reason)
    }

    func finished() { finishedCount += 1 }
}

/// A prediction service that fails every request with a coded error (a cloud outage, in process).
struct FailingService: PredictionService {
    struct Outage: TriageError {
        var code: String { "cloud.unreachable" }
        var message: Message { Message("cloud.error.connect") }
        var cause: String? { nil }
        var category: ErrorCategory { .unavailable }
        static let codes = ["cloud.unreachable"]
    }

    func assess(_ inputs: TriageInputs) async throws -> Assessment { throw Outage() }
}
