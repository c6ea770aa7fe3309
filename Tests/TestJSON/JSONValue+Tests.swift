import Foundation
import StrokeJSON

// Reading JSON in tests through StrokeJSON's `JSONValue` (never `[String: Any]` and
// `JSONSerialization`): the same reader the product uses, the same numbers.
//
// The accessors below also work on an optional value, so a path reads in one line
// whatever was found on the way, `nil` as soon as a step is missing or of another type:
//
//     let json = try run.jsonValue()
//     #expect(json["routing"]["nearest"][0]["name"].stringValue == "Charité")

extension JSONValue {
    /// Reads one JSON document from UTF-8 bytes (test answers and files).
    /// - Throws: `JSONError` when the bytes are not one JSON document.
    public init(parsing data: Data) throws {
        try self.init(parsing: [UInt8](data))
    }

    /// The value when it is an object, else `nil`.
    public var object: JSONValue? {
        if case .object = self { return self }
        return nil
    }

    /// An array whose items are all numbers, or `nil`.
    public var doubleArray: [Double]? {
        guard let items = arrayValue else { return nil }
        let numbers = items.compactMap(\.doubleValue)
        return numbers.count == items.count ? numbers : nil
    }

    /// An object whose values are all whole numbers, by name, or `nil`.
    public var intMap: [String: Int]? {
        guard let members = dictionary else { return nil }
        let numbers = members.compactMapValues(\.intValue)
        return numbers.count == members.count ? numbers : nil
    }

    /// An object whose values are all numbers, by name, or `nil`.
    public var doubleMap: [String: Double]? {
        guard let members = dictionary else { return nil }
        let numbers = members.compactMapValues(\.doubleValue)
        return numbers.count == members.count ? numbers : nil
    }

    /// The value with every object's members in key order, at every depth: two values
    /// compare equal this way when they differ only in member order.
    public var sortingKeys: JSONValue {
        switch self {
        case .object(let members): .object(members.map { ($0.0, $0.1.sortingKeys) }.sorted { $0.0 < $1.0 })
        case .array(let items): .array(items.map(\.sortingKeys))
        default: self
        }
    }

    /// Item `index` of an array; `nil` when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard let items = arrayValue, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

extension Optional where Wrapped == JSONValue {
    /// Member `key` of an object (see `JSONValue.subscript(key:)`); `nil` on `nil`.
    public subscript(key: String) -> JSONValue? { self?[key] }
    /// Item `index` of an array; `nil` on `nil`.
    public subscript(index: Int) -> JSONValue? { self?[index] }
    /// `JSONValue.object`, `nil` on `nil`.
    public var object: JSONValue? { self?.object }
    /// `JSONValue.stringValue`, `nil` on `nil`.
    public var stringValue: String? { self?.stringValue }
    /// `JSONValue.intValue`, `nil` on `nil`.
    public var intValue: Int? { self?.intValue }
    /// `JSONValue.doubleValue`, `nil` on `nil`.
    public var doubleValue: Double? { self?.doubleValue }
    /// `JSONValue.boolValue`, `nil` on `nil`.
    public var boolValue: Bool? { self?.boolValue }
    /// `JSONValue.arrayValue`, `nil` on `nil`.
    public var arrayValue: [JSONValue]? { self?.arrayValue }
    /// `JSONValue.stringArray`, `nil` on `nil`.
    public var stringArray: [String]? { self?.stringArray }
    /// `JSONValue.doubleArray`, `nil` on `nil`.
    public var doubleArray: [Double]? { self?.doubleArray }
    /// `JSONValue.intMap`, `nil` on `nil`.
    public var intMap: [String: Int]? { self?.intMap }
    /// `JSONValue.doubleMap`, `nil` on `nil`.
    public var doubleMap: [String: Double]? { self?.doubleMap }
    /// `JSONValue.sortingKeys`, `nil` on `nil`.
    public var sortingKeys: JSONValue? { self?.sortingKeys }
    /// `JSONValue.dictionary`, `nil` on `nil`.
    public var dictionary: [String: JSONValue]? { self?.dictionary }
    /// `JSONValue.keys`, empty on `nil`.
    public var keys: [String] { self?.keys ?? [] }
    /// Whether the value is JSON `null` (false on `nil`: a missing member is not a null one).
    public var isNull: Bool { self?.isNull ?? false }
}
