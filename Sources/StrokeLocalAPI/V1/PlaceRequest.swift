import Foundation
import StrokeJSON
import StrokeModels

/// The parameters of `GET /v1/centers` (query) and `POST /v1/route` (JSON body):
/// the flags of `stroke-triage centers` and `route` in camelCase, checked for
/// presence and type here (the CLI's argument parsing); ranges are checked by
/// the same code the CLI runs (`LocalAPIV1`).
public struct PlaceRequest: Sendable, Equatable {
    /// `lat` + `lon`, or nil when `near` names the origin.
    public var coordinate: (latitude: Double, longitude: Double)? {
        guard let lat = numbers["lat"], let lon = numbers["lon"] else { return nil }
        return (lat, lon)
    }
    /// `near`: a German place instead of `lat`/`lon`.
    public var near: String?
    /// Every numeric parameter given, by name (`limit`, `ich`, `coverageKm`, …).
    public var numbers: [String: Double] = [:]
    /// `need` (centers only).
    public var need: String?
    /// `lang`: `en` (default) or `de`.
    public var lang = "en"

    /// The numeric parameters of `/v1/centers`, as `stroke-triage centers` names them.
    public static let centersNumbers = ["lat", "lon", "limit", "coverageKm", "roadFactor", "speedKmh", "overheadMinutes"]
    /// The numeric parameters of `/v1/route`, as `stroke-triage route` names them.
    public static let routeNumbers = ["lat", "lon", "ich", "lvo", "fastEd", "onsetMinutes", "nihss",
                                      "coverageKm", "roadFactor", "speedKmh", "overheadMinutes"]

    /// `GET /v1/centers` from its query parameters (already percent-decoded).
    /// - Throws: 400 `api.unknownField`, `api.wrongType`, `api.missingField` (origin missing, lat without lon,
    ///   or both lat/lon and near, as the CLI's usage errors).
    public static func centers(query: [(String, String)]) throws(LocalAPIError) -> PlaceRequest {
        let allowed = centersNumbers + ["near", "need", "lang"]
        var request = PlaceRequest()
        var seen: Set<String> = []
        for (name, text) in query {
            guard allowed.contains(name) else { throw .unknownField("query", allowed: allowed) }
            guard seen.insert(name).inserted else {
                throw LocalAPIError(code: "api.wrongType", status: .badRequest, message: "\(name) is given more than once.", field: name)
            }
            switch name {
            case "near": request.near = text
            case "need": request.need = text
            case "lang": request.lang = try language(text)
            default:
                guard let number = DecimalNumber.parse(text) else { throw .notADecimal(name, given: text) }
                request.numbers[name] = number
            }
        }
        try request.checkOrigin()
        return request
    }

    /// `POST /v1/route` from its JSON body.
    /// - Throws: as `centers(query:)`, plus 400 `api.invalidJSON`/`api.notAnObject`; `ich` may be absent
    ///   (routed conservatively, as `route` without `--ich`); `lvo` and `fastEd` together are 400 (the CLI's usage error).
    public static func route(body bytes: some Collection<UInt8>) throws(LocalAPIError) -> PlaceRequest {
        let allowed = routeNumbers + ["near", "lang"]
        var request = PlaceRequest()
        for (name, value) in try RequestBody.object(bytes).sorted(by: { $0.key < $1.key }) {
            guard allowed.contains(name) else { throw .unknownField("request", allowed: allowed) }
            switch (name, value) {
            case (_, .null): continue
            case ("near", .string(let text)): request.near = text
            case ("lang", .string(let text)): request.lang = try language(text)
            case ("near", _), ("lang", _): throw .wrongType(name, expected: "a string, not \(value.typeName)")
            case (_, .number(let number)): request.numbers[name] = number
            case (_, .integer(let number)): request.numbers[name] = Double(number)
            default: throw .wrongType(name, expected: "a number, not \(value.typeName)")
            }
        }
        if request.numbers["lvo"] != nil, request.numbers["fastEd"] != nil {
            throw LocalAPIError(code: "api.wrongType", status: .badRequest, message: "Give either lvo or fastEd, not both.", field: "fastEd")
        }
        try request.checkOrigin()
        return request
    }

    /// A whole-number parameter (`limit`), nil when absent.
    /// - Throws: 400 `api.wrongType` for a fraction (the CLI's argument parsing refuses it).
    public func whole(_ name: String) throws(LocalAPIError) -> Int? {
        guard let value = numbers[name] else { return nil }
        guard value.rounded() == value, abs(value) < 1e15 else { throw .wrongType(name, expected: "a whole number") }
        return Int(value)
    }

    /// The origin is `lat` + `lon` or `near`, never both and never neither (the CLI's usage rule).
    private func checkOrigin() throws(LocalAPIError) {
        let lat = numbers["lat"] != nil, lon = numbers["lon"] != nil
        if lat != lon {
            throw LocalAPIError(code: "api.missingField", status: .badRequest, message: "lat and lon go together.", field: lat ? "lon" : "lat")
        }
        if lat, near != nil {
            throw LocalAPIError(code: "api.wrongType", status: .badRequest, message: "Give either lat/lon or near, not both.", field: "near")
        }
        if !lat, near == nil {
            throw LocalAPIError(code: "api.missingField", status: .badRequest, message: "Give the origin: lat and lon, or near.", field: "lat")
        }
    }

    private static func language(_ text: String) throws(LocalAPIError) -> String {
        guard text == "en" || text == "de" else {
            throw LocalAPIError(code: "api.outOfRange", status: .unprocessableContent, message: "lang must be en or de.", field: "lang")
        }
        return text
    }

    /// Equal when every parameter given is equal.
    public static func == (a: PlaceRequest, b: PlaceRequest) -> Bool {
        a.near == b.near && a.numbers == b.numbers && a.need == b.need && a.lang == b.lang
    }
}
