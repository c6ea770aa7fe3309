import AuditFormat

extension PushRequest {
    /// The first text field PostgreSQL cannot store as `text` (it holds U+0000), named for the incident
    /// (`records[3].type`), or nil when every one can be stored. A push with such a field is refused as
    /// `request.malformed` (400) before any query, so it is recorded as an incident and never answered 503.
    public var unstorableTextField: String? {
        func bad(_ text: String) -> Bool { text.utf8.contains(0) }
        for (index, record) in records.enumerated() {
            if bad(record.type) { return "records[\(index)].type" }
            if bad(record.dataKeyId) { return "records[\(index)].dataKeyId" }
        }
        for (index, key) in (wrappedKeys ?? []).enumerated() {
            if bad(key.dataKeyId) { return "wrappedKeys[\(index)].dataKeyId" }
            if bad(key.orgKeyId) { return "wrappedKeys[\(index)].orgKeyId" }
        }
        for (index, id) in (erasedKeyIds ?? []).enumerated() where bad(id) { return "erasedKeyIds[\(index)]" }
        return nil
    }
}
