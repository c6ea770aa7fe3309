import Foundation
import StrokeJSON
import TriageLocalization

/// How pre-notifications are shown: one line per case for people, one JSON
/// object per case for scripts. "not yet delivered" stays visible until the
/// relay has everything (the case, the latest ETA, the status).
public enum NotifyRendering {
    /// The JSON form of one case as kept on this device (no patient data: ids, urgency, ETA, states).
    public static func json(_ e: QueuedCase) -> JSONValue {
        var pending: [String] = []
        if !e.delivered { pending.append("case") }
        if e.pendingEta != nil { pending.append("eta") }
        if e.pendingStatus != nil { pending.append("status") }
        return .object([
            ("caseId", .string(e.caseId)),
            ("hospitalId", .string(e.hospitalId)),
            ("hospital", e.hospitalName.map { .string($0) } ?? .null),
            ("urgency", .string(e.urgency)),
            ("etaMinutes", e.latestEta.map { .integer($0) } ?? .null),
            ("status", .string(e.status)),
            ("delivery", .string(e.delivery)),
            ("delivered", .bool(e.delivery == "delivered")),
            ("pending", .strings(e.failed ? [] : pending)),
            ("createdMs", .integer(Int(e.createdMs))),
            ("deliveredMs", e.deliveredMs.map { .integer(Int($0)) } ?? .null),
            ("attempts", .integer(e.attempts)),
            ("lastError", e.lastError.map { .string($0) } ?? .null),
            ("relay", .string(e.relay)),
            // What the hospital's board did with it (issue 45): shown, refused (with the verdict's code), or not yet confirmed.
            ("board", .string(boardState(e))),
            ("receipt", e.receipt.map { r in
                .object([("state", .string(r.state.rawValue)), ("code", r.code.map { .string($0) } ?? .null),
                         ("atMs", r.atMs.map { .integer(Int($0)) } ?? .null)])
            } ?? .null),
        ])
    }

    /// `shown`, `refused`, `notYetConfirmed` (delivered, no receipt yet: an older board sends none) or `notDelivered`.
    public static func boardState(_ e: QueuedCase) -> String {
        if let receipt = e.receipt { return receipt.state.rawValue }
        return e.delivered ? "notYetConfirmed" : "notDelivered"
    }

    /// "shown on the board at 14:02", "refused by the board: content invalid" or "delivered, not yet confirmed
    /// by the board"; nil before the case is delivered.
    public static func boardText(_ e: QueuedCase, _ l: Localizer) -> String? {
        guard e.delivered else { return nil }
        guard let receipt = e.receipt else { return l.text("notify.board.notYetConfirmed") }
        switch receipt.state {
        case .shown:
            let at = receipt.atMs.map { clockTime($0) } ?? "?"
            return l.text("notify.board.shown", [.text(at)])
        case .refused:
            let code = receipt.code ?? "?"
            let reason = l.text("notify.board.reason.\(code)")
            return l.text("notify.board.refused", [.text(reason == "notify.board.reason.\(code)" ? code : reason)])
        }
    }

    /// A time of day in this device's time zone, HH:mm.
    static func clockTime(_ ms: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: Double(ms) / 1000))
    }

    /// `notify flush --json`: every case tried, with how many are delivered and how many not yet.
    public static func flushJSON(_ results: [(QueuedCase, NotifyError?)]) -> JSONValue {
        let queued = results.filter { $0.0.hasPending }.count
        return .object([
            ("cases", .array(results.map { json($0.0) })),
            ("delivered", .integer(results.count - queued)), ("notYetDelivered", .integer(queued)),
        ])
    }

    /// `notify status --json`: every case kept on this device and how many are not yet delivered.
    public static func statusJSON(_ entries: [QueuedCase]) -> JSONValue {
        let waiting = entries.filter { $0.delivery != "delivered" }.count
        return .object([("cases", .array(entries.map(json))), ("notYetDelivered", .integer(waiting))])
    }

    /// `{"notification": {case}}`: what a `--json` module command adds on stderr after sending.
    public static func notificationJSON(_ e: QueuedCase) -> JSONValue { .object([("notification", json(e))]) }

    /// The line after a send or update: delivered, or not yet delivered (queued) with the reason.
    public static func outcome(_ e: QueuedCase, _ error: NotifyError?, _ l: Localizer) -> String {
        let hospital = e.hospitalName.map { "\($0) (\(e.hospitalId))" } ?? e.hospitalId
        guard let error else {
            guard let board = e.receipt.flatMap({ _ in boardText(e, l) }) else { return l.text("notify.sent.delivered", [.text(hospital), .text(e.caseId)]) }
            return l.text("notify.sent.deliveredBoard", [.text(hospital), .text(e.caseId), .text(board)])
        }
        let key = e.failed ? "notify.sent.failed" : "notify.sent.queued"
        return "! " + l.text(key, [.text(hospital), .text(e.caseId), .text(error.message(l))])
    }

    /// The `notify flush` lines: that there was nothing to deliver, or one outcome line per case.
    public static func flushLines(_ results: [(QueuedCase, NotifyError?)], _ l: Localizer) -> [String] {
        results.isEmpty ? [l.text("notify.flush.nothing")] : results.map { outcome($0.0, $0.1, l) }
    }

    /// The `notify status` lines: that none are kept, or one line per case.
    public static func statusLines(_ entries: [QueuedCase], _ l: Localizer) -> [String] {
        entries.isEmpty ? [l.text("notify.status.none", [.number(Double(NotifyQueue.retentionMs / 3_600_000), maxFractionDigits: 0)])] : entries.map { line($0, l) }
    }

    /// One human line per case: id, hospital, urgency, ETA, status, delivery.
    public static func line(_ e: QueuedCase, _ l: Localizer) -> String {
        let eta = e.latestEta.map { l.text("notify.eta", [.text(String($0))]) } ?? l.text("notify.eta.unknown")
        return [
            e.caseId, e.hospitalName.map { "\($0) (\(e.hospitalId))" } ?? e.hospitalId,
            l.text("notify.urgency.\(e.urgency)"), eta, l.text("notify.status.\(e.status)"),
            e.delivery == "delivered" ? (boardText(e, l) ?? l.text("notify.delivery.delivered")) : l.text("notify.delivery.\(e.delivery)"),
        ].joined(separator: "  ")
    }
}
