/// Splits one CSV line (RFC 4180 quoting, comma separator) into fields,
/// reusing its storage from line to line so that splitting allocates nothing
/// once warmed up.
///
/// A quoted field may contain commas and doubled quotes (`""`); it may not
/// contain a line break (one record per line). Unquoted fields are taken
/// verbatim; surrounding spaces are kept (and rejected later by number parsing).
///
/// A line without quotes is not copied: its fields point into the line, so
/// they are valid only as long as the line's buffer is.
public struct CSVFields {
    private var storage: [UInt8] = []
    private var line: UnsafeBufferPointer<UInt8>? = nil
    private var bounds: [Range<Int>] = []
    /// Whether the last line had a quote that was never closed, or text after a closing quote.
    public private(set) var malformed = false

    /// Creates an empty splitter.
    public init() {
        storage.reserveCapacity(4096)
        bounds.reserveCapacity(32)
    }

    /// The number of fields of the last line split.
    public var count: Int { bounds.count }

    /// Splits `line`; an empty line has one empty field.
    public mutating func split(_ line: UnsafeBufferPointer<UInt8>) {
        bounds.removeAll(keepingCapacity: true)
        malformed = false
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
        if !line.contains(quote) {
            // Fast path: fields are slices of the line itself.
            self.line = line
            var fieldStart = 0
            for (i, c) in line.enumerated() where c == comma {
                bounds.append(fieldStart..<i)
                fieldStart = i + 1
            }
            bounds.append(fieldStart..<line.count)
            return
        }
        self.line = nil
        storage.removeAll(keepingCapacity: true)
        var i = 0
        let n = line.count
        while true {
            let fieldStart = storage.count
            if i < n, line[i] == quote {
                i += 1
                var closed = false
                while i < n {
                    let c = line[i]
                    if c == quote {
                        if i + 1 < n, line[i + 1] == quote { storage.append(quote); i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    storage.append(c)
                    i += 1
                }
                if !closed || (i < n && line[i] != comma) { malformed = true }
                while i < n, line[i] != comma { i += 1 }
            } else {
                while i < n, line[i] != comma { storage.append(line[i]); i += 1 }
            }
            bounds.append(fieldStart..<storage.count)
            if i >= n { break }
            i += 1  // the comma
            if i == n { bounds.append(storage.count..<storage.count); break }
        }
    }

    /// Calls `body` with the bytes of field `index` (unquoted).
    public func withField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let range = bounds[index]
        if let line { return try body(UnsafeBufferPointer(rebasing: line[range])) }
        return try storage.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[range]))
        }
    }

    /// Calls `body` with every field of the last line at once (one storage access per line).
    public func withFields<R>(_ body: (Cells) throws -> R) rethrows -> R {
        if let line {
            return try bounds.withUnsafeBufferPointer { ranges in try body(Cells(storage: line, bounds: ranges)) }
        }
        return try storage.withUnsafeBufferPointer { all in
            try bounds.withUnsafeBufferPointer { ranges in try body(Cells(storage: all, bounds: ranges)) }
        }
    }

    /// The fields of one line, valid only inside `withFields`.
    public struct Cells {
        let storage: UnsafeBufferPointer<UInt8>
        let bounds: UnsafeBufferPointer<Range<Int>>

        /// The bytes of field `index` (unquoted).
        public subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: storage[bounds[index]])
        }
    }

    /// Field `index` as a string (headers; not for the per-row path).
    public func string(_ index: Int) -> String {
        withField(index) { String(decoding: $0, as: UTF8.self) }
    }
}
