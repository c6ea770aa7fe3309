// The board tells the crew what it did with each case: shown, or refused with the verdict's code (issue 45).

import CaseWire
import Crypto
import Foundation
import Logging

/// Sends each case's receipt to the relay once (`POST /v1/hospital/cases/{id}/receipt`, signed with the
/// hospital's key): `shown` for a valid case on the wall, `refused` with the verdict's code otherwise. A
/// receipt the relay did not take is sent again after the next poll; a restarted board sends them again
/// (the relay keeps the latest). The device reads it (`notify status`, the one-shot `--notify`).
actor BoardReceipts {
    /// The cases whose receipt the relay took.
    private var sent: Set<String> = []

    /// The receipt of a case the board has opened.
    static func receipt(_ item: BoardCase) -> CaseReceipt {
        item.isValid ? CaseReceipt(state: .shown) : CaseReceipt(state: .refused, code: item.verdict.rawValue)
    }

    /// Sends the receipts of `cases` not sent yet; the relay's refusals and failures are logged (codes only).
    func send(_ cases: [BoardCase], hospitalId: String, keys: HospitalKeyPair, client: RelayHTTPClient, nowMs: Int64,
              logger: Logger) async {
        for item in cases where !sent.contains(item.caseId) {
            let path = "/v1/hospital/cases/\(item.caseId)/receipt"
            guard let body = try? JSONEncoder().encode(Self.receipt(item)),
                  let headers = try? HospitalRequestSignature.sign(method: "POST", path: client.signedPath(path), body: body,
                                                                    hospitalId: hospitalId, timestampMs: nowMs, key: keys.signingKey)
            else { continue }
            do {
                let answer = try await client.send(method: "POST", path: path, body: body, headers: headers + [("Content-Type", "application/json")])
                if answer.status == 200 { sent.insert(item.caseId) } else {
                    logger.warning("receipt not taken", metadata: ["status": "\(answer.status)"])
                }
            } catch {
                logger.debug("receipt not sent", metadata: ["error": "\(error)"])
                return
            }
        }
        // Forget cases the relay no longer lists.
        sent.formIntersection(cases.map(\.caseId))
    }
}
