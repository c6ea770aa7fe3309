import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import StrokeJSON
import StrokeModels

/// The local API's HTTP routes (Hummingbird 2), no database and no network:
///
/// - `POST /predict_lvo`, `/predict_full_stroke`, `/predict_limited_data_ich`,
///   `/predict_coma_ich`: the Cloud Functions contract, answered by `ContractPredictions`;
///   `OPTIONS` on each answers 204 (the CORS preflight the functions answer too).
/// - `POST /authenticate-research-access`: the reference's research login (`ResearchAccessService`).
/// - `POST /v1/assess`, `GET /v1/centers`, `POST /v1/route`: exactly the CLI's `--json`
///   for the same inputs (`LocalAPIV1`); `OPTIONS` on the two POST routes answers 204.
/// - `GET /cds-services`, `POST /cds-services/stroke-triage`: the CDS Hooks service (`CDSHooksService`,
///   docs/fhir.md); `OPTIONS` on each answers 204.
/// - `GET /healthz`: `{"status":"ok",…}` with the model versions.
/// - `GET /openapi.json`: the committed OpenAPI 3.1 document (`OpenAPIDocument`).
///
/// Every failure is JSON with a stable code `api.…` (`LocalAPIError`): on the contract
/// routes `{"error":"<message>","code":…,"field":…}`, elsewhere `{"error":{"code","message"}}`.
///
/// ```swift
/// let router = LocalAPIRoutes(configuration: LocalAPIConfiguration()).makeRouter()
/// let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
/// try await app.runService()
/// ```
public struct LocalAPIRoutes: Sendable {
    /// The prediction routes of the contract, each with its handler.
    public static let predictionRoutes: [(path: String, answer: @Sendable (WireBody) throws(LocalAPIError) -> WireValue)] = [
        ("/predict_lvo", ContractPredictions.lvo),
        ("/predict_full_stroke", ContractPredictions.fullStroke),
        ("/predict_limited_data_ich", ContractPredictions.limited),
        ("/predict_coma_ich", ContractPredictions.coma),
    ]

    /// The research-access route (the reference function's name).
    public static let researchAccessPath = "/authenticate-research-access"

    /// The paths the reference web app calls from a browser, each answering a CORS preflight.
    public static var browserRoutes: [String] { predictionRoutes.map(\.path) + [researchAccessPath] }

    /// The `/v1` routes and their methods.
    public static let v1Routes: [(path: String, methods: [String])] = [
        ("/v1/assess", ["POST", "OPTIONS"]), ("/v1/centers", ["GET"]), ("/v1/protocol", ["GET"]), ("/v1/route", ["POST", "OPTIONS"]),
    ]

    /// The CDS Hooks routes (`CDSHooksService`) and their methods.
    public static let cdsRoutes: [(path: String, methods: [String])] = [
        (CDSHooksService.discoveryPath, ["GET", "OPTIONS"]), (CDSHooksService.servicePath, ["POST", "OPTIONS"]),
    ]

    /// Every route the router answers, as `METHOD path` (the OpenAPI test compares them with the document).
    public static var routeList: [String] {
        predictionRoutes.flatMap { ["POST \($0.path)", "OPTIONS \($0.path)"] }
            + ["POST \(researchAccessPath)", "OPTIONS \(researchAccessPath)", "GET /healthz", "GET /openapi.json"]
            + (v1Routes + cdsRoutes).flatMap { route in route.methods.map { "\($0) \(route.path)" } }
    }

    /// The methods of a known path, for 405's `Allow` header.
    static func allowedMethods(_ path: String) -> String? {
        if isContractPath(path) || path == researchAccessPath { return "POST, OPTIONS" }
        if path == "/healthz" || path == "/openapi.json" { return "GET" }
        return (v1Routes + cdsRoutes).first { $0.path == path }?.methods.joined(separator: ", ")
    }

    let configuration: LocalAPIConfiguration
    let v1: LocalAPIV1
    let logger: Logger
    let research: ResearchAccessService
    let cdsClients: CDSClientAuthorization?

    /// Creates the routes; `v1` answers the `/v1` routes (default: no configuration, no audit),
    /// `research` the research login (default: off, 503 `api.researchAccessOff`), `cdsClients` verifies the
    /// CDS Hooks clients' tokens (default: none verified; docs/fhir.md).
    public init(configuration: LocalAPIConfiguration, v1: LocalAPIV1 = LocalAPIV1(), logger: Logger = Logger(label: "stroke-triage.api"),
                research: ResearchAccessService = .off, cdsClients: CDSClientAuthorization? = nil) {
        self.configuration = configuration
        self.v1 = v1
        self.logger = logger
        self.research = research
        self.cdsClients = cdsClients
    }

    /// A router holding every route, behind the error and CORS middleware.
    public func makeRouter() -> Router<LocalAPIRequestContext> {
        let router = Router(context: LocalAPIRequestContext.self)
        router.add(middleware: LocalAPIMiddleware(corsOrigins: configuration.corsOrigins, logger: logger))
        router.get("/healthz") { _, _ -> Response in Response(status: .ok, headers: Self.jsonHeaders, body: Self.healthBody) }
        router.get("/openapi.json") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes)))
        }
        for route in Self.predictionRoutes {
            let path = RouterPath(stringLiteral: route.path)
            router.post(path) { request, _ -> Response in
                do {
                    let body = try await readBody(request)
                    return Self.json(try route.answer(WireBody(body.readableBytesView)), status: .ok)
                } catch let error as LocalAPIError {
                    return Self.contractError(error)
                }
            }
            router.on(path, method: .options) { _, _ -> Response in
                Response(status: .noContent, headers: [.allow: "POST, OPTIONS"])
            }
        }
        addV1(to: router)
        addCDSHooks(to: router)
        addResearchAccess(to: router)
        return router
    }

    /// `GET /cds-services` and `POST /cds-services/stroke-triage` (CDS Hooks 2.0, `CDSHooksService`), and their preflights:
    /// the same body limit, timeout, CORS and audit as `/v1/assess`; errors in the `/v1` form plus `observation`.
    private func addCDSHooks(to router: Router<LocalAPIRequestContext>) {
        let v1 = v1, logger = logger, cdsClients = cdsClients
        router.get(RouterPath(stringLiteral: CDSHooksService.discoveryPath)) { _, _ -> Response in
            Self.json(CDSHooksService.discovery, status: .ok)
        }
        router.post(RouterPath(stringLiteral: CDSHooksService.servicePath)) { request, _ -> Response in
            do {
                // The client's token first (CDS Hooks 2.0), before a byte of the body is read.
                try await cdsClients?.verify(authorization: request.headers[.authorization])
                let answer = try await CDSHooksService.answer(try await readBody(request).readableBytesView, v1: v1)
                var response = Self.json(answer.cards, status: .ok)
                if answer.recorded == false {
                    logger.warning("assessment not recorded in the audit log", metadata: ["code": "api.auditNotRecorded"])
                    response.headers[Self.auditHeader] = "not-recorded"
                }
                return response
            } catch let error as LocalAPIError {
                var response = Self.json(error.hookBody, status: error.status)
                if error.status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
                return response
            }
        }
        for route in Self.cdsRoutes {
            let allow = route.methods.joined(separator: ", ")
            router.on(RouterPath(stringLiteral: route.path), method: .options) { _, _ -> Response in
                Response(status: .noContent, headers: [.allow: allow])
            }
        }
    }

    /// `POST /authenticate-research-access` and its preflight; the client is the peer address.
    private func addResearchAccess(to router: Router<LocalAPIRequestContext>) {
        let research = research
        router.post(RouterPath(stringLiteral: Self.researchAccessPath)) { request, context -> Response in
            do {
                let body = try await readBody(request)
                let (status, answer) = await research.answer(Array(body.readableBytesView), client: context.clientKey)
                return Self.json(answer, status: status)
            } catch let error as LocalAPIError {
                return Self.json(error.researchBody(), status: error.status)
            }
        }
        router.on(RouterPath(stringLiteral: Self.researchAccessPath), method: .options) { _, _ -> Response in
            Response(status: .noContent, headers: [.allow: "POST, OPTIONS"])
        }
    }

    /// `POST /v1/assess`, `GET /v1/centers`, `GET /v1/protocol`, `POST /v1/route` (and the POST routes' preflight).
    private func addV1(to router: Router<LocalAPIRequestContext>) {
        let v1 = v1, logger = logger
        router.post("/v1/assess") { request, _ -> Response in
            do {
                let answer = try await v1.assess(try await readBody(request).readableBytesView)
                var response = Self.answer(answer.bytes)
                if answer.recorded == false {
                    // The answer stands; the operator sees that the audit log did not take it (never the data).
                    logger.warning("assessment not recorded in the audit log", metadata: ["code": "api.auditNotRecorded"])
                    response.headers[Self.auditHeader] = "not-recorded"
                }
                return response
            } catch let error as LocalAPIError {
                return Self.error(error)
            }
        }
        router.get("/v1/centers") { request, _ -> Response in
            do {
                let query = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
                return Self.answer(try v1.centers(query: query).bytes)
            } catch let error as LocalAPIError {
                return Self.error(error)
            }
        }
        router.get("/v1/protocol") { _, _ -> Response in Self.answer(v1.protocolFile().bytes) }
        router.post("/v1/route") { request, _ -> Response in
            do {
                return Self.answer(try v1.route(try await readBody(request).readableBytesView).bytes)
            } catch let error as LocalAPIError {
                return Self.error(error)
            }
        }
        for path in ["/v1/assess", "/v1/route"] {
            router.on(RouterPath(stringLiteral: path), method: .options) { _, _ -> Response in
                Response(status: .noContent, headers: [.allow: "POST, OPTIONS"])
            }
        }
    }

    /// `X-Audit: not-recorded` on an audited assessment the audit log did not take.
    public static let auditHeader = HTTPField.Name("X-Audit")!

    /// The body, at most `maxBodyBytes` (413 otherwise), within `requestTimeoutSeconds` (408 otherwise).
    ///
    /// Fast path: a small body usually arrives with its headers, so when the first
    /// chunk holds the whole declared body no timer is started. Otherwise the rest
    /// is read against the timeout. (A client that sends nothing at all is closed
    /// by the server's idle timeout, 5 s after this one.)
    func readBody(_ request: Request) async throws(LocalAPIError) -> ByteBuffer {
        let limit = configuration.maxBodyBytes
        let declared = request.headers[.contentLength].flatMap(Int.init)
        if let declared, declared > limit { throw .bodyTooLarge(limit: limit) }
        let seconds = configuration.requestTimeoutSeconds
        do {
            var iterator = request.body.makeAsyncIterator()
            guard var buffer = try await iterator.next() else { return ByteBuffer() }
            if buffer.readableBytes > limit { throw LocalAPIError.bodyTooLarge(limit: limit) }
            if let declared, buffer.readableBytes >= declared { return buffer }
            // The iterator moves into the reading task; this task does not touch it again.
            nonisolated(unsafe) var rest = iterator
            let tail = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask {
                    var collected = ByteBuffer()
                    while let chunk = try await rest.next() {
                        guard collected.readableBytes + chunk.readableBytes <= limit else { throw LocalAPIError.bodyTooLarge(limit: limit) }
                        var chunk = chunk
                        collected.writeBuffer(&chunk)
                    }
                    return collected
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(seconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let collected = first else { throw LocalAPIError.timeout(seconds: seconds) }
                return collected
            }
            guard buffer.readableBytes + tail.readableBytes <= limit else { throw LocalAPIError.bodyTooLarge(limit: limit) }
            var tailCopy = tail
            buffer.writeBuffer(&tailCopy)
            return buffer
        } catch let error as LocalAPIError {
            throw error
        } catch is NIOTooManyBytesError {
            throw .bodyTooLarge(limit: limit)
        } catch {
            throw .invalidJSON
        }
    }

    /// `GET /healthz`: status and the versions of the models that answer.
    public static let health = WireValue.object([
        ("status", .string("ok")),
        ("models", .object([("lvo", .string(LVOModel.version)), ("ich", .string(ICHBaseline.version))])),
        ("served_by", .string(ContractPredictions.servedBy)),
    ])

    /// The `/healthz` answer's body, written once per process (it never changes).
    static let healthBody = jsonBody(health)

    /// A JSON answer (one line, then a newline), written straight into the response's buffer.
    static func json(_ value: WireValue, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: jsonHeaders, body: jsonBody(value))
    }

    /// A `200` JSON answer already written as UTF-8.
    static func answer(_ bytes: [UInt8]) -> Response {
        Response(status: .ok, headers: jsonHeaders, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// An error answer in the `/v1` form.
    static func error(_ error: LocalAPIError) -> Response { json(error.body, status: error.status) }

    /// An error answer in the contract routes' form (a string `error`, as the reference functions answer).
    static func contractError(_ error: LocalAPIError) -> Response { json(error.contractBody, status: error.status) }

    /// Whether `path` is a Cloud Functions contract route (its errors use `contractBody`).
    static func isContractPath(_ path: String) -> Bool {
        predictionRoutes.contains { $0.path == path }
    }

    /// An error answer in the form of the route at `path`.
    static func error(_ error: LocalAPIError, path: String) -> Response {
        if path == researchAccessPath { return json(error.researchBody(), status: error.status) }
        return isContractPath(path) ? contractError(error) : self.error(error)
    }
}
