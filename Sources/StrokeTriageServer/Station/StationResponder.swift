import AuditFormat
import CaseWire
import HTTPServerKit
import Hummingbird
import Logging
import NIOCore
import StrokeCollector
import StrokeLocalAPI
import StrokeRelay

/// The station's one HTTP responder: the local API's, the collector's and the relay's routers
/// behind one address, each request given to exactly one of them by its path (docs/station.md).
///
/// The three route sets share no `/v1` path: the collector's are `/v1/push` and `/v1/head`
/// (`CollectorPaths`), the relay's `/v1/cases…`, `/v1/hospitals/…` and `/v1/hospital/…`
/// (`RelayPaths`); every other path is the local API's (its JSON 404 and 405 included). Only
/// the service routes clash, and the station answers them itself:
///
/// - `GET /healthz`: the local API's answer (`{"status":"ok",…}` with the model versions) when
///   PostgreSQL answers, else 503 `database unavailable` like the collector's and the relay's;
///   503 `disk full: …` first when the data directory's disk lacks room (`DiskSpace`).
/// - `GET /metrics`: the collector's and the relay's Prometheus metrics (distinct names) together.
struct StationResponder: HTTPResponder {
    typealias Context = StationRequestContext

    let api: RouterResponder<LocalAPIRequestContext>
    let collector: RouterResponder<BasicRequestContext>
    let relay: RouterResponder<BasicRequestContext>
    let ping: @Sendable () async throws -> Void
    /// Why the data directory's disk lacks room (`DiskSpace`), or nil (also with `--database`).
    let diskShortage: @Sendable () -> String?
    let metrics: @Sendable () -> String

    /// The service a path belongs to.
    enum Service: Equatable { case api, collector, relay, health, metrics }

    /// The service that answers `path` (without its query).
    static func service(for path: String) -> Service {
        switch path {
        case "/healthz": return .health
        case "/metrics": return .metrics
        case CollectorPaths.push, CollectorPaths.head: return .collector
        default: break
        }
        let relayPrefixes = [RelayPaths.cases, RelayPaths.hospitalCases, RelayPaths.hospital("")]
        if relayPrefixes.contains(where: { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) { return .relay }
        return .api
    }

    func respond(to request: Request, context: StationRequestContext) async throws -> Response {
        switch Self.service(for: request.uri.path) {
        case .api:
            return try await api.respond(to: request, context: LocalAPIRequestContext(source: context.source))
        case .collector:
            return try await collector.respond(to: request, context: BasicRequestContext(source: context.source))
        case .relay:
            return try await relay.respond(to: request, context: BasicRequestContext(source: context.source))
        case .health:
            if let shortage = diskShortage() {
                context.logger.warning("health check failed: disk full", metadata: ["reason": "\(shortage)"])
                return ServerResponses.text("disk full: \(shortage)\n", status: .serviceUnavailable)
            }
            if let unhealthy = await ServerResponses.unhealthy(ping: ping, logger: context.logger) { return unhealthy }
            return try await api.respond(to: request, context: LocalAPIRequestContext(source: context.source))
        case .metrics:
            guard request.method == .get else { return ServerResponses.text("method not allowed\n", status: .methodNotAllowed) }
            return ServerResponses.prometheus(metrics())
        }
    }
}

/// The station's request context: Hummingbird's, keeping the connection's source so that each
/// service's own context can be made from it.
struct StationRequestContext: RequestContext {
    /// Hummingbird's core context storage.
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel
    /// The connection's logger.
    let connectionLogger: Logger

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
        connectionLogger = source.logger
    }

    /// The source a service's own context is made from.
    var source: ApplicationRequestContextSource { .init(channel: channel, logger: connectionLogger) }
}
