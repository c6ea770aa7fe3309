import Logging
import StrokeLocalAPI
import Synchronization
import Testing

/// The handler the api command logs through: metadata reaches the base only with a
/// line that is written, unchanged, and the level is the base's.
@Suite struct DeferredMetadataLogHandlerTests {
    /// A base that records how often its metadata was set and what each written line carried.
    struct Recorder: LogHandler {
        final class Box: Sendable {
            let sets = Mutex(0)
            let lines = Mutex<[(String, Logger.Metadata)]>([])
        }
        let box: Box
        var logLevel: Logger.Level = .info
        var metadataProvider: Logger.MetadataProvider?
        var metadata: Logger.Metadata = [:] { didSet { box.sets.withLock { $0 += 1 } } }
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            let line = ("\(event.message)", metadata.merging(event.metadata ?? [:]) { $1 })
            box.lines.withLock { $0.append(line) }
        }
    }

    @Test func metadataReachesTheBaseOnlyWithAWrittenLine() {
        let box = Recorder.Box()
        var logger = Logger(label: "test") { _ in DeferredMetadataLogHandler(Recorder(box: box)) }
        logger.logLevel = .notice
        for id in 0..<100 {
            var request = logger
            request[metadataKey: "hb.request.id"] = "\(id)"
            request.debug("below the level")
        }
        #expect(box.sets.withLock { $0 } == 0)
        logger[metadataKey: "hb.request.id"] = "7"
        logger.notice("written", metadata: ["code": "api.x"])
        #expect(box.sets.withLock { $0 } == 1)
        let lines = box.lines.withLock { $0 }
        #expect(lines.count == 1)
        #expect(lines.first?.0 == "written")
        #expect(lines.first?.1 == ["hb.request.id": "7", "code": "api.x"])
        #expect(logger.logLevel == .notice)
    }
}
