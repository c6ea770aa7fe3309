import BatchStreaming
import StrokeModels
import TriageRendering

/// Runs one batch over open descriptors: reads rows, scores them, writes the
/// output in input order, reports rejected rows and progress to an event sink.
/// `BatchJob` drives it for files; use it directly for descriptors you own.
///
/// Memory stays constant: one read chunk, one output buffer and the reused
/// per-row tables; nothing grows with the number of rows.
public struct BatchRunner {
    /// What was done.
    public struct Summary: Sendable, Hashable {
        /// Rows scored.
        public var passed = 0
        /// Rows rejected.
        public var rejected = 0

        /// A summary of these counts.
        public init(passed: Int = 0, rejected: Int = 0) {
            self.passed = passed
            self.rejected = rejected
        }
    }

    /// What the rows are scored with.
    public let module: BatchModule
    /// The input's (and output's) format.
    public let format: BatchFormat
    private let events: any BatchEventSink
    private let reader: LineReader
    private var out: ByteWriter
    private var progress: BatchProgressMeter
    private var fields = CSVFields()
    private var json = JSONFlatObject()
    private var values = RowValues()
    private var columnKeys: [InputKey] = []
    private var inputHeader: [String] = []
    private let jsonKeys: [String: InputKey]
    private let requiredKeys: [InputKey]
    private var rowWriter: BatchRowWriter
    private let scorer: OfflineRowScorer
    /// The rows scored and rejected so far.
    public private(set) var summary = Summary()

    /// Creates a runner over open descriptors (the caller owns and closes them).
    /// - Parameters:
    ///   - totalBytes: the input's size when it is a regular file (for the time left), else `nil`.
    ///   - events: receives each rejected row and, if it wants it, progress.
    public init(module: BatchModule, format: BatchFormat, input: Int32, totalBytes: Int?, events: any BatchEventSink,
                rules: TriageProtocol = .standard) {
        self.module = module
        self.format = format
        self.events = events
        self.reader = LineReader(fd: input)
        self.out = ByteWriter(fd: -1)
        self.progress = BatchProgressMeter(totalBytes: totalBytes, enabled: events.wantsProgress)
        self.requiredKeys = module.requiredKeys
        self.jsonKeys = Dictionary(uniqueKeysWithValues: module.acceptedKeys.map { ($0.json, $0) })
        self.rowWriter = BatchRowWriter(module: module, format: format, inputColumnCount: 0, rules: rules)
        self.scorer = OfflineRowScorer(module: module, format: format)
    }

    /// Reads and checks the CSV header (nothing for JSON Lines). Call first.
    /// - Throws: `BatchError` for a missing, unknown or duplicate column, or no header at all.
    public mutating func readHeader() throws {
        guard format == .csv else { return }
        var header: [String]? = nil
        let reader = self.reader
        while header == nil {
            let more = try Self.read(reader) { line in
                guard !Self.isBlank(line) else { return }
                var line = line
                if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
                    line = UnsafeBufferPointer(rebasing: line[3...])  // UTF-8 byte-order mark
                }
                fields.split(line)
                header = (0..<fields.count).map { fields.string($0).trimmingSpaces }
            }
            if !more { break }
        }
        guard let header else { throw BatchError.noHeader }
        let accepted = module.acceptedKeys
        var keys: [InputKey] = []
        for name in header {
            guard let key = accepted.first(where: { $0.csv == name }) else {
                throw BatchError.unknownColumn(name, allowed: accepted.map(\.csv))
            }
            guard !keys.contains(key) else { throw BatchError.duplicateColumn(name) }
            keys.append(key)
        }
        for key in module.requiredKeys where !keys.contains(key) { throw BatchError.missingColumn(key.csv) }
        columnKeys = keys
        inputHeader = header
        rowWriter = BatchRowWriter(module: module, format: format, inputColumnCount: keys.count, rules: rowWriter.rules)
    }

    /// Starts writing to `output` (the header first, for CSV). Call after `readHeader()`.
    public mutating func begin(output: Int32) {
        out = ByteWriter(fd: output)
        rowWriter.writeHeader(inputHeader, to: out)
    }

    /// Scores every remaining row offline (the local models and rules), synchronously.
    /// - Throws: `BatchError` when reading or writing fails.
    public mutating func runOffline() throws {
        let reader = self.reader
        var overLong: Int? = nil
        while try Self.readRow(reader, { line in
            guard !Self.isBlank(line) else { return }
            emit(line: line, lineNumber: reader.lineNumber, outcome: parse(line), parsedFields: true)
        }, tooLong: { overLong = $0 }) {
            if let lineNumber = overLong {
                emit(line: UnsafeBufferPointer(start: nil, count: 0), lineNumber: lineNumber, outcome: .rejected(.tooLong), parsedFields: false)
                overLong = nil
            }
        }
        try finish()
    }

    /// Flushes the output and tells the sink the run is over.
    func finish() throws {
        out.flush()
        events.finished()
        if let failure = out.failure { throw failure }
    }

    // MARK: - Rows

    /// Reads one line of `reader`; `false` at the end of the input.
    static func read(_ reader: LineReader, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
        try reader.nextLine(body)
    }

    /// Reads one row like `read`, but an over-long row is not an error: it is
    /// skipped, `tooLong` gets its line number, and the run goes on.
    static func readRow(_ reader: LineReader, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void,
                        tooLong: (Int) -> Void) throws -> Bool {
        do { return try reader.nextLine(body) }
        catch let error as StreamingError where error == .lineTooLong {
            tooLong(reader.lineNumber)
            return true
        }
    }

    /// The input reader (a reference; reading does not mutate the runner).
    var input: LineReader { reader }

    /// Parses and scores a row offline.
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>) -> RowOutcome {
        if let rejection = load(line) { return .rejected(rejection) }
        return scorer.score(values)
    }

    /// Parses a module row into triage inputs without scoring it (auto mode).
    mutating func parseInputs(_ line: UnsafeBufferPointer<UInt8>) -> Result<TriageInputs, RowRejection> {
        if let rejection = load(line) { return .failure(rejection) }
        return values.triageInputs(module.triageModule!, format: format)
    }

    /// Fills `values` from a line; the rejection when a cell or the layout is wrong.
    private mutating func load(_ line: UnsafeBufferPointer<UInt8>) -> RowRejection? {
        values.reset()
        switch format {
        case .csv:
            fields.split(line)
            if fields.malformed { return .fieldCount(found: fields.count, expected: columnKeys.count) }
            guard fields.count == columnKeys.count else { return .fieldCount(found: fields.count, expected: columnKeys.count) }
            let rejection: RowRejection? = fields.withFields { cells in
                for (i, key) in columnKeys.enumerated() {
                    if let rejection = values.load(key, cells[i], format: format) { return rejection }
                }
                return nil
            }
            if let rejection { return rejection }
        case .jsonl:
            if let problem = json.parse(line) { return problem == .duplicateKey ? .duplicateKey : .notJSON }
            for i in 0..<json.count {
                let name = json.key(i)
                guard let key = jsonKeys[name] else { return .unknownKey(name) }
                if json.kind(i) == .null { continue }
                if let rejection = json.withValue(i, { values.load(key, $0, format: format) }) { return rejection }
            }
        }
        return values.missing(requiredKeys, format: format)
    }

    /// Writes one row's output and reports a rejection to the sink.
    /// `parsedFields`: the CSV splitter still holds this line's fields.
    mutating func emit(line: UnsafeBufferPointer<UInt8>, lineNumber: Int, outcome: RowOutcome, parsedFields: Bool) {
        switch format {
        case .csv:
            var regrouped: CSVFields? = nil
            if case .rejected(.fieldCount) = outcome {
                if parsedFields { regrouped = fields } else { var f = CSVFields(); f.split(line); regrouped = f }
            } else if case .rejected(.tooLong) = outcome {
                regrouped = CSVFields()  // the row was never read: empty input cells
            }
            rowWriter.writeCSV(line: line, fields: regrouped, outcome: outcome, to: out)
        case .jsonl:
            let isObject: Bool
            if case .rejected(let r) = outcome, r == .notJSON || r == .duplicateKey || r == .tooLong { isObject = false } else { isObject = true }
            rowWriter.writeJSONL(lineNumber: lineNumber, input: isObject ? line : nil, outcome: outcome, to: out)
        }
        if case .rejected(let rejection) = outcome {
            summary.rejected += 1
            events.rowRejected(line: lineNumber, reason: rejection)
        } else {
            summary.passed += 1
        }
        if let due = progress.tick(rows: summary.passed + summary.rejected, bytesRead: reader.bytesRead) { events.progress(due) }
    }

    /// Whether a line holds nothing but spaces and tabs.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for c in line where c != 0x20 && c != 0x09 { return false }
        return true
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
