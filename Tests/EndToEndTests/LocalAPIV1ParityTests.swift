import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// `stroke-triage-server api`'s `/v1` routes (served in the test process) against the CLI
/// (in the test process too) over real HTTP on loopback: `POST /v1/assess` answers byte-for-byte what
/// `stroke-triage <module> … --json --mode offline` prints for the same inputs,
/// `GET /v1/centers` what `centers --json` prints, `POST /v1/route` what
/// `route --json` prints. Both sides start from an empty state directory
/// (bundled centers, default policy). Errors map to the CLI's exit codes:
/// 422 where the CLI exits 65 (invalid data), 400 where it exits 64 (usage).
@Suite struct LocalAPIV1ParityTests {
    /// One input value: a number as written, or yes/no.
    enum Value: Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
        case number(String), bool(Bool)
        init(integerLiteral value: Int) { self = .number(String(value)) }
        init(floatLiteral value: Double) { self = .number(String(value)) }
        init(booleanLiteral value: Bool) { self = .bool(value) }
    }

    /// One `/v1/assess` case: module and the `inputs` members, in CLI JSON keys.
    typealias Case = (module: String, inputs: [(String, Value)])

    static let wuerzburg: [(String, Value)] = [("lat", 49.7913), ("lon", 9.9534)]
    static let fullFindings = ["headache", "legParesis", "armParesis", "eyeDeviation", "reducedVigilance",
                               "atrialFibrillation", "anticoagulated", "antiplatelets"]

    static let grid: [Case] = [
        ("coma", [("gfap", 29)]),
        ("coma", [("gfap", 500)]),
        ("coma", [("gfap", 10001)]),
        ("coma", [("gfap", 180.5), ("onsetMinutes", 0)]),
        ("coma", [("gfap", 8000.5), ("onsetMinutes", 10080)] + wuerzburg),
        ("limited", [("age", 18), ("sbp", 61), ("dbp", 30), ("gfap", 29), ("reducedVigilance", false)]),
        ("limited", [("age", 70), ("sbp", 150), ("dbp", 85), ("gfap", 450), ("reducedVigilance", true)]),
        ("limited", [("age", 120), ("sbp", 300), ("dbp", 200), ("gfap", 10001)]),
        ("limited", [("age", 0), ("sbp", 60), ("dbp", 30), ("gfap", 100)]),
        ("limited", [("age", 17), ("sbp", 120), ("dbp", 70), ("gfap", 100), ("onsetMinutes", 45.5)] + wuerzburg),
        ("limited", [("age", 64), ("sbp", 180), ("dbp", 100), ("gfap", 2200), ("lat", -90), ("lon", -180)]),
        ("limited", [("age", 64), ("sbp", 180), ("dbp", 100), ("gfap", 2200), ("lat", 90), ("lon", 180)]),
        ("full", [("age", 70), ("sbp", 160), ("dbp", 90), ("gfap", 180), ("fastEd", 7), ("headache", true), ("armParesis", true),
                  ("anticoagulated", true), ("antiplatelets", true), ("legParesis", true)]),
        ("full", [("age", 18), ("sbp", 60), ("dbp", 30), ("gfap", 29), ("fastEd", 0)]),
        ("full", [("age", 120), ("sbp", 300), ("dbp", 200), ("gfap", 10001), ("fastEd", 9)] + fullFindings.map { ($0, Value.bool(true)) }),
        ("full", [("age", 55), ("sbp", 140), ("dbp", 85), ("gfap", 60), ("fastEd", 3)] + fullFindings.map { ($0, Value.bool(false)) }),
        ("full", [("age", 82), ("sbp", 210), ("dbp", 120), ("gfap", 2500), ("fastEd", 5), ("eyeDeviation", true),
                  ("onsetMinutes", 90)] + wuerzburg),
        ("full", [("age", 76), ("sbp", 170), ("dbp", 95), ("gfap", 95), ("fastEd", 6), ("atrialFibrillation", true),
                  ("onsetMinutes", 300), ("lat", 48.1372), ("lon", 11.5756)]),
        ("full", [("age", 16), ("sbp", 120), ("dbp", 80), ("gfap", 40), ("fastEd", 4), ("lat", 0), ("lon", 0)]),
    ]

    /// The request body of a case.
    static func body(_ c: Case, extra: String = "") -> String {
        let members = c.inputs.map { key, value -> String in
            switch value {
            case .number(let text): "\"\(key)\":\(text)"
            case .bool(let yes): "\"\(key)\":\(yes)"
            }
        }
        return #"{"module":"\#(c.module)","inputs":{\#(members.joined(separator: ","))}\#(extra)}"#
    }

    /// The CLI arguments of a case: `--flag=value`, yes/no inputs as bare flags when true.
    static func arguments(_ c: Case) -> [String] {
        [c.module] + c.inputs.flatMap { key, value -> [String] in
            let flag = "--" + key.reduce(into: "") { out, ch in out += ch.isUppercase ? "-" + ch.lowercased() : String(ch) }
            switch value {
            case .bool(let yes): return yes ? [flag] : []
            case .number(let text): return ["\(flag)=\(text)"]  // `=`: a negative value is not taken for a flag
            }
        }
    }

    static let cliOptions = ["--accept-disclaimer", "--json", "--mode", "offline", "--lang", "en"]

    @Test func assessAnswersExactlyTheCLIsJSONOnAGrid() async throws {
        try await LocalAPIInProcess.withServer { (base: String) async throws in
            let answers = try await LocalAPIHTTP.send(Self.grid.map { .post("/v1/assess", Self.body($0)) }, to: base)
            for (c, answer) in zip(Self.grid, answers) {
                let cli = await InProcessCLI.run(Self.arguments(c) + Self.cliOptions)
                #expect(cli.status == 0, "\(Self.arguments(c)): \(cli.stderr)")
                #expect(answer.status == 200, "\(Self.body(c)): \(answer.body)")
                #expect(answer.body == cli.stdout, "\(Self.arguments(c))")
            }
            // "mode": "offline" said explicitly is the same answer.
            let explicit = try await LocalAPIHTTP.send([.post("/v1/assess", Self.body(Self.grid[12], extra: #","mode":"offline""#))], to: base)
            #expect(explicit.first?.body == answers[12].body)
        }
    }

    @Test func centersAndRouteAnswerExactlyTheCLIsJSON() async throws {
        try await LocalAPIInProcess.withServer { (base: String) async throws in
            let near = LocalAPIHTTP.query("Fürth (Bayern)")
            let centers: [(query: String, cli: [String])] = [
                ("lat=49.7913&lon=9.9534", ["--lat", "49.7913", "--lon", "9.9534"]),
                ("lat=49.7913&lon=9.9534&limit=1&need=thrombectomy", ["--lat", "49.7913", "--lon", "9.9534", "--limit", "1", "--need", "thrombectomy"]),
                ("near=\(near)&limit=1000&need=neurosurgery", ["--near", "Fürth (Bayern)", "--limit", "1000", "--need", "neurosurgery"]),
                ("lat=0&lon=0&coverageKm=50&roadFactor=1.5&speedKmh=60&overheadMinutes=0",
                 ["--lat", "0", "--lon", "0", "--coverage-km", "50", "--road-factor", "1.5", "--speed-kmh", "60", "--overhead-minutes", "0"]),
            ]
            let routes: [(body: String, cli: [String])] = [
                (#"{"lat":49.7913,"lon":9.9534,"ich":0.1,"lvo":0.6,"onsetMinutes":60}"#,
                 ["--lat", "49.7913", "--lon", "9.9534", "--ich", "0.1", "--lvo", "0.6", "--onset-minutes", "60"]),
                (#"{"near":"Fürth (Bayern)","ich":0.45,"fastEd":6,"onsetMinutes":245}"#,
                 ["--near", "Fürth (Bayern)", "--ich", "0.45", "--fast-ed", "6", "--onset-minutes", "245"]),
                (#"{"lat":48.1372,"lon":11.5756,"ich":0,"coverageKm":10,"roadFactor":1,"speedKmh":300,"overheadMinutes":120}"#,
                 ["--lat", "48.1372", "--lon", "11.5756", "--ich", "0", "--coverage-km", "10", "--road-factor", "1", "--speed-kmh", "300",
                  "--overhead-minutes", "120"]),
                (#"{"lat":0,"lon":0,"ich":1,"lvo":1}"#, ["--lat", "0", "--lon", "0", "--ich", "1", "--lvo", "1"]),
            ]
            let answers = try await LocalAPIHTTP.send(centers.map { .get("/v1/centers?" + $0.query) } + routes.map { .post("/v1/route", $0.body) },
                                                          to: base)
            let expected = centers.map { ["centers"] + $0.cli } + routes.map { ["route"] + $0.cli }
            for (arguments, answer) in zip(expected, answers) {
                let cli = await InProcessCLI.run(arguments + ["--json", "--lang", "en"])
                #expect(cli.status == 0, "\(arguments): \(cli.stderr)")
                #expect(answer.status == 200, "\(arguments): \(answer.body)")
                #expect(answer.body == cli.stdout, "\(arguments)")
            }
        }
    }

    /// Invalid inputs: the API's status and field against the CLI's exit code for the same inputs.
    @Test func errorsMatchTheCLIsVerdict() async throws {
        try await LocalAPIInProcess.withServer { (base: String) async throws in
            let cases: [(c: Case, status: Int, code: String, field: String, cliExit: Int32)] = [
                (("coma", [("gfap", -1)]), 422, "api.outOfRange", "gfap", 65),
                (("coma", [("gfap", 10001.5)]), 422, "api.outOfRange", "gfap", 65),
                (("limited", [("age", 121), ("sbp", 150), ("dbp", 85), ("gfap", 450)]), 422, "api.outOfRange", "age", 65),
                (("limited", [("age", 70.5), ("sbp", 150), ("dbp", 85), ("gfap", 450)]), 422, "api.outOfRange", "age", 65),
                (("limited", [("age", 70), ("sbp", 80), ("dbp", 90), ("gfap", 450)]), 422, "api.outOfRange", "sbp", 65),
                (("limited", [("age", 70), ("sbp", 301), ("dbp", 29), ("gfap", 450)]), 422, "api.outOfRange", "sbp", 65),
                (("full", [("age", 70), ("sbp", 150), ("dbp", 85), ("gfap", 450), ("fastEd", 10)]), 422, "api.outOfRange", "fastEd", 65),
                (("coma", [("gfap", 450), ("onsetMinutes", 10081)]), 422, "api.outOfRange", "onsetMinutes", 65),
                (("coma", [("gfap", 450), ("lat", 91), ("lon", 0)]), 422, "api.outOfRange", "lat", 65),
                (("coma", [("gfap", 450), ("lat", 0), ("lon", -180.5)]), 422, "api.outOfRange", "lon", 65),
                (("limited", [("age", 70), ("sbp", 150), ("gfap", 450)]), 400, "api.missingField", "dbp", 64),
                (("full", [("age", 70), ("sbp", 150), ("dbp", 85), ("gfap", 450)]), 400, "api.missingField", "fastEd", 64),
                (("coma", [("gfap", 450), ("lat", 49.8)]), 400, "api.missingField", "lon", 64),
                (("coma", [("gfap", 450), ("fastEd", 3)]), 400, "api.unknownField", "inputs", 64),
            ]
            let answers = try await LocalAPIHTTP.send(cases.map { .post("/v1/assess", Self.body($0.c)) }, to: base)
            for (c, answer) in zip(cases, answers) {
                #expect(answer.status == c.status, "\(Self.body(c.c)): \(answer.body)")
                let error = (try? JSONValue(parsing: Data(answer.body.utf8)).object)?["error"].object
                #expect(error?["code"].stringValue == c.code, "\(Self.body(c.c))")
                #expect(error?["field"].stringValue == c.field, "\(Self.body(c.c))")
                let cli = await InProcessCLI.run(Self.arguments(c.c) + Self.cliOptions)
                #expect(cli.status == c.cliExit, "\(Self.arguments(c.c)): \(cli.stderr)")
                #expect(cli.stdout.isEmpty)
            }
        }
    }
}
