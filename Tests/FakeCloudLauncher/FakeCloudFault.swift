import Foundation

/// A fault of the fake cloud, chosen by the request path (`/<run>/<fault>/<function>`),
/// as Scripts/fake-cloud-server.py documents them:
/// `ok`, `delay-<ms>`, `status-<code>`, `status-<code>-ra-<s>`, `status-<code>-radate-<s>` (a date `s` seconds
/// after `FakeCloud.referenceMs`, not after the system's now),
/// `unavailable`, `first-<n>-<code>`, `reset`, `truncated`, `malformed`, `wrongtypes`, `nan`,
/// `html`, `oversize`, `hang`, `stepped`, `stepped-exact`, `simple-kind`, `ties`, `refnames`,
/// `drift`, `login-bad`. A fault written `<fault>@<function>` applies to that function only.
struct FakeCloudFault {
    let name: String

    init(_ name: String) { self.name = name }

    /// The answer to a well-formed request of `function`; `seen` counts the run's requests so far
    /// (this one included); `wait` blocks for a number of seconds (ending early when the server stops).
    func answer(function: String, body: [String: Any], seen: Int, wait: (Double) -> Void) -> FakeCloudAnswer {
        var fault = name
        let words = name.split(separator: "-").map(String.init)
        switch words.first {
        case "delay":
            wait(Double(words.count > 1 ? words[1] : "0").map { $0 / 1000 } ?? 0)
            fault = "ok"
        case "first":
            if words.count == 3, let n = Int(words[1]), seen <= n { return .json(Int(words[2]) ?? 500, #"{"error": "injected \#(words[2])"}"#) }
            fault = "ok"
        case "status":
            let code = words.count > 1 ? words[1] : "500"
            var extra: [String: String] = [:]
            if words.count == 4, words[2] == "ra" { extra["Retry-After"] = words[3] }
            if words.count == 4, words[2] == "radate", let seconds = Double(words[3]) {
                extra["Retry-After"] = Self.httpDate(Date(timeIntervalSince1970: Double(FakeCloud.referenceMs) / 1000 + seconds))
            }
            return .json(Int(code) ?? 500, #"{"error": "injected \#(code)"}"#, extra: extra)
        default:
            break
        }
        switch fault {
        case "unavailable": return .json(500, #"{"error": "model unavailable"}"#)
        case "reset": return .reset
        case "truncated": return .truncated
        case "malformed": return .json(200, #"{"probability": 0.5, "drivers": "#)
        case "wrongtypes": return .json(200, #"{"probability": "0.5", "ich_probability": "0.5", "ich_prediction": {"probability": "high"}}"#)
        case "nan": return .json(200, #"{"probability": NaN, "ich_probability": Infinity}"#, contentType: "text/html")
        case "oversize": return .json(200, #"{"pad": ""# + String(repeating: "x", count: 2 * 1024 * 1024) + #""}"#)
        case "hang": return .hang
        default:
            let (status, payload) = FakeCloudAnswers.answer(function: function, body: body, fault: fault, seen: seen)
            return .json(status, payload.text, contentType: fault == "html" ? "text/html" : "application/json")
        }
    }

    /// An HTTP date (RFC 9110 IMF-fixdate), as a Retry-After value.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
