import CaseWire
import Foundation
import PostgresNIO
import StrokeModels

extension RelayStore {
    /// Stores a new case, or recognises a retried send of the same case.
    /// - Returns: the case's status and whether it was newly created (201) or already there with identical content (200).
    /// - Throws: `RelayRefusal` (`hospital.unknown` 404, `case.conflict`), or `RelayError` when PostgreSQL fails.
    public func createCase(_ request: CaseCreateRequest, deviceId: Int64, nowMs: Int64,
                           ttlMs: Int64) async throws -> (answer: CaseStatusAnswer, created: Bool) {
        try await transaction { connection in
            try await connection.query("DELETE FROM relay_cases WHERE created_ms < \(nowMs - ttlMs)", logger: self.logger)
            var hospitalKnown = false
            for try await _ in try await connection.query(
                "SELECT 1 FROM relay_hospitals WHERE id = \(request.hospitalId)", logger: self.logger).decode(Int32.self) {
                hospitalKnown = true
            }
            guard hospitalKnown else { throw RelayRefusal.hospitalUnknown }
            let eta = request.etaMinutes.map(Int64.init)
            let etaUpdated: Int64? = eta == nil ? nil : nowMs
            var inserted = false
            for try await _ in try await connection.query("""
                INSERT INTO relay_cases (case_id, hospital_id, device_id, urgency, sent_eta_minutes, eta_minutes,
                    eta_updated_ms, status, created_ms, updated_ms, encapsulated_key, ciphertext)
                VALUES (\(request.caseId), \(request.hospitalId), \(deviceId), \(request.urgency.rawValue), \(eta), \(eta),
                    \(etaUpdated), 'inTransit', \(nowMs), \(nowMs), \(request.encapsulatedKey), \(request.ciphertext))
                ON CONFLICT (case_id) DO NOTHING RETURNING 1
                """, logger: self.logger).decode(Int32.self) { inserted = true }
            if inserted { return (CaseStatusAnswer(caseId: request.caseId, status: .inTransit), true) }
            let rows = try await connection.query("""
                SELECT hospital_id, device_id, urgency, sent_eta_minutes, status, encapsulated_key, ciphertext
                FROM relay_cases WHERE case_id = \(request.caseId)
                """, logger: self.logger)
            for try await (hospital, device, urgency, sentEta, status, key, ciphertext) in rows.decode(
                (String, Int64, String, Int64?, String, ByteBuffer, ByteBuffer).self) {
                let same = hospital == request.hospitalId && device == deviceId && urgency == request.urgency.rawValue
                    && sentEta == eta && Data(key.readableBytesView) == request.encapsulatedKey
                    && Data(ciphertext.readableBytesView) == request.ciphertext
                guard same, let status = CaseStatus(rawValue: status) else { throw RelayRefusal.caseConflict }
                return (CaseStatusAnswer(caseId: request.caseId, status: status), false)
            }
            throw RelayRefusal.caseConflict
        }
    }

    /// Sets a device's own in-transit case's ETA.
    /// - Throws: `RelayRefusal` (`case.unknown` for a missing, expired or other device's case; `case.closed`).
    public func updateETA(caseId: String, deviceId: Int64, etaMinutes: Int, nowMs: Int64, ttlMs: Int64) async throws -> CaseStatusAnswer {
        try await transaction { connection in
            let status = try await self.lockedStatus(caseId: caseId, deviceId: deviceId, hospitalId: nil,
                                                     nowMs: nowMs, ttlMs: ttlMs, on: connection)
            guard status == .inTransit else { throw RelayRefusal.caseClosed }
            try await connection.query("""
                UPDATE relay_cases SET eta_minutes = \(Int64(etaMinutes)), eta_updated_ms = \(nowMs), updated_ms = \(nowMs)
                WHERE case_id = \(caseId)
                """, logger: self.logger)
            return CaseStatusAnswer(caseId: caseId, status: status)
        }
    }

    /// Marks a device's own case `arrived` or `cancelled` (setting the same status again changes nothing).
    /// - Throws: `RelayRefusal` (`request.malformed` for another status, `case.unknown`, `case.closed`).
    public func updateStatus(caseId: String, deviceId: Int64, to status: CaseStatus, nowMs: Int64,
                             ttlMs: Int64) async throws -> CaseStatusAnswer {
        guard status == .arrived || status == .cancelled else { throw RelayRefusal.malformed }
        return try await transaction { connection in
            let current = try await self.lockedStatus(caseId: caseId, deviceId: deviceId, hospitalId: nil,
                                                      nowMs: nowMs, ttlMs: ttlMs, on: connection)
            if current == status { return CaseStatusAnswer(caseId: caseId, status: status) }
            guard current == .inTransit else { throw RelayRefusal.caseClosed }
            try await connection.query("""
                UPDATE relay_cases SET status = \(status.rawValue), updated_ms = \(nowMs) WHERE case_id = \(caseId)
                """, logger: self.logger)
            return CaseStatusAnswer(caseId: caseId, status: status)
        }
    }

    /// Archives a hospital's own case (again: no change).
    /// - Throws: `RelayRefusal.caseUnknown` for a missing, expired or other hospital's case.
    public func archive(caseId: String, hospitalId: String, nowMs: Int64, ttlMs: Int64) async throws -> CaseStatusAnswer {
        try await transaction { connection in
            let current = try await self.lockedStatus(caseId: caseId, deviceId: nil, hospitalId: hospitalId,
                                                      nowMs: nowMs, ttlMs: ttlMs, on: connection)
            if current != .archived {
                try await connection.query("""
                    UPDATE relay_cases SET status = 'archived', updated_ms = \(nowMs) WHERE case_id = \(caseId)
                    """, logger: self.logger)
            }
            return CaseStatusAnswer(caseId: caseId, status: .archived)
        }
    }

    /// Records the board's receipt of one of the hospital's own cases (a later one replaces it).
    /// - Throws: `RelayRefusal.caseUnknown` for a missing, expired or other hospital's case.
    public func recordReceipt(caseId: String, hospitalId: String, _ receipt: CaseReceipt, nowMs: Int64, ttlMs: Int64) async throws {
        try await transaction { connection in
            _ = try await self.lockedStatus(caseId: caseId, deviceId: nil, hospitalId: hospitalId, nowMs: nowMs, ttlMs: ttlMs, on: connection)
            let code = receipt.state == .refused ? receipt.code : nil
            try await connection.query("""
                UPDATE relay_cases SET receipt = \(receipt.state.rawValue), receipt_code = \(code), receipt_ms = \(nowMs)
                WHERE case_id = \(caseId)
                """, logger: self.logger)
        }
    }

    /// The board's receipt of a device's own case, nil while none came.
    /// - Throws: `RelayRefusal.caseUnknown` for a missing, expired or other device's case.
    public func receipt(caseId: String, deviceId: Int64, nowMs: Int64, ttlMs: Int64) async throws -> CaseReceipt? {
        try await run {
            let rows = try await self.collector.client.query("""
                SELECT receipt, receipt_code, receipt_ms FROM relay_cases
                WHERE case_id = \(caseId) AND device_id = \(deviceId) AND created_ms >= \(nowMs - ttlMs)
                """, logger: self.logger)
            for try await (state, code, atMs) in rows.decode((String?, String?, Int64?).self) {
                guard let state, let known = CaseReceipt.State(rawValue: state) else { return nil }
                return CaseReceipt(state: known, code: code, atMs: atMs)
            }
            throw RelayRefusal.caseUnknown
        }
    }

    /// A hospital's unexpired cases, sorted by case id, with each sender's registered key
    /// (nil once the device was removed). Deletes expired cases first.
    public func cases(hospitalId: String, nowMs: Int64, ttlMs: Int64) async throws -> [HospitalCase] {
        _ = try await expire(nowMs: nowMs, ttlMs: ttlMs)
        return try await run {
            let rows = try await self.collector.client.query("""
                SELECT c.case_id, d.name, CASE WHEN d.status <> 'removed' THEN d.public_key END, c.urgency, c.eta_minutes,
                    c.eta_updated_ms, c.status, c.created_ms, c.updated_ms, c.encapsulated_key, c.ciphertext
                FROM relay_cases c JOIN devices d ON d.id = c.device_id
                WHERE c.hospital_id = \(hospitalId) AND c.created_ms >= \(nowMs - ttlMs)
                ORDER BY c.case_id
                """, logger: self.logger)
            var out: [HospitalCase] = []
            for try await (id, device, key, urgency, eta, etaMs, status, created, updated, encapsulated, ciphertext) in rows.decode(
                (String, String, ByteBuffer?, String, Int64?, Int64?, String, Int64, Int64, ByteBuffer, ByteBuffer).self) {
                guard let urgency = TriageUrgency(rawValue: urgency), let status = CaseStatus(rawValue: status) else { continue }
                out.append(HospitalCase(
                    caseId: id, device: device, devicePublicKey: key.map { Data($0.readableBytesView) }, urgency: urgency,
                    etaMinutes: eta.map { Int($0) }, etaUpdatedMs: etaMs, status: status, createdMs: created, updatedMs: updated,
                    encapsulatedKey: Data(encapsulated.readableBytesView), ciphertext: Data(ciphertext.readableBytesView)))
            }
            return out
        }
    }

    /// Deletes every case received more than `ttlMs` ago; returns how many went. (Nonces are purged
    /// as they are recorded, `NonceStore`.)
    public func expire(nowMs: Int64, ttlMs: Int64) async throws -> Int {
        try await transaction { connection in
            var count = 0
            for try await _ in try await connection.query(
                "DELETE FROM relay_cases WHERE created_ms < \(nowMs - ttlMs) RETURNING 1", logger: self.logger).decode(Int32.self) {
                count += 1
            }
            return count
        }
    }

    /// The status of an unexpired case owned by the device (or hospital), locked for update.
    private func lockedStatus(caseId: String, deviceId: Int64?, hospitalId: String?, nowMs: Int64,
                              ttlMs: Int64, on connection: PostgresConnection) async throws -> CaseStatus {
        let rows = try await connection.query("""
            SELECT status FROM relay_cases WHERE case_id = \(caseId) AND created_ms >= \(nowMs - ttlMs)
                AND (\(deviceId)::bigint IS NULL OR device_id = \(deviceId))
                AND (\(hospitalId)::text IS NULL OR hospital_id = \(hospitalId))
            FOR UPDATE
            """, logger: logger)
        for try await status in rows.decode(String.self) {
            if let status = CaseStatus(rawValue: status) { return status }
        }
        throw RelayRefusal.caseUnknown
    }
}
