import StrokeJSON

/// The routing's suggested destination and transfer plan as FHIR (docs/fhir.md):
/// one `Location` per center (its id in our naming system, name, phones, address,
/// position) and one `Encounter` (class EMER, status planned) naming them with their
/// role and the estimated drive time. Only when the routing suggested a destination.
enum FHIRDestination {
    /// The centers of `routing` (the `--json` routing object): the destination and, when planned, the transfer.
    static func centers(_ routing: JSONValue?) -> [(role: String, center: JSONValue)] {
        guard let routing, let destination = routing["destination"], destination.objectMembers != nil else { return [] }
        var out = [("destination", destination)]
        if let transfer = routing["transferPlan"], transfer.objectMembers != nil { out.append(("transfer", transfer)) }
        return out
    }

    /// A `Location` of one center object of the routing JSON.
    static func location(_ center: JSONValue) -> JSONValue {
        var members: [(String, JSONValue)] = [("resourceType", .string("Location"))]
        if let id = center["id"]?.stringValue {
            members.append(("identifier", .array([.object([("system", .string(FHIRVocabulary.centerSystem)), ("value", .string(id))])])))
        }
        members.append(("status", .string("active")))
        if let name = center["name"]?.stringValue { members.append(("name", .string(name))) }
        if let level = center["level"]?.stringValue { members.append(("description", .string("Stroke center, level \(level)"))) }
        var telecom: [JSONValue] = []
        if let phone = center["phone"]?.stringValue {
            telecom.append(.object([("system", .string("phone")), ("value", .string(phone)), ("use", .string("work"))]))
        }
        if let phone = center["emergencyPhone"]?.stringValue {
            telecom.append(.object([("system", .string("phone")), ("value", .string(phone)), ("use", .string("work")), ("rank", .integer(1))]))
        }
        if !telecom.isEmpty { members.append(("telecom", .array(telecom))) }
        if let address = center["address"]?.stringValue { members.append(("address", .object([("text", .string(address))]))) }
        if let lat = center["lat"], let lon = center["lon"], lat.doubleValue != nil, lon.doubleValue != nil {
            members.append(("position", .object([("longitude", lon), ("latitude", lat)])))
        }
        return .object(members)
    }

    /// The `Encounter`: class EMER, status planned, each center with its role and drive time.
    static func encounter(_ centers: [(role: String, center: JSONValue, reference: JSONValue)], subject: JSONValue?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("Encounter")),
            ("status", .string("planned")),
            ("class", FHIRVocabulary.coding("http://terminology.hl7.org/CodeSystem/v3-ActCode", "EMER", "emergency")),
        ]
        if let subject { members.append(("subject", subject)) }
        members.append(("location", .array(centers.map { entry in
            var extensions = [FHIRVocabulary.fhirExtension(FHIRVocabulary.roleExtension, "Code", .string(entry.role))]
            if let minutes = entry.center["driveMinutes"], minutes.doubleValue != nil {
                extensions.append(FHIRVocabulary.fhirExtension(FHIRVocabulary.driveExtension, "Duration", FHIRVocabulary.quantity(minutes, ucum: "min")))
            }
            return .object([("extension", .array(extensions)), ("location", entry.reference), ("status", .string("planned"))])
        })))
        return .object(members)
    }
}
