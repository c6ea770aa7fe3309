import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import TriageRendering

/// The board's HTTP routes: `GET /` (the page), `GET /events` (server-sent
/// events: the case list whenever it changes), `GET /cases.json`,
/// `GET /cases/{id}.fhir.json` (a valid case as the device's FHIR Bundle) and
/// `GET /healthz`. Nothing else is served. On a loopback listener, requests
/// whose authority is not exactly a loopback name or an operator-listed name
/// are refused with 421 (`BoardHostCheck`; a web page elsewhere cannot read
/// the board through DNS rebinding). Serve it with `BoardServer.http1`, which
/// makes an absolute-form target's authority visible to that check. Patient data never appear
/// in URLs (the FHIR route names only the case id, 32 random hex digits the device chose, which `/cases.json` lists);
/// requests are not logged.
public struct BoardRoutes: Sendable {
    let configuration: BoardConfiguration
    let state: BoardState
    let logger: Logger
    /// How long one `/events` response stays open before the browser reconnects (bounds shutdown).
    let eventStreamLifetime: Duration

    /// Creates the routes.
    public init(configuration: BoardConfiguration, state: BoardState, logger: Logger,
                eventStreamLifetime: Duration = .seconds(300)) {
        self.configuration = configuration
        self.state = state
        self.logger = logger
        self.eventStreamLifetime = eventStreamLifetime
    }

    /// A router holding every route.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/") { request, _ -> Response in
            if let refused = refuseForeignHost(request) { return refused }
            let language = language(request)
            let html = BoardPage.page(await state.snapshot, hospitalName: configuration.hospitalName, language: language, nowMs: configuration.clock.nowMs)
            return Response(status: .ok, headers: Self.headers(contentType: "text/html; charset=utf-8", page: true),
                            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        }
        router.get("/cases.json") { request, _ -> Response in
            if let refused = refuseForeignHost(request) { return refused }
            let (snapshot, polls) = await (state.snapshot, state.polls)
            let json = snapshot.json(generatedMs: configuration.clock.nowMs, polls: polls)
            return Response(status: .ok, headers: Self.headers(contentType: "application/json"),
                            body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
        }
        router.get("/cases/:file") { request, context -> Response in
            if let refused = refuseForeignHost(request) { return refused }
            return fhir(file: context.parameters.get("file") ?? "", snapshot: await state.snapshot)
        }
        router.get("/events") { request, _ -> Response in
            if let refused = refuseForeignHost(request) { return refused }
            return events(language: language(request))
        }
        router.get("/healthz") { _, _ -> Response in
            let snapshot = await state.snapshot
            let ok = snapshot.relayAnsweredMs != nil && !snapshot.relayFailing
            return Response(status: ok ? .ok : .serviceUnavailable, headers: Self.headers(contentType: "text/plain; charset=utf-8"),
                            body: ResponseBody(byteBuffer: ByteBuffer(string: ok ? "ok\n" : "relay not reachable\n")))
        }
        return router
    }

    /// The event stream: one `cases` event now and one after every change, until the client goes,
    /// the lifetime ends (the browser reconnects after `retry`) or the board shuts down.
    func events(language: BoardLanguage) -> Response {
        let (state, lifetime) = (state, eventStreamLifetime)
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            // Ends when the lifetime is over, the board shuts down (the server waits for open
            // responses, so the streams end first), or this task is cancelled.
            let updates = await state.subscribe(lifetime: lifetime)
            try await withGracefulShutdownHandler {
                for await _ in updates {
                    let fragment = BoardPage.fragment(await state.snapshot, language: language, nowMs: configuration.clock.nowMs)
                    try await writer.write(ByteBuffer(string: Self.event("cases", fragment)))
                }
            } onGracefulShutdown: {
                Task { await state.finishAll() }
            }
            try await writer.finish(nil)
        }
        var headers = Self.headers(contentType: "text/event-stream; charset=utf-8")
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        return Response(status: .ok, headers: headers, body: body)
    }

    /// `GET /cases/{id}.fhir.json`: the FHIR Bundle of a valid case, built by `FHIRBundle` as the device builds
    /// it for `--fhir` from the case as the board vouches for it (`CasePayload.vouched`: the board's own decision
    /// texts; docs/fhir.md); the time is when the device sealed it.
    /// 404 for any other name, an unknown case, or a case that is not valid.
    func fhir(file: String, snapshot: BoardSnapshot) -> Response {
        let suffix = ".fhir.json"
        guard file.hasSuffix(suffix), let found = snapshot.cases.first(where: { $0.caseId == String(file.dropLast(suffix.count)) }),
              found.isValid, let payload = found.payload else {
            return Response(status: .notFound, headers: Self.headers(contentType: "text/plain; charset=utf-8"),
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "No valid case of that id.\n")))
        }
        let sealed = Date(timeIntervalSince1970: Double(found.sentMs ?? found.createdMs) / 1000)
        let bundle = FHIRBundle.make(payload.vouched, recorded: sealed).serialized() + "\n"
        return Response(status: .ok, headers: Self.headers(contentType: "application/fhir+json"),
                        body: ResponseBody(byteBuffer: ByteBuffer(string: bundle)))
    }

    /// One server-sent event (each line of `data` on its own `data:` line).
    static func event(_ name: String, _ data: String) -> String {
        "event: \(name)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }

    /// `--language`, else the request's Accept-Language.
    func language(_ request: Request) -> BoardLanguage {
        configuration.language ?? BoardLanguage.negotiate(request.headers[.acceptLanguage])
    }

    /// 421 when the board listens on loopback and the request names any other host (`BoardHostCheck`),
    /// sends more than one `Host` field, or names another host in an absolute-form target (`BoardServer`).
    func refuseForeignHost(_ request: Request) -> Response? {
        guard configuration.isLoopback else { return nil }
        let extraHosts = request.headers[values: HTTPField.Name("Host")!]
        if extraHosts.isEmpty, configuration.hostCheck.allows(authority: request.head.authority) { return nil }
        return Response(status: .misdirectedRequest, headers: Self.headers(contentType: "text/plain; charset=utf-8"),
                        body: ResponseBody(byteBuffer: ByteBuffer(string: "This board answers on localhost only.\n")))
    }

    /// No caching anywhere, no sniffing, no referrer; the page adds its Content-Security-Policy.
    static func headers(contentType: String, page: Bool = false) -> HTTPFields {
        var fields: HTTPFields = [.contentType: contentType, .cacheControl: "no-store"]
        fields[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if page { fields[.contentSecurityPolicy] = BoardPage.contentSecurityPolicy }
        return fields
    }
}
