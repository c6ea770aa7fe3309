extension JSONValue {
    /// The name of the first object member that appears twice in one object, searching
    /// the document depth-first in order; nil when no object repeats a member.
    ///
    /// RFC 8259 leaves repeated names to the reader ("first wins", "last wins" or an
    /// error); request bodies refuse them (400 `api.duplicateField` in the local API),
    /// so that no two readers of the same body can see different values.
    public var firstDuplicateMember: String? {
        switch self {
        case .array(let items):
            for item in items { if let name = item.firstDuplicateMember { return name } }
            return nil
        case .object(let pairs):
            var seen = Set<String>(minimumCapacity: pairs.count)
            for (name, value) in pairs {
                guard seen.insert(name).inserted else { return name }
                if let inner = value.firstDuplicateMember { return inner }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether `bytes` are JSON in which no object repeats a member: what a body decoded by
    /// another reader (Foundation's `JSONDecoder`, which keeps one of the two) must be first.
    public static func hasNoDuplicateMembers(_ bytes: some Sequence<UInt8>) -> Bool {
        guard let value = try? JSONValue(parsing: Array(bytes)) else { return false }
        return value.firstDuplicateMember == nil
    }
}
