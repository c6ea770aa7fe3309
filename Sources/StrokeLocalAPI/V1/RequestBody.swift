import StrokeJSON

/// A `/v1` request body, read strictly with StrokeJSON's one reader: JSON types
/// are kept apart (a number is never a yes/no answer, a string is never a
/// number), because these bodies use the CLI's own JSON keys and types rather
/// than the Cloud Functions' lenient ones.
public enum RequestBody {
    /// Parses a request body that must be one JSON object and returns its members by name
    /// (strict RFC 8259; `JSONDecoder` took a third of `/v1/assess`'s own time, `Scripts/bench.d/api`).
    /// A trailing comma (`{"a":1,}`) is `api.invalidJSON`, as on the contract routes.
    /// A member repeated in any object of the body is 400 `api.duplicateField`, as on the
    /// contract routes (one rule: no reader picks the first or the last), so the
    /// members are unique and the dictionaries lose nothing.
    /// - Throws: `LocalAPIError.invalidJSON` (also for `NaN`/`Infinity`), `.notAnObject` or `.duplicateField`.
    public static func object(_ bytes: some Collection<UInt8>) throws(LocalAPIError) -> [String: JSONValue] {
        let value: JSONValue
        do { value = try JSONValue(parsing: Array(bytes)) } catch { throw .invalidJSON }
        guard let members = value.dictionary else { throw .notAnObject }
        if let name = value.firstDuplicateMember { throw .duplicateField(name) }
        return members
    }
}
