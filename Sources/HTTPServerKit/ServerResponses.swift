import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The answers and service routes the collector and the relay share: one JSON
/// and one text body format, and the same `GET /healthz` and `GET /metrics`.
public enum ServerResponses {
    /// The latency histograms' buckets of every server's `/metrics`, 1 ms to 10 s.
    public static let latencyBuckets: [Duration] = [.milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25),
                                                    .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
                                                    .seconds(1), .seconds(2.5), .seconds(5), .seconds(10)]

    /// `value` as sorted-key JSON plus a newline (`{}` if it cannot be encoded).
    public static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data + Data("\n".utf8))))
    }

    /// `text` as the body, plain UTF-8 text unless `contentType` says otherwise.
    public static func text(_ text: String, status: HTTPResponse.Status, contentType: String = "text/plain; charset=utf-8") -> Response {
        Response(status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Adds `GET /healthz` (200 `ok` when `ping` succeeds, else 503 `database unavailable`)
    /// and `GET /metrics` (the Prometheus text that `metrics` renders).
    public static func addServiceRoutes(to router: Router<BasicRequestContext>, logger: Logger,
                                        ping: @escaping @Sendable () async throws -> Void,
                                        metrics: @escaping @Sendable () -> String) {
        router.get("/healthz") { _, _ -> Response in
            await unhealthy(ping: ping, logger: logger) ?? text("ok\n", status: .ok)
        }
        router.get("/metrics") { _, _ -> Response in prometheus(metrics()) }
    }

    /// The health check: nil when `ping` succeeds, else the warning logged and 503 `database unavailable`.
    public static func unhealthy(ping: () async throws -> Void, logger: Logger) async -> Response? {
        do {
            try await ping()
            return nil
        } catch {
            logger.warning("health check failed", metadata: ["error": "\(error)"])
            return text("database unavailable\n", status: .serviceUnavailable)
        }
    }

    /// A `/metrics` answer: Prometheus text exposition 0.0.4.
    public static func prometheus(_ text: String) -> Response {
        self.text(text, status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8")
    }
}
