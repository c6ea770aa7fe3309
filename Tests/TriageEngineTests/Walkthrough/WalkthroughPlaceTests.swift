import StrokeCenters
import StrokeModels
import Testing
import TriageEngine
import TriageLocalization

/// The location question accepts place names as `centers --near` does, and an
/// ambiguous name offers its candidates by number instead of ending the walk.
@Suite struct WalkthroughPlaceTests {
    /// A three-place gazetteer in the bundled format: one unique name, one name in two states.
    static let places = Gazetteer(tsv: Array("""
        # name, state, lat, lon, population, aliases
        Würzburg\tBayern\t49.7939\t9.9512\t127880\tWuerzburg
        Fürth\tBayern\t49.4759\t10.9886\t132036\tFuerth
        Fürth\tHessen\t49.6508\t8.7847\t11181\t
        """.utf8))

    /// A coma walk up to the location question.
    static func atLocation() -> WalkDriver {
        var d = WalkDriver(walk: Walkthrough(places: places))
        d.type("y", "", "500", "")
        #expect(d.walk.step == .location)
        return d
    }

    static func invalidKey(_ event: WalkEvent) -> String? {
        if case .invalid(let m) = event { return m.key }
        return nil
    }

    @Test func placeNameIsResolvedLikeCentersNear() throws {
        for typed in ["Würzburg", "wuerzburg", "  WURZBURG "] {
            var d = Self.atLocation()
            d.type(typed)
            #expect(d.walk.step == .confirm, "\(typed)")
            d.type("")
            let inputs = try #require(d.computed)
            #expect(inputs.location == Coordinate(latitude: 49.7939, longitude: 9.9512))
            #expect(inputs.place == "Würzburg (Bayern)")
        }
    }

    @Test func summaryNamesThePlaceAndItsCoordinates() {
        var d = Self.atLocation()
        d.type("Würzburg")
        let en = Localizer(language: .en), de = Localizer(language: .de)
        let line = d.walk.summary().last!
        #expect(en.render(line.label) + ": " + en.render(line.value) == "Location: Würzburg (Bayern) — 49.7939, 9.9512")
        #expect(de.render(line.value) == "Würzburg (Bayern) — 49,7939; 9,9512")
    }

    @Test func ambiguousNameOffersNumberedChoicesAndReasks() throws {
        var d = Self.atLocation()
        let event = d.type("Fürth")
        guard case .invalid(let m) = event else { Issue.record("expected a re-ask"); return }
        #expect(m.key == "walk.invalid.ambiguousPlace")
        let text = Localizer(language: .en).render(m)
        #expect(text.contains("[1] Fürth (Bayern) 49.4759, 10.9886; [2] Fürth (Hessen) 49.6508, 8.7847"), "\(text)")
        #expect(d.walk.step == .location)
        #expect(Self.invalidKey(d.type("3")) == "walk.invalid.location")
        d.type("2")
        #expect(d.walk.step == .confirm)
        d.type("")
        let inputs = try #require(d.computed)
        #expect(inputs.place == "Fürth (Hessen)")
        #expect(inputs.location == Coordinate(latitude: 49.6508, longitude: 8.7847))
    }

    @Test func stateNamePicksOneOfSeveral() throws {
        for typed in ["Fürth (Bayern)", "fuerth, bayern"] {
            var d = Self.atLocation()
            d.type(typed, "")
            #expect(try #require(d.computed).place == "Fürth (Bayern)")
        }
    }

    @Test func choicesLapseWhenLeavingTheQuestion() {
        var d = Self.atLocation()
        d.type("Fürth", "b")
        #expect(d.walk.step == .onset)
        d.type("")
        #expect(d.walk.step == .location)
        #expect(Self.invalidKey(d.type("1")) == "walk.invalid.location")
    }

    @Test func unknownPlaceAndNonsenseAreReasked() {
        var d = Self.atLocation()
        #expect(Self.invalidKey(d.type("Atlantis")) == "walk.invalid.unknownPlace")
        #expect(Self.invalidKey(d.type("1")) == "walk.invalid.location")
        #expect(Self.invalidKey(d.type("48.1")) == "walk.invalid.location")
        #expect(d.walk.step == .location)
        d.type("48.1,11.5")
        #expect(d.walk.step == .confirm)
    }

    @Test func withoutAGazetteerOnlyCoordinates() {
        var d = WalkDriver()
        d.type("y", "", "500", "")
        #expect(Self.invalidKey(d.type("Würzburg")) == "walk.invalid.location")
    }
}
