import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import StrokeLocalAPI
import Testing

/// `stroke-triage-server api` served in the test process: the configuration resolved from the
/// same settings (`LocalAPIConfiguration(flags:environment:configPath:)`), the `/v1` routes loaded
/// from `environment` (its `STROKE_TRIAGE_HOME`), the API's HTTP/1.1 server with the command's idle
/// timeout, on 127.0.0.1 and a port the OS picks, under a service group that installs no signal
/// handler; NIO's event loops serve it, never the cooperative pool. Stopped when `body` returns.
///
/// The `api` command line itself (its exit statuses, its start-up line) is tested as a process
/// (`LocalAPIServerProcess`).
enum LocalAPIInProcess {
    /// Runs the API with `flags` for the length of `body`, which gets its base URL (`http://127.0.0.1:PORT`).
    /// `idleGraceSeconds`: how long after the request timeout idle connections close (the command's 5 s;
    /// a test of the 408 itself gives more, so that a test process whose cooperative pool other suites
    /// keep busy still sees the 408 before the idle close).
    static func withServer<T: Sendable>(_ flags: [LocalAPISetting: String] = [:], environment: [String: String] = [:],
                                        idleGraceSeconds: Int = 5,
                                        _ body: @Sendable (String) async throws -> T) async throws -> T {
        var values = environment
        if values["STROKE_TRIAGE_HOME"] == nil { values["STROKE_TRIAGE_HOME"] = BinaryRunner.temporaryHome().path }
        let configuration = try LocalAPIConfiguration(flags: flags, environment: values, configPath: nil)
        let research = try configuration.researchPasswordFile.map { file throws(LocalAPIError) in
            ResearchAccessService(password: try ResearchPassword.read(from: file))
        } ?? .off
        let v1 = try LocalAPIV1.load(environment: values, audit: configuration.audit)
        var logger = Logger(label: "stroke-triage.api.test")
        logger.logLevel = .critical
        let routes = LocalAPIRoutes(configuration: configuration, v1: v1, logger: logger, research: research)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: routes.makeRouter(),
            server: LocalAPIServer.http1(configuration: .init(idleTimeout: .seconds(Int64(configuration.requestTimeoutSeconds + idleGraceSeconds)))),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "stroke-triage-api"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            let result: Result<T, any Error>
            if port > 0 {
                do { result = .success(try await body("http://127.0.0.1:\(port)")) } catch { result = .failure(error) }
            } else {
                result = .failure(CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the API did not start"]))
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return try result.get()
        }
    }
}
