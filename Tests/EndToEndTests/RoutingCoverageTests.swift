import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// Place names everywhere (`--near` on the module commands, place names in the
/// walkthrough) and honest out-of-area routing (Paris: no destination), through
/// the command line run in process (`InProcessCLI`).
@Suite struct RoutingCoverageTests {
    static let offline = ["--mode", "offline", "--accept-disclaimer", "--details"]
    static let paris = ["--lat", "48.8566", "--lon", "2.3522"]
    static let full = ["full", "--age", "70", "--sbp", "160", "--dbp", "90", "--gfap", "180", "--fast-ed", "7"]

    static func routing(_ r: BinaryRunner.Result) throws -> JSONValue {
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try r.json()["routing"].object)
    }

    /// Outside coverage: no destination and nothing derived from one; the nearest centers as information.
    static func expectOutside(_ j: JSONValue) {
        #expect(j["coverage"].stringValue == "outside")
        for key in ["destination", "category", "urgency", "transferPlan", "extraMinutes"] {
            #expect(j[key].isNull, "\(key) must be null outside coverage")
        }
        #expect((j["alternatives"].arrayValue)?.isEmpty == true)
        let nearest = j["nearestCenters"].arrayValue ?? []
        #expect(!nearest.isEmpty)
        #expect(((nearest.first?["distanceKm"].doubleValue) ?? 0) > 300)
        #expect((j["reasonCodes"].stringArray) == ["centers.reason.outsideCoverage", "centers.reason.localProtocol"])
        #expect((j["warnings"].stringArray)?.first?.contains("does not seem to cover") == true)
    }

    /// The human text outside coverage: hedged, local protocol, no destination, urgency or drip-and-ship
    /// in the routing section (the decision's summary above it keeps its clinical urgency).
    static func expectOutsideText(_ whole: String) {
        let text = whole.range(of: "Routing\n").map { String(whole[$0.upperBound...]) } ?? whole
        #expect(text.contains("No destination suggested."))
        #expect(text.contains("Local protocol applies"))
        #expect(text.contains("for information only"))
        for absent in ["Suggested destination", "Urgency:", "adds about", "drip-and-ship", "Transfer plan", "Rule:"] {
            #expect(!text.contains(absent), "outside coverage the text must not say \(absent)")
        }
    }

    @Test func routeFromParisSuggestsNoDestination() async throws {
        let json = await InProcessCLI.run(["route"] + Self.paris + ["--ich", "0.1", "--lvo", "0.8", "--onset-minutes", "60", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        Self.expectOutside(try json.json())
        let text = await InProcessCLI.run(["route"] + Self.paris + ["--ich", "0.1", "--lvo", "0.8", "--onset-minutes", "60"])
        #expect(text.status == 0)
        Self.expectOutsideText(text.stdout)
        #expect(text.stdout.contains("Universitätsklinikum Aachen"))
        let german = await InProcessCLI.run(["route"] + Self.paris + ["--ich", "0.7", "--lang", "de"])
        #expect(german.stdout.contains("Kein Ziel vorgeschlagen."))
        #expect(german.stdout.contains("örtliche Protokoll"))
        #expect(!german.stdout.contains("Vorgeschlagenes Ziel"))
    }

    @Test func coveredPlaceKeepsItsDestination() async throws {
        let j = try await InProcessCLI.run(["route", "--near", "Würzburg", "--ich", "0.7", "--json"]).json()
        #expect(j["coverage"].stringValue == "inside")
        #expect((j["destination"].object)?["id"].stringValue == "uniklinikum-wuerzburg")
        #expect((j["nearestCenters"].arrayValue)?.isEmpty == true)
        #expect(j["urgency"].stringValue == "immediate")
        let centers = try await InProcessCLI.run(["centers", "--near", "Würzburg", "--json"]).json()
        #expect(centers["coverage"].stringValue == "inside")
        let far = try await InProcessCLI.run(["centers"] + Self.paris + ["--json"]).json()
        #expect(far["coverage"].stringValue == "outside")
    }

    @Test func moduleCommandsTakeNearAndRouteFromThePlace() async throws {
        let coma = try Self.routing(await InProcessCLI.run(["coma", "--gfap", "500", "--near", "wuerzburg", "--json"] + Self.offline))
        #expect(coma["coverage"].stringValue == "inside")
        #expect((coma["destination"].object)?["id"].stringValue == "uniklinikum-wuerzburg")
        #expect((coma["origin"].object)?["place"].stringValue == "Würzburg (Bayern)")
        let limited = try Self.routing(await InProcessCLI.run(
            ["limited", "--age", "70", "--sbp", "150", "--dbp", "80", "--gfap", "300", "--near", "Fürth (Bayern)", "--json"] + Self.offline))
        #expect((limited["origin"].object)?["place"].stringValue == "Fürth (Bayern)")
        #expect(limited["coverage"].stringValue == "inside")
        let full = try Self.routing(await InProcessCLI.run(Self.full + ["--near", "Regensburg", "--json"] + Self.offline))
        #expect(full["destination"] != nil)
        let text = await InProcessCLI.run(["coma", "--gfap", "500", "--near", "wuerzburg"] + Self.offline)
        #expect(text.stdout.contains("Routing from Würzburg (Bayern) at 49.7939, 9.9512:"), "\(text.stdout)")
        #expect(text.stdout.contains("Suggested destination: Universitätsklinikum Würzburg"))
    }

    @Test(arguments: [
        (["coma", "--gfap", "500", "--near", "Würzburg", "--lat", "49", "--lon", "10"], Int32(64), "not both"),
        (["coma", "--gfap", "500", "--near", "Würzburg", "--lat", "49"], Int32(64), "--lon"),
        (["limited", "--age", "70", "--sbp", "150", "--dbp", "80", "--gfap", "300", "--near", "Atlantis"], Int32(65), "Atlantis"),
        (["full", "--age", "70", "--sbp", "150", "--dbp", "80", "--gfap", "300", "--fast-ed", "3", "--near", "Fürth"], Int32(65), "Fürth (Bayern)"),
    ])
    func nearErrorsMatchCentersNear(_ arguments: [String], _ status: Int32, _ mention: String) async throws {
        let r = await InProcessCLI.run(arguments + Self.offline)
        #expect(r.status == status, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(mention), "\(r.stderr)")
    }

    @Test func moduleCommandAndReportFromParis() async throws {
        Self.expectOutside(try Self.routing(await InProcessCLI.run(Self.full + Self.paris + ["--json"] + Self.offline)))
        let path = BinaryRunner.temporaryHome().appendingPathComponent("paris.md").path
        let text = await InProcessCLI.run(Self.full + Self.paris + ["--report", path] + Self.offline)
        #expect(text.status == 0, "\(text.stderr)")
        Self.expectOutsideText(text.stdout)
        Self.expectOutsideText(try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test func pipedWalkthroughFromParisAndFromAPlace() async throws {
        let paris = try Self.routing(await InProcessCLI.run(["walk", "--json"] + Self.offline, stdin: "y\n\n500\n\n48.8566,2.3522\n\n\n"))
        Self.expectOutside(paris)
        let placed = await InProcessCLI.run(["walk", "--json"] + Self.offline, stdin: "y\n\n500\n\nFürth\n1\n\n\n")
        let routing = try Self.routing(placed)
        #expect(routing["coverage"].stringValue == "inside")
        #expect((routing["origin"].object)?["place"].stringValue == "Fürth (Bayern)")
        #expect(placed.stderr.contains("matches"))
        #expect(placed.stderr.contains("[1] Fürth (Bayern)"))
    }
}
