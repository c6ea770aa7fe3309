import Foundation
import StrokeAudit
import StrokeCenters
import StrokeJSON
import StrokeModels
import TriageEngine
import TriageLocalization
import TriageRendering

/// The answers of the `/v1` routes: exactly the JSON the CLI prints with
/// `--json` for the same inputs, from the same engine (`TriageEngine`) and the
/// same renderer (`TriageRendering`).
///
/// - `assess`: `stroke-triage <module> … --json --mode offline` (`AssessmentSession`), routing included with a location;
/// - `centers`: `stroke-triage centers … --json` (`CentersQueries.nearest`);
/// - `route`: `stroke-triage route … --json` (`CentersQueries.route`).
///
/// With an audit destination, every assessment is recorded as the CLI records
/// one (its own assessment id, the patient data encrypted), through one
/// `AuditWriter` per `LocalAPIV1`: the log is opened once, and concurrent
/// requests share its transactions (group commit) while each awaits its receipt.
///
/// ```swift
/// let v1 = LocalAPIV1(config: AppConfig())
/// let answer = try await v1.assess(Array(#"{"module":"coma","inputs":{"gfap":500}}"#.utf8))
/// answer.text   // the bytes `stroke-triage coma --gfap 500 --json --mode offline` prints
/// ```
public struct LocalAPIV1: Sendable {
    /// Where audited assessments go: the log's location and who writes it.
    public struct AuditDestination: Sendable {
        /// The audit database and key file.
        public let location: AuditLog.Location
        /// The operator and app version recorded with each event.
        public let context: AuditLog.Context

        /// A destination at `location`, written as `context`.
        public init(location: AuditLog.Location, context: AuditLog.Context) {
            self.location = location
            self.context = context
        }
    }

    /// An answer: the CLI's JSON, and for an audited assessment whether every event was recorded.
    public struct Answer: Sendable {
        /// The JSON text followed by a newline, as UTF-8: what the route sends.
        public let bytes: [UInt8]
        /// `true` when audited and recorded, `false` when audited and some event was not recorded, `nil` when not audited.
        public let recorded: Bool?

        /// The JSON text followed by a newline, exactly as the CLI prints it.
        public var text: String { String(decoding: bytes, as: UTF8.self) }

        /// `value` written compactly by StrokeJSON's one writer, then a newline, into one
        /// buffer reserved for a whole answer (no `String` on the server's path).
        init(_ value: JSONValue, recorded: Bool?) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(4096)
            value.write(to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
            self.bytes = bytes
            self.recorded = recorded
        }
    }

    /// The configuration the CLI would read (centers dataset and policy, assay, operator).
    public let config: AppConfig
    /// The audit log for assessments, or nil (the default) for no audit.
    public let audit: AuditDestination?
    /// The local protocol every decision applies (config `protocol.file`, read once at start).
    public let rules: TriageProtocol
    /// The one writer of `audit`'s log, shared by every request.
    private let writer: AuditWriter?

    /// The `/v1` answers for this configuration, audit destination and protocol.
    public init(config: AppConfig = AppConfig(), audit: AuditDestination? = nil, rules: TriageProtocol = .standard) {
        self.config = config
        self.audit = audit
        self.rules = rules
        self.writer = audit.map { AuditWriter(location: $0.location, context: $0.context) }
    }

    /// The `/v1` answers writing to `log`, opened already (`load`: the key is derived once, at start-up).
    init(config: AppConfig, audit: AuditDestination, opened log: AuditLog, rules: TriageProtocol) {
        self.config = config
        self.audit = audit
        self.rules = rules
        self.writer = AuditWriter(opened: log)
    }

    /// `GET /v1/protocol`: the protocol in force, exactly as `stroke-triage protocol --json` prints it.
    public func protocolFile() -> Answer {
        Answer(ProtocolFile.json(rules), recorded: nil)
    }

    /// `POST /v1/assess`.
    /// - Throws: `LocalAPIError` (400, 422, 503 as documented in `AssessRequest`).
    public func assess(_ body: some Collection<UInt8>) async throws(LocalAPIError) -> Answer {
        let (json, recorded) = try await assessment(body)
        return Answer(json, recorded: recorded)
    }

    /// The assessment of a `POST /v1/assess` body as its JSON object (the CDS Hooks service renders it as cards),
    /// and whether it was recorded (nil when not audited).
    /// - Throws: `LocalAPIError` as `assess`.
    public func assessment(_ body: some Collection<UInt8>) async throws(LocalAPIError) -> (json: JSONValue, recorded: Bool?) {
        let request = try AssessRequest(body)
        let inputs = try request.inputs(config: config)
        let trail = writer.map(AuditTrail.make(sharing:)) ?? .disabled
        let events = CollectingEventSink()
        let outcome: AssessmentOutcome
        do {
            outcome = try await AssessmentSession.assess(inputs, prediction: .offline, config: config,
                                                         output: OutputSettings(json: true, language: request.lang),
                                                         trail: trail, events: events, rules: rules)
        } catch let error as ModelsError {
            throw AssessRequest.rangeError(error.issues[0])
        } catch {
            throw .internalError
        }
        let recorded = audit == nil ? nil : events.events.isEmpty && !trail.refusedWrite
        return (AssessmentSession.json(outcome), recorded)
    }

    /// `GET /v1/centers` with its query parameters (percent-decoded).
    /// - Throws: `LocalAPIError` (400 from `PlaceRequest`, 422 for a value out of range or an unknown place, 503).
    public func centers(query: [(String, String)]) throws(LocalAPIError) -> Answer {
        let request = try PlaceRequest.centers(query: query)
        let limit = try request.whole("limit") ?? 5
        do {
            let (origin, place) = try Self.origin(request)
            let nearest = try CentersQueries.nearest(to: origin, place: place, limit: limit, need: request.need,
                                                     settings: Self.settings(request), config: config)
            return Answer(nearest.json(Self.localizer(request.lang)), recorded: nil)
        } catch {
            throw Self.translate(error, request)
        }
    }

    /// `POST /v1/route` with its JSON body.
    /// - Throws: `LocalAPIError` (400 from `PlaceRequest`, 422 for a value out of range or an unknown place, 503).
    public func route(_ body: some Collection<UInt8>) throws(LocalAPIError) -> Answer {
        let request = try PlaceRequest.route(body: body)
        let n = request.numbers
        do {
            // The CLI's order: the probabilities and times first, then the origin, then the policy and dataset.
            try CentersQueries.checkRouting(ich: n["ich"], lvo: n["lvo"], fastEd: n["fastEd"], onsetMinutes: n["onsetMinutes"],
                                            nihss: n["nihss"])
            let (origin, place) = try Self.origin(request)
            let routing = RoutingRequest(origin: origin, ichProbability: n["ich"], lvoProbability: n["lvo"], fastEd: n["fastEd"],
                                         onsetMinutes: n["onsetMinutes"])
            // As `route` without `--research`: no expected outcome by destination (no prognosis, issue 43).
            let answer = try CentersQueries.route(routing, place: place, outcomes: nil,
                                                  settings: Self.settings(request), config: config, rules: rules)
            return Answer(answer.json(Self.localizer(request.lang)), recorded: nil)
        } catch {
            throw Self.translate(error, request)
        }
    }

    // MARK: - Shared pieces

    /// The origin: `near` through the CLI's gazetteer, else `lat`/`lon` checked as the CLI checks them.
    static func origin(_ request: PlaceRequest) throws -> (Coordinate, String?) {
        if let near = request.near {
            let place = try CentersEnvironment.gazetteer.resolve(near)
            return (place.coordinate, place.displayName)
        }
        let origin = Coordinate(latitude: request.numbers["lat"] ?? .nan, longitude: request.numbers["lon"] ?? .nan)
        try CentersQueries.checkOrigin(origin)
        return (origin, nil)
    }

    /// The dataset and policy settings a request may give (never a dataset file).
    static func settings(_ request: PlaceRequest) -> CentersSettings {
        let n = request.numbers
        return CentersSettings(coverageKm: n["coverageKm"], roadFactor: n["roadFactor"], speedKmh: n["speedKmh"],
                               overheadMinutes: n["overheadMinutes"])
    }

    static func localizer(_ tag: String) -> Localizer { OutputSettings(language: tag).localizer }

    /// A centers error as the API's: 422 for what the request gave, 503 for the server's own dataset or settings.
    static func translate(_ error: Error, _ request: PlaceRequest) -> LocalAPIError {
        if let error = error as? LocalAPIError { return error }
        guard let error = error as? CentersError else { return .internalError }
        let english = Localizer(language: .en)
        switch error.code {
        case "centers.unknownPlace" where request.near != nil:
            return LocalAPIError(code: "api.unknownPlace", status: .unprocessableContent,
                                 message: "near names no German place of at least 5,000 inhabitants that the gazetteer knows.", field: "near")
        case "centers.ambiguousPlace" where request.near != nil:
            return LocalAPIError(code: "api.ambiguousPlace", status: .unprocessableContent,
                                 message: "near may mean several places: \(error.candidates.joined(separator: "; ")). Name one as shown.",
                                 field: "near")
        case "centers.noEligibleCenter" where request.need != nil:
            return LocalAPIError(code: "api.outOfRange", status: .unprocessableContent,
                                 message: "need must be one of neurosurgery, thrombectomy, thrombolysis, stroke-unit.", field: "need")
        case "centers.inputOutOfRange":
            // The field's message key names the parameter (`centers.field.coverageKm`, `field.lat`).
            let name = error.message.arguments.lazy.compactMap { argument -> String? in
                guard case .message(let m) = argument, m.key.hasPrefix("field.") || m.key.hasPrefix("centers.field.") else { return nil }
                return m.key.split(separator: ".").last.map(String.init)
            }.first
            guard let name, request.numbers[name] != nil else { return .misconfigured(error.code) }
            return LocalAPIError(code: "api.outOfRange", status: .unprocessableContent, message: english.render(error.message), field: name)
        default:
            return .misconfigured(error.code)
        }
    }
}
