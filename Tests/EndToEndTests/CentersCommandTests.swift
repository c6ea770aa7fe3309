import Foundation
import StrokeJSON
import TestJSON
import TestScratch
import Testing
import CLITestSupport

/// `centers` and `route` through the built binary: JSON contract, exit codes,
/// bundled data from any directory, user datasets and the gazetteer.
@Suite struct CentersCommandTests {
    @Test func centersJSONContract() async throws {
        let r = await InProcessCLI.run(["centers", "--lat", "49.79", "--lon", "9.95", "--limit", "3", "--need", "thrombectomy", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let j = try r.json()
        let origin = try #require(j["origin"].object)
        #expect(origin["lat"].doubleValue == 49.79)
        let centers = try #require(j["centers"].arrayValue)
        #expect(centers.count == 3)
        #expect(centers[0]["id"].stringValue == "uniklinikum-wuerzburg")
        for c in centers {
            for key in ["id", "name", "lat", "lon", "distanceKm", "driveMinutes", "level", "capabilities", "phone"] {
                #expect(c[key] != nil, "missing \(key)")
            }
            #expect((c["capabilities"].object)?["thrombectomy"].boolValue == true)
        }
        let d = centers.compactMap { $0["distanceKm"].doubleValue }
        #expect(d == d.sorted())
        #expect(j["disclaimer"].stringValue != nil)
    }

    @Test func routeJSONContractForDripAndShip() async throws {
        let r = await InProcessCLI.run(["route", "--lat", "49.0", "--lon", "12.9", "--ich", "0.1", "--lvo", "0.7", "--onset-minutes", "90", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let j = try r.json()
        #expect(j["category"].stringValue == "dripAndShip")
        #expect((j["destination"].object)?["id"].stringValue == "klinikum-deggendorf")
        #expect((j["transferPlan"].object)?["id"].stringValue == "uniklinikum-regensburg")
        #expect(j["urgency"].stringValue == "timeCritical")
        #expect((j["reasons"].stringArray)?.isEmpty == false)
        #expect((j["alternatives"].arrayValue)?.count == 3)
        // The per-run override is gone (issue 43): a service changes its limit in its protocol file.
        let removed = await InProcessCLI.run(["route", "--lat", "49.0", "--lon", "12.9", "--ich", "0.1", "--lvo", "0.7", "--max-extra-minutes", "60", "--json"])
        #expect(removed.status == 64)
    }

    @Test func routeOutsideGermanyWarnsInsteadOfSilence() async throws {
        let r = await InProcessCLI.run(["route", "--lat=-33.9", "--lon", "151.2", "--ich", "0.6", "--json"])
        #expect(r.status == 0)
        #expect(((try r.json())["warnings"].stringArray)?.first?.contains("does not seem to cover") == true)
    }

    @Test func humanOutputInGermanUsesDecimalComma() async throws {
        let r = await InProcessCLI.run(["route", "--near", "Würzburg", "--ich", "0.35", "--lang", "de"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("km Luftlinie"))
        #expect(r.stdout.contains(","))
        #expect(r.stdout.contains("Forschungszwecke") || r.stdout.contains("Research") || r.stdout.contains("Forschung"))
    }

    @Test(arguments: [
        (["centers", "--lat", "91", "--lon", "0"], Int32(65), "Latitude"),
        (["centers", "--lat", "0", "--lon=-181"], Int32(65), "Longitude"),
        (["route", "--lat", "50", "--lon", "10", "--ich", "1.2"], Int32(65), "ICH probability"),
        (["route", "--lat", "50", "--lon", "10", "--ich", "0.1", "--lvo=-0.1"], Int32(65), "LVO probability"),
        (["route", "--lat", "50", "--lon", "10", "--ich", "0.1", "--fast-ed", "10"], Int32(65), "FAST-ED"),
        (["route", "--lat", "50", "--lon", "10", "--ich", "0.1", "--onset-minutes=-5"], Int32(65), "onset"),
        (["centers", "--lat", "50"], Int32(64), "--lon"),
        (["centers", "--near", "Würzburg", "--lat", "50", "--lon", "10"], Int32(64), "not both"),
        (["centers", "--lat", "50", "--lon", "10", "--need", "magic"], Int32(64), "--need"),
        (["route", "--lat", "50", "--lon", "10", "--lvo", "0.8", "--onset-minutes", "60", "--nihss", "0"], Int32(65), "NIHSS"),
        (["route", "--lat", "50", "--lon", "10", "--ich", "0.1", "--lvo", "0.5", "--fast-ed", "5"], Int32(64), "not both"),
        (["centers", "--near", "Atlantis"], Int32(65), "Atlantis"),
        (["centers", "--near", "Fürth"], Int32(65), "Fürth (Bayern)"),
        (["centers", "--lat", "50", "--lon", "10", "--centers", "/nonexistent/centers.json"], Int32(1), "/nonexistent/centers.json"),
    ])
    func errorsExitWithCodeAndNameTheField(_ args: [String], _ status: Int32, _ mention: String) async throws {
        let r = await InProcessCLI.run(args)
        #expect(r.status == status, "\(args): \(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(mention), "\(r.stderr)")
    }

    @Test func userDatasetLoadsOrFailsNamingRecordAndField() async throws {
        let dir = BinaryRunner.temporaryHome()
        let good = dir.appendingPathComponent("good.geojson")
        try #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.52]},"properties":{"id":"berlin-1","name":"Charité","level":"neurosurgical","capabilities":{"neurosurgery":true,"thrombectomy":true,"thrombolysis":true,"strokeUnit":true},"phone":"+49 30 450 50"}}]}"#
            .write(to: good, atomically: true, encoding: .utf8)
        let ok = await InProcessCLI.run(["centers", "--near", "Potsdam", "--centers", good.path, "--json"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(((try ok.json())["centers"].arrayValue)?.first?["id"].stringValue == "berlin-1")
        let bad = dir.appendingPathComponent("bad.json")
        try #"[{"id":"x","name":"X","lat":52,"lon":200,"level":"neurosurgical","capabilities":{}}]"#.write(to: bad, atomically: true, encoding: .utf8)
        let failed = await InProcessCLI.run(["centers", "--lat", "52", "--lon", "13", "--centers", bad.path])
        #expect(failed.status == 65)
        #expect(failed.stderr.contains("#1 (id 'x')") && failed.stderr.contains("lon") && failed.stderr.contains("200"))
    }
}
