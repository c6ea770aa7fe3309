import CentersData
import Foundation
import StrokeCenters
import StrokeModels
import Testing
import TestScratch

/// The bundled data loads, is what the build tool writes, and is curated as documented.
@Suite struct BundledDataTests {
    static func bundled() throws -> CenterDataset { try CenterDataset(json: BundledCenters.strokeCentersJSON, name: "bundled") }
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func loadsFiftySites() throws {
        let d = try Self.bundled()
        #expect(d.centers.count == 50)
        #expect(Set(d.centers.map(\.id)).count == 50)
    }

    @Test func documentedCorrections() throws {
        let byID = Dictionary(uniqueKeysWithValues: try Self.bundled().centers.map { ($0.id, $0) })
        let landshut = try #require(byID["klinikum-landshut"])
        #expect(landshut.coordinate == Coordinate(latitude: 48.5436, longitude: 12.1619))  // not Passau's latitude
        #expect(!landshut.capabilities.thrombectomy)  // contradicted claim dropped
        #expect(byID["st-vincenz-krankenhaus-limburg"]?.region == "Hessen")
        #expect(byID["uniklinikum-wuerzburg"]?.region == "Bayern")
        #expect(byID["klinikum-aschaffenburg"]?.level == .regionalStrokeUnit)
        #expect(byID["klinikum-grosshadern-muenchen"]?.capabilities.thrombectomy == true)
    }

    /// `Scripts/build-centers.py --check` reproduces the committed files byte for byte
    /// (only where the reference folder `../shared/reference` exists).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: repo.appendingPathComponent("../shared/reference/stroke-centers.json").path)))
    func buildToolReproducesTheCommittedFiles() async throws {
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                             ["python3", Self.repo.appendingPathComponent("Scripts/build-centers.py").path, "--check"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
}
