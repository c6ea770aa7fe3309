import StrokeModels

extension BatchRunner {
    /// One row read and parsed, waiting for its prediction.
    private struct PendingRow: Sendable {
        let lineNumber: Int
        let line: [UInt8]
        let parsed: Result<TriageInputs, RowRejection>
    }

    /// Scores the remaining module rows through `service`, one request per
    /// row with at most `concurrency` in flight; output stays in input order.
    /// A row whose request fails is rejected with the error's stable code.
    /// - Throws: `BatchError` when reading or writing fails.
    public mutating func runConcurrently(service: any PredictionService, concurrency: Int) async throws {
        let format = self.format
        try await withThrowingTaskGroup(of: (Int, RowOutcome).self) { group in
            var pending: [Int: PendingRow] = [:]
            var finished: [Int: RowOutcome] = [:]
            var nextToWrite = 0
            var nextSequence = 0
            var inFlight = 0

            func writeReady() {
                while let outcome = finished.removeValue(forKey: nextToWrite), let row = pending.removeValue(forKey: nextToWrite) {
                    row.line.withUnsafeBufferPointer { emit(line: $0, lineNumber: row.lineNumber, outcome: outcome, parsedFields: false) }
                    nextToWrite += 1
                }
            }

            while true {
                var row: PendingRow? = nil
                var overLong: Int? = nil
                let reader = input
                let more = try Self.readRow(reader, { line in
                    guard !Self.isBlank(line) else { return }
                    row = PendingRow(lineNumber: reader.lineNumber, line: Array(line), parsed: parseInputs(line))
                }, tooLong: { overLong = $0 })
                if let lineNumber = overLong { row = PendingRow(lineNumber: lineNumber, line: [], parsed: .failure(.tooLong)) }
                if !more { break }
                guard let row else { continue }
                let sequence = nextSequence
                nextSequence += 1
                pending[sequence] = row
                switch row.parsed {
                case .failure(let rejection):
                    finished[sequence] = .rejected(rejection)
                case .success(let inputs):
                    inFlight += 1
                    group.addTask {
                        do { return (sequence, .assessment(try await service.assess(inputs))) }
                        catch let error as ModelsError { return (sequence, .rejected(.from(error, format: format))) }
                        catch { return (sequence, .rejected(.serviceFailed(code: Self.code(of: error)))) }
                    }
                }
                // Keep at most `concurrency` rows between reading and writing.
                while nextSequence - nextToWrite >= concurrency, inFlight > 0 {
                    if let (sequence, outcome) = try await group.next() {
                        inFlight -= 1
                        finished[sequence] = outcome
                    }
                    writeReady()
                }
                writeReady()
            }
            while let (sequence, outcome) = try await group.next() {
                inFlight -= 1
                finished[sequence] = outcome
                writeReady()
            }
            writeReady()
        }
        try finish()
    }

    /// A stable code for any error a prediction service throws (never its message: it may echo inputs).
    private static func code(of error: Error) -> String {
        (error as? any TriageError)?.code ?? String(describing: type(of: error))
    }
}
