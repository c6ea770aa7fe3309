import CaseWire
import Foundation
import StrokeModels
import StrokeJSON

/// One case as the board knows it: the relay's metadata, the board's
/// verdict, and the decrypted assessment only when the verdict is `valid`
/// (opened, verified, and its payload a valid case: `CasePayload`).
public struct BoardCase: Sendable, Equatable {
    /// The case id.
    public let caseId: String
    /// The sender as the relay authenticated it.
    public let device: String
    /// The verdict of opening the case.
    public let verdict: CaseVerdict
    /// Urgency: the checked payload's `decision.urgency` (`CasePayload` verified it follows the rules), else as the relay lists it.
    public let urgency: TriageUrgency
    /// Minutes to arrival as of `etaUpdatedMs`.
    public let etaMinutes: Int?
    /// When the ETA was set, ms since 1970 UTC.
    public let etaUpdatedMs: Int64?
    /// Where the case stands.
    public let status: CaseStatus
    /// When the relay received it.
    public let createdMs: Int64
    /// When the device sealed it (from the verified envelope).
    public let sentMs: Int64?
    /// The assessment as sent, read and checked (`CasePayload`), only when valid.
    public let payload: CasePayload?

    /// Combines a listed case with the result of opening it: a verified case whose payload is not a
    /// valid case (`CasePayload`) is `contentInvalid` and keeps nothing of it.
    /// The payload's decision is checked under the standard protocol or one of `protocols`; its routing names
    /// only centers of `centerIds` (nil: not checked).
    public init(listed: HospitalCase, opened: OpenedCase, protocols: [TriageProtocol] = [], centerIds: Set<String>? = nil) {
        self.init(listed: listed, opened: opened, payload: Self.payload(opened, protocols: protocols, centerIds: centerIds))
    }

    /// A listed case with an opened case whose payload was already checked (`payload(_:protocols:)`).
    init(listed: HospitalCase, opened: OpenedCase, payload: CasePayload?) {
        caseId = listed.caseId
        device = listed.device
        verdict = opened.isValid && payload == nil ? .contentInvalid : opened.verdict
        self.payload = payload
        // The payload is already read and checked: its decision's urgency, not a second parse of the bytes.
        urgency = payload?.value["decision"]?["urgency"]?.stringValue.flatMap(TriageUrgency.init(rawValue:)) ?? listed.urgency
        etaMinutes = listed.etaMinutes
        etaUpdatedMs = listed.etaUpdatedMs
        status = listed.status
        createdMs = listed.createdMs
        sentMs = payload != nil ? opened.sentMs : nil
    }

    /// The checked payload of an opened case: nil unless it verified and is a case whose decision follows the rules.
    static func payload(_ opened: OpenedCase, protocols: [TriageProtocol], centerIds: Set<String>? = nil) -> CasePayload? {
        opened.isValid ? opened.caseJSON.flatMap { CasePayload(validating: $0, protocols: protocols, centerIds: centerIds) } : nil
    }

    /// True when the case may be shown with its values.
    public var isValid: Bool { verdict == .valid }

    /// Expected arrival, ms since 1970 UTC: when the ETA was set plus the ETA.
    public var arrivalMs: Int64? {
        guard let etaMinutes, let etaUpdatedMs else { return nil }
        return etaUpdatedMs + Int64(etaMinutes) * 60_000
    }

    /// The board's order: expected arrival ascending (unknown last), then received, then id.
    public static func byETA(_ a: BoardCase, _ b: BoardCase) -> Bool {
        switch (a.arrivalMs, b.arrivalMs) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.createdMs != b.createdMs ? a.createdMs < b.createdMs : a.caseId < b.caseId
        }
    }

    /// The object `GET /cases.json` lists: `case` (the checked assessment, written by the JSON writer) only when valid.
    func json() -> JSONValue {
        func ms(_ value: Int64?) -> JSONValue { value.map { .integer(Int($0)) } ?? .null }
        var members: [(String, JSONValue)] = [
            ("caseId", .string(caseId)),
            ("device", .string(device)),
            ("valid", .bool(isValid)),
            ("verdict", .string(verdict.rawValue)),
            ("urgency", .string(urgency.rawValue)),
            ("etaMinutes", etaMinutes.map(JSONValue.integer) ?? .null),
            ("etaUpdatedMs", ms(etaUpdatedMs)),
            ("arrivalMs", ms(arrivalMs)),
            ("status", .string(status.rawValue)),
            ("createdMs", ms(createdMs)),
            ("sentMs", ms(sentMs)),
        ]
        if let payload { members.append(("case", payload.value)) }
        return .object(members)
    }
}

/// What the board shows at one moment: its cases in board order and whether the relay answered.
public struct BoardSnapshot: Sendable, Equatable {
    /// The hospital this board serves.
    public let hospitalId: String
    /// Cases sorted by `BoardCase.byETA`.
    public let cases: [BoardCase]
    /// When the relay last answered, ms since 1970 UTC (nil before the first answer).
    public let relayAnsweredMs: Int64?
    /// True when the last poll failed (the page warns that it may be out of date).
    public let relayFailing: Bool

    /// Creates a snapshot; sorts the cases.
    public init(hospitalId: String, cases: [BoardCase], relayAnsweredMs: Int64?, relayFailing: Bool) {
        self.hospitalId = hospitalId
        self.cases = cases.sorted(by: BoardCase.byETA)
        self.relayAnsweredMs = relayAnsweredMs
        self.relayFailing = relayFailing
    }

    /// `GET /cases.json`: `{"hospitalId","generatedMs","relayReachable","polls","cases":[…]}`; `polls` counts
    /// the board's finished polls of the relay (a client waits for a poll instead of sleeping).
    public func json(generatedMs: Int64, polls: Int = 0) -> String {
        JSONValue.object([
            ("hospitalId", .string(hospitalId)),
            ("generatedMs", .integer(Int(generatedMs))),
            ("relayReachable", .bool(relayAnsweredMs != nil && !relayFailing)),
            ("polls", .integer(polls)),
            ("cases", .array(cases.map { $0.json() })),
        ]).serialized() + "\n"
    }
}

/// The board's current snapshot and the page connections waiting for changes.
///
/// The poller publishes a new snapshot after every poll; subscribers (the
/// `/events` streams) are woken only when it differs from the last one.
public actor BoardState {
    /// The current snapshot.
    public private(set) var snapshot: BoardSnapshot
    /// Increases with every change.
    public private(set) var version = 0
    /// Every published snapshot (one per finished poll), changed or not.
    public private(set) var polls = 0
    private var subscribers: [Int: AsyncStream<Int>.Continuation] = [:]
    private var nextSubscriber = 0

    /// An empty board for `hospitalId`.
    public init(hospitalId: String) {
        snapshot = BoardSnapshot(hospitalId: hospitalId, cases: [], relayAnsweredMs: nil, relayFailing: false)
    }

    /// Replaces the snapshot; wakes every subscriber when it changed (the relay's answer time alone is no change).
    public func publish(_ next: BoardSnapshot) {
        polls += 1
        let changed = next.cases != snapshot.cases || next.relayFailing != snapshot.relayFailing
            || (snapshot.relayAnsweredMs == nil) != (next.relayAnsweredMs == nil)
        snapshot = next
        guard changed else { return }
        version += 1
        for continuation in subscribers.values { continuation.yield(version) }
    }

    /// A stream of versions, starting with the current one; it ends after `lifetime` or when `finishAll` is called.
    public func subscribe(lifetime: Duration) -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        continuation.yield(version)
        let timer = Task {
            try? await Task.sleep(for: lifetime)
            continuation.finish()
        }
        continuation.onTermination = { _ in
            timer.cancel()
            Task { await self.unsubscribe(id) }
        }
        return stream
    }

    /// Ends every subscriber's stream (on shutdown).
    public func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    private func unsubscribe(_ id: Int) { subscribers[id] = nil }
}
