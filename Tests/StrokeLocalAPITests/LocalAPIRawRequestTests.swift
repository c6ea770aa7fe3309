import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import StrokeJSON
import StrokeLocalAPI
import Testing
#if canImport(Glibc)
import Glibc
import HTTPTestClient
import TestJSON
#endif

/// Requests as curl or a broken client send them, over a raw socket to an in-process server on 127.0.0.1
/// (issue 29, item 12): the README's `curl -s '127.0.0.1:8080/v1/centers?near=Würzburg'` (raw UTF-8 in the
/// query) works as printed, and a method or request line the parser refuses is answered in JSON.
@Suite struct LocalAPIRawRequestTests {
    /// Runs the API's server (`LocalAPIServer.http1()`) on a random port for the length of `body`.
    static func withServer(_ body: @Sendable (Int) async throws -> Void) async throws {
        let logger = { var logger = Logger(label: "raw-test"); logger.logLevel = .critical; return logger }()
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: LocalAPIRoutes(configuration: LocalAPIConfiguration()).makeRouter(),
                              server: LocalAPIServer.http1(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in
                                  continuation.yield(channel.localAddress?.port ?? 0)
                                  continuation.finish()
                              }, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            #expect(port > 0)
            do {
                if port > 0 { try await body(port) }
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    /// Sends `request` (raw bytes) and reads until the server closes (bounded); returns what came back.
    static func exchange(_ port: Int, _ request: [UInt8]) async -> String {
        await RawHTTP.exchange(port: port, request).text
    }

    /// The body of an answer (after the blank line).
    static func body(_ answer: String) -> String { RawHTTP.body(answer) }

    @Test func rawUTF8InTheQueryIsReadAsIfEncoded() async throws {
        try await Self.withServer { port in
            let raw = await Self.exchange(port, Array("GET /v1/centers?near=Würzburg HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            let encoded = await Self.exchange(port, Array("GET /v1/centers?near=W%C3%BCrzburg HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            #expect(raw.hasPrefix("HTTP/1.1 200"), "\(raw.prefix(200))")
            #expect(Self.body(raw) == Self.body(encoded))
            #expect(Self.body(raw).contains("\"centers\""))
            // Keep-alive: the second request line on the same connection is encoded too.
            let twice = await Self.exchange(port, Array(("GET /v1/centers?near=Würzburg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                                                         + "GET /v1/centers?near=Fürth%20(Bayern) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").utf8))
            #expect(twice.components(separatedBy: "HTTP/1.1 200").count == 3, "\(twice.prefix(300))")
        }
    }

    @Test func anUnknownMethodAndAMalformedRequestAreAnsweredInJSON() async throws {
        try await Self.withServer { port in
            let brew = await Self.exchange(port, Array("BREW /v1/assess HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(brew.hasPrefix("HTTP/1.1 405"), "\(brew.prefix(200))")
            #expect(brew.lowercased().contains("allow: get, post, options"))
            #expect(brew.lowercased().contains("content-type: application/json"))
            let error = try JSONValue(parsing: Data(Self.body(brew).utf8)).object
            #expect((error?["error"].object)?["code"].stringValue == "api.methodNotAllowed")
            // A known method on a known path that does not take it is still the router's 405.
            let delete = await Self.exchange(port, Array("DELETE /v1/assess HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            #expect(delete.hasPrefix("HTTP/1.1 405"))
            #expect(Self.body(delete).contains("api.methodNotAllowed"))
            // A request line with a control character is not HTTP/1.1: 400, in JSON.
            let broken = await Self.exchange(port, Array("GET /v1/centers?near=a\u{1}b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(broken.hasPrefix("HTTP/1.1 400"), "\(broken.prefix(200))")
            #expect(Self.body(broken).contains("\"api.malformedRequest\""))
        }
    }
}
