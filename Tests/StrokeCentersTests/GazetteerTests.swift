import CentersData
import StrokeCenters
import Testing

/// `--near PLACE` resolution: case, diacritics, ß/ss, umlauts, ambiguity.
@Suite struct GazetteerTests {
    static let gazetteer = Gazetteer(tsv: BundledCenters.placesTSV)

    @Test(arguments: ["Würzburg", "WÜRZBURG", "wuerzburg", "Wurzburg", "  würzburg "])
    func foldingFindsWuerzburg(_ query: String) throws {
        let place = try Self.gazetteer.resolve(query.trimmingCharacters(in: .whitespaces))
        #expect(place.name == "Würzburg")
        #expect(place.region == "Bayern")
    }

    @Test func germanNamesOfBigCitiesAndEszett() throws {
        #expect(try Self.gazetteer.resolve("München").region == "Bayern")
        #expect(try Self.gazetteer.resolve("münchen").name == "München")  // the alternate name, not GeoNames' "Munich"
        #expect(try Self.gazetteer.resolve("muenchen").region == "Bayern")
        #expect(try Self.gazetteer.resolve("Köln").region == "Nordrhein-Westfalen")
        #expect(try Self.gazetteer.resolve("Gießen").name == (try Self.gazetteer.resolve("Giessen").name))
    }

    @Test func ambiguousNameListsCandidatesAndRegionPicksOne() throws {
        do {
            _ = try Self.gazetteer.resolve("Fürth")
            Issue.record("expected ambiguity")
        } catch let e as CentersError {
            #expect(e.code == "centers.ambiguousPlace")
            #expect(e.candidates.count >= 2)
            #expect(e.candidates[0].hasPrefix("Fürth (Bayern)"))
        }
        #expect(try Self.gazetteer.resolve("Fürth (Bayern)").population > 100_000)
        #expect(try Self.gazetteer.resolve("fuerth, bayern").region == "Bayern")
    }

    @Test func unknownPlace() {
        #expect(throws: CentersError.unknownPlace("Atlantis")) { try Self.gazetteer.resolve("Atlantis") }
    }
}

import Foundation

/// `lookup`, the non-throwing form the walkthrough uses, agrees with `resolve`.
@Suite struct GazetteerLookupTests {
    @Test func lookupAgreesWithResolve() throws {
        let g = GazetteerTests.gazetteer
        guard case .place(let w) = g.lookup("wuerzburg") else { Issue.record("Würzburg"); return }
        #expect(w == (try g.resolve("wuerzburg")))
        #expect(w.displayName == "Würzburg (Bayern)")
        guard case .ambiguous(let candidates) = g.lookup("Fürth") else { Issue.record("Fürth is ambiguous"); return }
        #expect(candidates.count >= 2)
        #expect(candidates.map(\.label) == candidatesOfResolve(g, "Fürth"))
        #expect(g.lookup("Atlantis") == .unknown)
    }

    private func candidatesOfResolve(_ g: Gazetteer, _ name: String) -> [String] {
        do {
            _ = try g.resolve(name)
            return []
        } catch let error as CentersError {
            return error.candidates
        } catch {
            return []
        }
    }
}
