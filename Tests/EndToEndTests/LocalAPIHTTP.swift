import Foundation

/// Real HTTP requests to a local API server, sent by one `python3` process per
/// batch (urllib, 30 s timeout per request), so a grid of requests costs one
/// process start instead of one per request.
enum LocalAPIHTTP {
    /// One request: method, path with query, optional body.
    struct Request: Sendable {
        let method: String
        let path: String
        let body: String?

        static func get(_ path: String) -> Request { Request(method: "GET", path: path, body: nil) }
        static func post(_ path: String, _ body: String) -> Request { Request(method: "POST", path: path, body: body) }
    }

    /// One answer: status and the body exactly as sent.
    struct Answer: Sendable {
        let status: Int
        let body: String
    }

    /// Sends the requests in order over loopback to `base` and returns the answers in order.
    static func send(_ requests: [Request], to base: String) throws -> [Answer] {
        let script = """
            import json, sys, urllib.request, urllib.error
            base, out = sys.argv[1], []
            for r in json.load(sys.stdin):
                data = None if r["body"] is None else r["body"].encode()
                req = urllib.request.Request(base + r["path"], data=data, method=r["method"],
                                             headers={"Content-Type": "application/json"})
                try:
                    with urllib.request.urlopen(req, timeout=30) as a: out.append([a.status, a.read().decode()])
                except urllib.error.HTTPError as e:
                    out.append([e.code, e.read().decode()])
            json.dump(out, sys.stdout)
            """
        let list = requests.map { r -> [String: Any] in
            ["method": r.method, "path": r.path, "body": r.body.map { $0 as Any } ?? NSNull()]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, base]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: list))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let answers = try JSONSerialization.jsonObject(with: data) as? [[Any]],
              answers.count == requests.count else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the HTTP helper failed"])
        }
        return answers.map { Answer(status: ($0[0] as? NSNumber)?.intValue ?? 0, body: $0[1] as? String ?? "") }
    }

    /// `s` escaped for a URL query value.
    static func query(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? s
    }
}
