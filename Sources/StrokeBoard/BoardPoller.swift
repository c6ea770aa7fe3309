import CaseWire
import Crypto
import Foundation
import StrokeModels
import Logging
import ServiceLifecycle

/// Polls the relay with signed hospital requests, opens and verifies every
/// case locally, and publishes the result to the board's state. A failed
/// poll keeps the last cases and marks the board as possibly out of date.
/// Logs carry counts and reasons, never case content.
public struct BoardPoller: Service {
    let configuration: BoardConfiguration
    let keys: HospitalKeyPair
    let client: RelayHTTPClient
    let state: BoardState
    let opener: CaseOpener
    let receipts = BoardReceipts()
    let logger: Logger

    /// Creates a poller.
    public init(configuration: BoardConfiguration, keys: HospitalKeyPair, client: RelayHTTPClient, state: BoardState,
                logger: Logger) {
        self.configuration = configuration
        self.keys = keys
        self.client = client
        self.state = state
        self.opener = CaseOpener(hospitalId: configuration.hospitalId, keys: keys, trusted: configuration.trustedDevices,
                                 protocols: configuration.protocols, centerIds: configuration.centerIds)
        self.logger = logger
    }

    /// Polls every `configuration.pollInterval` until shut down, then ends the page streams.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await poll()
                try? await Task.sleep(for: configuration.pollInterval)
            }
        }
        await state.finishAll()
    }

    /// One poll: fetch, open, publish.
    public func poll() async {
        let previous = await state.snapshot
        do {
            let listed = try await fetch()
            let cases = await opener.open(listed)
            let nowMs = configuration.clock.nowMs
            await state.publish(BoardSnapshot(hospitalId: configuration.hospitalId, cases: cases, relayAnsweredMs: nowMs,
                                              relayFailing: false))
            // The crew learns what the board did with each case (issue 45).
            await receipts.send(cases, hospitalId: configuration.hospitalId, keys: keys, client: client, nowMs: nowMs, logger: logger)
            if previous.relayFailing || previous.relayAnsweredMs == nil {
                logger.info("relay answered", metadata: ["cases": "\(cases.count)"])
            }
        } catch {
            if !previous.relayFailing { logger.warning("relay poll failed", metadata: ["error": "\(error)"]) }
            await state.publish(BoardSnapshot(hospitalId: configuration.hospitalId, cases: previous.cases,
                                              relayAnsweredMs: previous.relayAnsweredMs, relayFailing: true))
        }
    }

    /// `GET /v1/hospital/cases`, signed with the board's key.
    func fetch() async throws -> [HospitalCase] {
        let path = RelayPaths.hospitalCases
        let headers = try HospitalRequestSignature.sign(
            method: "GET", path: client.signedPath(path), body: Data(), hospitalId: configuration.hospitalId,
            timestampMs: configuration.clock.nowMs, key: keys.signingKey)
        let answer = try await client.send(method: "GET", path: path, headers: headers)
        guard answer.status == 200 else {
            let code = (try? JSONDecoder().decode(RefusalCode.self, from: answer.body))?.error.code ?? "-"
            throw BoardError.relayRefused("HTTP \(answer.status) \(code)")
        }
        guard let list = try? JSONDecoder().decode(HospitalCaseList.self, from: answer.body) else {
            throw BoardError.relayRefused("HTTP 200 with a body that is not a case list")
        }
        return list.cases
    }

    private struct RefusalCode: Decodable {
        struct Detail: Decodable { let code: String }
        let error: Detail
    }
}

/// Opens listed cases, remembering each result while the relay lists the same sealed bytes and sender key.
actor CaseOpener {
    let hospitalId: String
    let keys: HospitalKeyPair
    let trusted: [String: Data]?
    /// The local protocols cases may name besides the standard one (`BoardConfiguration.protocols`).
    let protocols: [TriageProtocol]
    /// The centers a case may be routed to (`BoardConfiguration.centerIds`; nil: not checked).
    let centerIds: Set<String>?
    /// Each case as opened and checked, kept while the relay lists the same sealed bytes and sender key
    /// (the decision check runs once per case, not on every poll).
    private var cache: [String: (listed: HospitalCase, opened: OpenedCase, payload: CasePayload?)] = [:]

    init(hospitalId: String, keys: HospitalKeyPair, trusted: [String: Data]?, protocols: [TriageProtocol] = [],
         centerIds: Set<String>? = nil) {
        self.hospitalId = hospitalId
        self.keys = keys
        self.trusted = trusted
        self.protocols = protocols
        self.centerIds = centerIds
    }

    /// The board cases for a relay list (unsorted).
    func open(_ listed: [HospitalCase]) -> [BoardCase] {
        var next: [String: (listed: HospitalCase, opened: OpenedCase, payload: CasePayload?)] = [:]
        let cases = listed.map { item -> BoardCase in
            let opened: OpenedCase, payload: CasePayload?
            if let cached = cache[item.caseId], cached.listed.sealed == item.sealed, cached.listed.device == item.device,
               cached.listed.devicePublicKey == item.devicePublicKey {
                (opened, payload) = (cached.opened, cached.payload)
            } else {
                // Only the device the relay authenticated counts, with the key its registry holds now,
                // or, with a trusted-device list, only the key that list holds for it.
                let trusted = trusted
                opened = item.sealed.open(caseId: item.caseId, hospitalId: hospitalId, with: keys) { name in
                    guard name == item.device else { return nil }
                    return trusted.map { $0[name] } ?? item.devicePublicKey
                }
                payload = BoardCase.payload(opened, protocols: protocols, centerIds: centerIds)
            }
            next[item.caseId] = (item, opened, payload)
            return BoardCase(listed: item, opened: opened, payload: payload)
        }
        cache = next
        return cases
    }
}
