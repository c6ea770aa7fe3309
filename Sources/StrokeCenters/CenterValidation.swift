import StrokeModels

/// Dataset-wide checks: duplicate ids and duplicate sites.
enum CenterValidation {
    /// Two records closer than this are one site, whatever their names (km).
    static let sameSiteKm = 0.05
    /// Two records with the same folded name closer than this are one site (km).
    static let sameNameKm = 1.0

    /// Throws on the first duplicate id or duplicate site, in record order.
    static func checkDuplicates(_ centers: [StrokeCenter]) throws {
        var firstByID: [String: Int] = [:]
        for (i, c) in centers.enumerated() {
            if let first = firstByID[c.id] {
                throw CentersError.duplicateID(record: label(i, c), first: label(first, centers[first]))
            }
            firstByID[c.id] = i
        }
        // Sweep by latitude: only pairs within sameSiteKm in latitude can be that close.
        let order = centers.indices.sorted { (centers[$0].coordinate.latitude, $0) < (centers[$1].coordinate.latitude, $1) }
        let window = sameSiteKm / GreatCircle.earthRadiusKm * 180 / .pi
        for (k, i) in order.enumerated() {
            var j = k + 1
            while j < order.count, centers[order[j]].coordinate.latitude - centers[i].coordinate.latitude <= window {
                let other = order[j]
                if GreatCircle.haversineKm(centers[i].coordinate, centers[other].coordinate) < sameSiteKm {
                    let (a, b) = (min(i, other), max(i, other))
                    throw CentersError.duplicateSite(record: label(b, centers[b]), other: label(a, centers[a]))
                }
                j += 1
            }
        }
        var byName: [String: [Int]] = [:]
        for (i, c) in centers.enumerated() { byName[PlaceFolding.fold(c.name), default: []].append(i) }
        for group in byName.values.filter({ $0.count > 1 }).sorted(by: { $0[1] < $1[1] }) {
            for (k, i) in group.enumerated().dropFirst() {
                let c = centers[i]
                for other in group[..<k] {
                    if GreatCircle.haversineKm(c.coordinate, centers[other].coordinate) < sameNameKm {
                        throw CentersError.duplicateSite(record: label(i, c), other: label(other, centers[other]))
                    }
                }
            }
        }
    }

    /// "#3 (id 'x')": how errors name a record (1-based position in the file).
    static func label(_ i: Int, _ c: StrokeCenter) -> String { "#\(i + 1) (id '\(c.id)')" }
}
