import StrokeCenters
import StrokeModels
import TriageLocalization
import Testing

/// User datasets load, or fail naming the record and field.
@Suite struct LoaderTests {
    static let good = #"{"id": "a", "name": "Alpha", "lat": 48.1, "lon": 11.5, "level": "comprehensive", "capabilities": {"neurosurgery": false, "thrombectomy": true, "thrombolysis": true, "strokeUnit": true}}"#

    static func load(_ text: String) throws -> CenterDataset { try CenterDataset(json: Array(text.utf8), name: "user.json") }

    static func record(_ replacing: String, with: String) -> String { good.replacingOccurrences(of: replacing, with: with) }

    @Test func minimalRecordLoadsWithUnknownsAsFalse() throws {
        let d = try Self.load(#"[{"id": "a", "name": "Alpha", "lat": 48.1, "lon": 11.5, "level": "regionalStrokeUnit", "capabilities": {"thrombolysis": true, "thrombectomy": null}}]"#)
        #expect(d.centers[0].capabilities == Capabilities(neurosurgery: false, thrombectomy: false, thrombolysis: true, strokeUnit: false))
        #expect(d.centers[0].phone == nil)
    }

    @Test(arguments: [
        (#"[\#(record("\"lat\": 48.1, ", with: ""))]"#, CentersError.missingField(record: "#1 (id 'a')", field: "lat")),
        (#"[\#(record("\"name\": \"Alpha\", ", with: ""))]"#, CentersError.missingField(record: "#1 (id 'a')", field: "name")),
        (#"[\#(record("\"id\": \"a\", ", with: ""))]"#, CentersError.missingField(record: "#1", field: "id")),
        (#"[\#(record("48.1", with: "91"))]"#, CentersError.coordinateOutOfRange(record: "#1 (id 'a')", field: "lat", value: 91)),
        (#"[\#(record("11.5", with: "-180.5"))]"#, CentersError.coordinateOutOfRange(record: "#1 (id 'a')", field: "lon", value: -180.5)),
        (#"[\#(record("48.1", with: "true"))]"#, CentersError.invalidField(record: "#1 (id 'a')", field: "lat", expected: "number")),
        (#"[\#(record("48.1", with: "\"48.1\""))]"#, CentersError.invalidField(record: "#1 (id 'a')", field: "lat", expected: "number")),
        (#"[\#(record("comprehensive", with: "primary"))]"#, CentersError.invalidField(record: "#1 (id 'a')", field: "level", expected: "level")),
        (#"[\#(record("\"thrombectomy\": true", with: "\"thrombectomy\": 1"))]"#, CentersError.invalidField(record: "#1 (id 'a')", field: "capabilities.thrombectomy", expected: "boolean")),
        (#"[\#(good), \#(record("48.1", with: "50"))]"#, CentersError.duplicateID(record: "#2 (id 'a')", first: "#1 (id 'a')")),
        (#"[\#(good), \#(record("\"a\"", with: "\"b\"").replacingOccurrences(of: "Alpha", with: "Beta").replacingOccurrences(of: "48.1", with: "48.1002"))]"#, CentersError.duplicateSite(record: "#2 (id 'b')", other: "#1 (id 'a')")),
        (#"[\#(good), \#(record("\"a\"", with: "\"b\"").replacingOccurrences(of: "Alpha", with: "ALPHA").replacingOccurrences(of: "48.1", with: "48.105"))]"#, CentersError.duplicateSite(record: "#2 (id 'b')", other: "#1 (id 'a')")),
        ("[]", CentersError.emptyDataset(dataset: "user.json")),
        (#"{"centers": []}"#, CentersError.unsupportedFormat(dataset: "user.json")),
        (#"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}, "properties": {}}]}"#, CentersError.invalidField(record: "#1", field: "geometry", expected: "point")),
    ])
    func invalidDatasetsNameRecordAndField(_ text: String, _ expected: CentersError) {
        #expect(throws: expected) { try Self.load(text) }
    }

    @Test func malformedJSONIsReported() {
        do {
            _ = try Self.load("[\n  {\"id\": }")
            Issue.record("no error")
        } catch let e as CentersError {
            #expect(e.code == "centers.malformedJSON")
            // Where to look (issue 46): line 2, column 10.
            #expect(Localizer(language: .en).render(e.message).contains("line 2, column 10"), "\(Localizer(language: .en).render(e.message))")
            #expect(e.isInvalidData)
        } catch { Issue.record("\(error)") }
    }

    @Test func geoJSONFeatureCollectionLoads() throws {
        let text = #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "x1", "geometry": {"type": "Point", "coordinates": [-179.9, 10]},
           "properties": {"name": "East", "level": "neurosurgical", "capabilities": {"neurosurgery": true, "thrombectomy": true, "thrombolysis": true, "strokeUnit": true}, "phone": "+1 1"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [179.9, 10]},
           "properties": {"id": "x2", "name": "West", "level": "thrombolysisHospital", "capabilities": {"thrombolysis": true}}}
        ]}
        """#
        let d = try Self.load(text)
        #expect(d.centers.map(\.id) == ["x1", "x2"])
        #expect(d.centers[0].coordinate == Coordinate(latitude: 10, longitude: -179.9))
        #expect(d.centers[0].phone == "+1 1")
        let nearest = d.nearest(to: Coordinate(latitude: 10, longitude: 179.95), limit: 2, drive: .standard)
        #expect(nearest.map(\.center.id) == ["x2", "x1"])
    }
}
