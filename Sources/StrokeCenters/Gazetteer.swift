// German places for `--near`, and the case- and diacritic-insensitive keys of place and center names.

import Foundation
import StrokeModels

/// German places for `--near PLACE`, from `Data/Swift/PlacesDE.swift` (GeoNames, CC-BY 4.0).
public struct Gazetteer: Sendable {
    /// One place.
    public struct Place: Sendable, Hashable {
        /// The name as the query matched it: GeoNames' main name, or the alternate
        /// name the query spelled ("München" rather than "Munich").
        public let name: String
        /// State (Bundesland).
        public let region: String
        /// Location.
        public let coordinate: Coordinate
        /// Population (GeoNames).
        public let population: Int

        /// "Name (Region)": how an origin given as a place is named in output.
        public var displayName: String { "\(name) (\(region))" }

        /// "Name (Region) lat, lon" (coordinates tell apart two places of one name in one state).
        public var label: String { "\(displayName) \(coordinate.latitude), \(coordinate.longitude)" }
    }

    /// What a place name matched.
    public enum Match: Sendable, Hashable {
        /// Exactly one place.
        case place(Place)
        /// Several places, largest first: the caller asks which one is meant.
        case ambiguous([Place])
        /// No place.
        case unknown
    }

    /// Every place, in file order.
    public let places: [Place]
    private let byKey: [String: [Int]]
    private let aliases: [[String]]

    /// Parses the TSV (name, region, lat, lon, population, aliases); lines starting with '#' are comments.
    public init(tsv bytes: [UInt8]) {
        var places: [Place] = []
        var byKey: [String: [Int]] = [:]
        var aliases: [[String]] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 5, let lat = Double(f[2]), let lon = Double(f[3]), let pop = Int(f[4]) else { continue }
            let place = Place(name: String(f[0]), region: String(f[1]), coordinate: Coordinate(latitude: lat, longitude: lon), population: pop)
            let i = places.count
            places.append(place)
            var names = [place.name]
            if f.count > 5, !f[5].isEmpty { names += f[5].split(separator: "|").map(String.init) }
            aliases.append(Array(names.dropFirst()))
            var keys = Set<String>()
            for n in names { keys.insert(PlaceFolding.fold(n)); keys.insert(PlaceFolding.foldPlain(n)) }
            for k in keys { byKey[k, default: []].append(i) }
        }
        self.places = places
        self.byKey = byKey
        self.aliases = aliases
    }

    /// The place a name means.
    ///
    /// Matching ignores case and diacritics (ß = ss, ü = ue = u). "Name (Region)"
    /// or "Name, Region" picks one of several places of the same name.
    /// - Throws: `CentersError.unknownPlace`, or `.ambiguousPlace` listing the candidates
    ///   (largest first).
    public func resolve(_ query: String) throws -> Place {
        switch lookup(query) {
        case .place(let place): return place
        case .ambiguous(let candidates): throw CentersError.ambiguousPlace(query, candidates: candidates.map(\.label))
        case .unknown: throw CentersError.unknownPlace(query)
        }
    }

    /// Every place a name may mean, by the rules of `resolve(_:)`, without throwing
    /// (the walkthrough offers the candidates of an ambiguous name as choices).
    public func lookup(_ query: String) -> Match {
        var name = query, region: String?
        if let open = query.firstIndex(of: "("), query.hasSuffix(")") {
            name = String(query[..<open])
            region = String(query[query.index(after: open)..<query.index(before: query.endIndex)])
        } else if let comma = query.lastIndex(of: ",") {
            name = String(query[..<comma])
            region = String(query[query.index(after: comma)...])
        }
        var hits = Set(byKey[PlaceFolding.fold(name)] ?? []).union(byKey[PlaceFolding.foldPlain(name)] ?? [])
        if let region {
            let r = PlaceFolding.fold(region)
            hits = hits.filter { PlaceFolding.fold(places[$0].region) == r }
        }
        let sorted = hits.sorted { (-places[$0].population, $0) < (-places[$1].population, $1) }
        guard let first = sorted.first else { return .unknown }
        if sorted.count > 1 {
            // Same name in the same state twice (e.g. a town and its district): still ambiguous.
            return .ambiguous(sorted.map { places[$0] })
        }
        let place = places[first]
        let key = PlaceFolding.fold(name), plain = PlaceFolding.foldPlain(name)
        let matches: (String) -> Bool = { PlaceFolding.fold($0) == key || PlaceFolding.foldPlain($0) == plain }
        let candidates = aliases[first].filter(matches)
        // Prefer the spelling typed, then one with umlauts or ß ("München" over "Muenchen").
        let typed = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard !matches(place.name),
            let spelled = candidates.first(where: { $0.lowercased() == typed })
                ?? candidates.first(where: { $0.unicodeScalars.contains { $0.value >= 0x80 } }) ?? candidates.first
        else { return .place(place) }
        return .place(Place(name: spelled, region: place.region, coordinate: place.coordinate, population: place.population))
    }
}

/// Case- and diacritic-insensitive keys for place and center names.
public enum PlaceFolding {
    /// Lower-cased, ß → ss, ä/ö/ü → ae/oe/ue, other diacritics removed,
    /// hyphens, underscores and runs of spaces made single spaces.
    public static func fold(_ text: String) -> String { fold(text, umlautsAsE: true) }

    /// Like `fold`, but umlauts become plain vowels ("Munchen" for "München").
    public static func foldPlain(_ text: String) -> String { fold(text, umlautsAsE: false) }

    private static func fold(_ text: String, umlautsAsE: Bool) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var ascii = true
        for scalar in text.lowercased().unicodeScalars {
            let replacement: String?
            switch scalar {
            case "ß": replacement = "ss"
            case "ä": replacement = umlautsAsE ? "ae" : "a"
            case "ö": replacement = umlautsAsE ? "oe" : "o"
            case "ü": replacement = umlautsAsE ? "ue" : "u"
            default: replacement = nil
            }
            if scalar == " " || scalar == "-" || scalar == "_" || scalar == "\t" {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            if let replacement { out.append(contentsOf: replacement.unicodeScalars) } else {
                if scalar.value >= 0x80 { ascii = false }
                out.append(scalar)
            }
        }
        let folded = String(out)
        // ICU transforms are slow: only names with other diacritics need one.
        return ascii ? folded : (folded.applyingTransform(.stripDiacritics, reverse: false) ?? folded)
    }
}
