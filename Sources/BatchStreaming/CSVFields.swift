/// Splits one CSV line (RFC 4180 quoting, comma separator) into fields,
/// reusing its storage from line to line so that splitting allocates nothing
/// once warmed up.
///
/// A quoted field may contain commas and doubled quotes (`""`); it may not
/// contain a line break (one record per line). Unquoted fields are taken
/// verbatim; surrounding spaces are kept (and rejected later by number parsing).
public struct CSVFields {
    private var storage: [UInt8] = []
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
        storage.removeAll(keepingCapacity: true)
        bounds.removeAll(keepingCapacity: true)
        malformed = false
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
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
        return try storage.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[range]))
        }
    }

    /// Field `index` as a string (headers; not for the per-row path).
    public func string(_ index: Int) -> String {
        withField(index) { String(decoding: $0, as: UTF8.self) }
    }
}
