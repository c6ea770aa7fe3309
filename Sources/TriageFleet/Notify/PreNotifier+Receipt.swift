// The board's receipt of a delivered case: read from the relay, kept with the case in the queue (issue 45).

import CaseWire
import Foundation

extension PreNotifier {
    /// Asks the relay for the receipts of the delivered cases that have none yet, and keeps each one that came.
    /// A relay that cannot be reached, or refuses, leaves the cases as they are ("delivered, not yet confirmed").
    public func refreshReceipts(_ entries: [QueuedCase]) async -> [QueuedCase] {
        var out: [QueuedCase] = []
        for entry in entries {
            guard entry.delivered, entry.receipt == nil, !entry.failed else { out.append(entry); continue }
            let relay = RelayClient(relay: entry.relay, device: entry.device, key: signingKey, caFile: caFile, clock: clock)
            guard let receipt = try? await relay.receipt(caseId: entry.caseId) else { out.append(entry); continue }
            var updated = entry
            updated.receipt = receipt
            try? queue.save(updated)
            out.append(updated)
        }
        return out
    }

    /// Waits up to `attempts` × `interval` for the board's receipt of a just-delivered case (the one-shot
    /// `--notify`: "shown on the board" or "refused by the board"); the case as it then stands.
    public func awaitReceipt(_ entry: QueuedCase, attempts: Int = 8, interval: Duration = .milliseconds(500)) async -> QueuedCase {
        guard entry.delivered, !entry.failed else { return entry }
        var current = entry
        for attempt in 0..<attempts {
            current = (await refreshReceipts([current])).first ?? current
            if current.receipt != nil || attempt == attempts - 1 { break }
            try? await Task.sleep(for: interval)
        }
        return current
    }
}
