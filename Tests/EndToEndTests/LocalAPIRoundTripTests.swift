import Foundation
import Testing

/// The CLI's cloud path round-trips through our own local API over real HTTP on
/// loopback: `stroke-triage … --mode cloud --api-base http://127.0.0.1:PORT`
/// against `stroke-triage-server api`. The LVO is identical to `--mode offline`,
/// and the ICH comes out labelled as the baseline, never as a cloud model.
@Suite(.serialized) struct LocalAPIRoundTripTests {
    static let grid: [[String]] = [
        ["coma", "--gfap", "29"],
        ["coma", "--gfap", "500"],
        ["coma", "--gfap", "10001"],
        ["limited", "--age", "18", "--sbp", "60", "--dbp", "30", "--gfap", "29"],
        ["limited", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "450", "--reduced-vigilance"],
        ["limited", "--age", "120", "--sbp", "300", "--dbp", "200", "--gfap", "10001"],
        ["full", "--age", "70", "--sbp", "160", "--dbp", "90", "--gfap", "180", "--fast-ed", "7", "--headache", "--arm-paresis",
         "--anticoagulated", "--antiplatelets", "--leg-paresis"],
        ["full", "--age", "18", "--sbp", "60", "--dbp", "30", "--gfap", "29", "--fast-ed", "0"],
        ["full", "--age", "120", "--sbp", "300", "--dbp", "200", "--gfap", "10001", "--fast-ed", "9", "--eye-deviation",
         "--reduced-vigilance", "--atrial-fibrillation"],
        ["full", "--age", "55", "--sbp", "140", "--dbp", "85", "--gfap", "60", "--fast-ed", "3"],
        ["full", "--age", "82", "--sbp", "210", "--dbp", "120", "--gfap", "2500", "--fast-ed", "5"],
    ]

    static func json(_ r: BinaryRunner.Result) throws -> [String: Any] { try r.json() }

    static func section(_ object: [String: Any], _ key: String) -> String {
        guard let value = object[key], !(value is NSNull),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func cloudModeThroughTheLocalAPIMatchesOfflineAndLabelsICHAsBaseline() throws {
        let server = try LocalAPIServerProcess.start()
        defer { #expect(server.stop() == 0) }
        for arguments in Self.grid {
            let common = arguments + ["--accept-disclaimer", "--json", "--deadline", "60"]
            let offline = try BinaryRunner.run(common + ["--mode", "offline"])
            let cloud = try BinaryRunner.run(common + ["--mode", "cloud", "--api-base", server.base])
            #expect(offline.status == 0, "\(arguments): \(offline.stderr)")
            #expect(cloud.status == 0, "\(arguments): \(cloud.stderr)")
            let o = try Self.json(offline), c = try Self.json(cloud)
            let ich = c["ich"] as? [String: Any]
            #expect(ich?["source"] as? String == "baseline", "\(arguments)")
            #expect(ich?["model"] as? String == "ich-baseline-age-gfap-logistic", "\(arguments)")
            #expect(Self.section(c, "lvo") == Self.section(o, "lvo"), "\(arguments)")
            #expect(Self.section(c, "ich") == Self.section(o, "ich"), "\(arguments)")
            #expect(cloud.stdout == offline.stdout, "\(arguments): the whole --json is the same in both modes")
        }
    }

    @Test func autoModeThroughTheLocalAPIIsNeverLabelledCloud() throws {
        let server = try LocalAPIServerProcess.start()
        defer { #expect(server.stop() == 0) }
        // Under 18 the baseline does not apply: the API answers 422, auto mode falls back to offline.
        let cases = [Self.grid[1], Self.grid[6], ["limited", "--age", "17", "--sbp", "120", "--dbp", "70", "--gfap", "100"]]
        for arguments in cases {
            let r = try BinaryRunner.run(arguments + ["--accept-disclaimer", "--json", "--mode", "auto", "--deadline", "60",
                                                      "--api-base", server.base])
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            #expect(!r.stdout.contains("\"source\":\"cloud\""), "\(arguments): \(r.stdout)")
            #expect((try Self.json(r)["ich"] as? [String: Any])?["source"] as? String == "baseline")
        }
    }

    @Test func theServerAnswersTheContractOverRealHTTP() throws {
        let server = try LocalAPIServerProcess.start(["--max-body-bytes", "1024"])
        defer { #expect(server.stop() == 0) }
        func post(_ path: String, _ body: String) throws -> (Int, String) {
            let fetch = Process()
            fetch.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            fetch.arguments = ["python3", "-c", """
                import sys, urllib.request, urllib.error
                req = urllib.request.Request(sys.argv[1], data=sys.argv[2].encode(), headers={"Content-Type": "application/json"})
                try:
                    r = urllib.request.urlopen(req, timeout=30); print(r.status); print(r.read().decode())
                except urllib.error.HTTPError as e:
                    print(e.code); print(e.read().decode())
                """, server.base + path, body]
            let output = Pipe()
            fetch.standardOutput = output
            fetch.standardInput = FileHandle.nullDevice
            try fetch.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            fetch.waitUntilExit()
            let lines = text.split(separator: "\n", maxSplits: 1)
            return (Int(lines.first ?? "") ?? 0, lines.count > 1 ? String(lines[1]) : "")
        }
        let (status, body) = try post("/predict_lvo", #"{"gfap_value":180,"fast_ed_score":7}"#)
        #expect(status == 200)
        #expect(body.contains(#""probability":0.5119570957664139"#))
        let (tooLarge, error) = try post("/predict_lvo", String(repeating: " ", count: 2000) + "{}")
        #expect(tooLarge == 413)
        #expect(error.contains(#""code":"api.bodyTooLarge""#))
    }

    @Test func aBodyThatNeverArrivesGets408() throws {
        let server = try LocalAPIServerProcess.start(["--request-timeout-seconds", "1"])
        defer { #expect(server.stop() == 0) }
        let port = server.base.split(separator: ":").last.map(String.init) ?? ""
        let fetch = Process()
        fetch.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        fetch.arguments = ["python3", "-c", """
            import socket, sys
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
            s.sendall(b'POST /predict_lvo HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 40\\r\\n\\r\\n{"gfap')
            s.settimeout(120)
            print(s.recv(4096).decode())
            """, port]
        let output = Pipe()
        fetch.standardOutput = output
        fetch.standardInput = FileHandle.nullDevice
        try fetch.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        fetch.waitUntilExit()
        #expect(text.hasPrefix("HTTP/1.1 408"), "\(text)")
        #expect(text.contains(#""code":"api.timeout""#))
    }
}
