import FakeCloudLauncher
import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// The same input gives byte-identical `--json` on every run (in the test process), in every mode;
/// drivers are ordered by |weight| descending, then by key, and never print `-0.0`.
@Suite struct DeterministicOutputTests {
    static let runs = 20
    static let accept = ["--accept-disclaimer", "--json"]
    static let modules: [[String]] = [
        ["coma", "--gfap", "500"],
        ["limited", "--age", "70", "--sbp", "150", "--dbp", "80", "--gfap", "300"],
        ["full", "--age", "70", "--sbp", "160", "--dbp", "90", "--gfap", "180", "--fast-ed", "7", "--headache", "--arm-paresis",
         "--anticoagulated", "--antiplatelets", "--leg-paresis"],
    ]

    /// Runs `arguments` `runs` times, each in the same (emptied) home, and returns the distinct outputs.
    static func outputs(_ arguments: [String]) async throws -> Set<String> {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var seen = Set<String>()
        for _ in 0..<runs {
            try? FileManager.default.removeItem(at: home)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let r = await InProcessCLI.runOnStillClock(arguments, environment: ["STROKE_TRIAGE_HOME": home.path])
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            seen.insert(r.stdout)
        }
        return seen
    }

    @Test(arguments: ["offline", "auto", "cloud"])
    func jsonIsByteIdenticalAcrossTwentyRuns(_ mode: String) async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        for module in Self.modules {
            let arguments = module + Self.accept + ["--mode", mode, "--api-base", server.base("ties"), "--deadline", "60"]
            let outputs = try await Self.outputs(arguments)
            #expect(outputs.count == 1, "\(module[0]) in \(mode) mode gave \(outputs.count) different outputs")
            #expect(!(outputs.first ?? "").contains("-0.0"))
        }
    }

    @Test func equalWeightsAreOrderedByKeyAndZeroIsNeverNegative() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let r = await InProcessCLI.runOnStillClock(Self.modules[2] + Self.accept + ["--mode", "cloud", "--api-base", server.base("ties"), "--deadline", "60"])
        #expect(r.status == 0, "\(r.stderr)")
        let ich = try #require(try r.json()["ich"].object)
        let drivers = try #require(ich["drivers"].arrayValue)
        #expect(drivers.map { $0["feature"].stringValue } == ["anticoagulated_noak", "antiplatelets", "beinparese", "age_years"])
        #expect(drivers.last?["weight"].doubleValue == 0)
        #expect(!r.stdout.contains("-0.0"))
        // Text and report use the same order.
        let dir = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("r.md").path
        let text = await InProcessCLI.runOnStillClock(Self.modules[2] + ["--accept-disclaimer", "--mode", "cloud", "--api-base", server.base("ties"),
                                                           "--deadline", "60", "--report", report, "--details"])
        #expect(text.status == 0, "\(text.stderr)")
        let order = ["Anticoagulated", "Antiplatelet", "Leg paresis"]
        func positions(_ s: String) -> [Int] { order.compactMap { s.range(of: $0).map { s.distance(from: s.startIndex, to: $0.lowerBound) } } }
        let shown = text.stdout[text.stdout.range(of: "ICH")!.lowerBound...]
        #expect(positions(String(shown)) == positions(String(shown)).sorted())
        let markdown = try String(contentsOfFile: report, encoding: .utf8)
        let drivenLine = markdown.split(separator: "\n").first { $0.contains("Anticoagulated") && $0.contains("Leg paresis") }
        #expect(drivenLine.map { positions(String($0)) == positions(String($0)).sorted() && positions(String($0)).count == 3 } == true)
    }

    @Test func theOfflineComaBaselinesAgeDriverIsZeroNotMinusZero() async throws {
        let r = await InProcessCLI.runOnStillClock(["coma", "--gfap", "500", "--mode", "offline", "--accept-disclaimer", "--details"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("    Age                0.00 "), "\(r.stdout)")
        let json = await InProcessCLI.runOnStillClock(["coma", "--gfap", "500", "--mode", "offline", "--accept-disclaimer", "--json"])
        #expect(json.stdout.contains(#"{"feature":"age_years","label":"Age","weight":0.0}"#), "\(json.stdout)")
        #expect(!json.stdout.contains("-0.0"))
    }
}
