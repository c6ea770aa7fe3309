import StrokeLocalAPI
import Testing

/// `/v1/centers` query parameters and `/v1/route` bodies: the CLI's flags in
/// camelCase, with its usage rules (origin, lvo or fastEd) as 400 errors.
@Suite struct PlaceRequestTests {
    @Test func centersQueryTakesTheCLIsFlags() throws {
        let r = try PlaceRequest.centers(query: [("near", "Fürth (Bayern)"), ("limit", "3"), ("need", "thrombectomy"),
                                                  ("coverageKm", "50"), ("lang", "de")])
        #expect(r.near == "Fürth (Bayern)")
        #expect(r.numbers == ["limit": 3, "coverageKm": 50])
        #expect(r.need == "thrombectomy")
        #expect(r.lang == "de")
        #expect(r.coordinate == nil)
        let c = try PlaceRequest.centers(query: [("lat", "49.79"), ("lon", "-9.5")])
        #expect(c.coordinate?.latitude == 49.79)
        #expect(c.coordinate?.longitude == -9.5)
        #expect(c.lang == "en")
    }

    @Test func centersQueryErrorsNameTheParameter() {
        let cases: [([(String, String)], String, String)] = [
            ([], "api.missingField", "lat"),
            ([("lat", "1")], "api.missingField", "lon"),
            ([("lat", "1"), ("lon", "2"), ("near", "Würzburg")], "api.wrongType", "near"),
            ([("lat", "north"), ("lon", "2")], "api.wrongType", "lat"),
            ([("lat", "1"), ("lat", "1"), ("lon", "2")], "api.wrongType", "lat"),
            ([("near", "Würzburg"), ("centers", "/etc/passwd")], "api.unknownField", "query"),
            ([("near", "Würzburg"), ("lang", "fr")], "api.outOfRange", "lang"),
        ]
        for (query, code, field) in cases {
            do {
                _ = try PlaceRequest.centers(query: query)
                Issue.record("\(query) accepted")
            } catch {
                #expect(error.code == code, "\(query)")
                #expect(error.field == field, "\(query)")
            }
        }
    }

    @Test func routeBodyTakesTheCLIsFlags() throws {
        let r = try PlaceRequest.route(body: Array(#"{"lat":49.79,"lon":9.95,"ich":0.1,"fastEd":6,"onsetMinutes":null,"lang":"en"}"#.utf8))
        #expect(r.numbers == ["lat": 49.79, "lon": 9.95, "ich": 0.1, "fastEd": 6])
        #expect(r.near == nil)
        // Without ich: routed conservatively, as `route` without --ich (issue 27's example); nihss is a number.
        let unknown = try PlaceRequest.route(body: Array(#"{"near":"Deggendorf","lvo":0.8,"nihss":14,"onsetMinutes":60}"#.utf8))
        #expect(unknown.numbers == ["lvo": 0.8, "nihss": 14, "onsetMinutes": 60])
    }

    @Test func routeBodyErrors() {
        let cases: [(String, String, String?)] = [
            (#"{"near":"Würzburg","ich":0.1,"lvo":0.5,"fastEd":6}"#, "api.wrongType", "fastEd"),
            (#"{"near":"Würzburg","ich":"0.1"}"#, "api.wrongType", "ich"),
            (#"{"near":7,"ich":0.1}"#, "api.wrongType", "near"),
            (#"{"ich":0.1}"#, "api.missingField", "lat"),
            (#"{"near":"Würzburg","ich":0.1,"centers":"/tmp/x.json"}"#, "api.unknownField", "request"),
            (#"{"near":"Würzburg","ich":0.1"#, "api.invalidJSON", nil),
            (#"[1]"#, "api.notAnObject", nil),
        ]
        for (body, code, field) in cases {
            do {
                _ = try PlaceRequest.route(body: Array(body.utf8))
                Issue.record("\(body) accepted")
            } catch {
                #expect(error.code == code, "\(body)")
                #expect(error.field == field, "\(body)")
            }
        }
    }
}
