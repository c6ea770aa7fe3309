import Foundation
import Testing
import StrokeBoard
import HTTPTestClient

/// DNS rebinding against the board (issue 29, item 1): every request whose authority is not exactly this
/// machine or an operator-listed name is answered 421 without a case. Raw sockets to 127.0.0.1, because an
/// HTTP client would normalise the Host header and the request target.
@Suite("board Host check")
struct BoardHostTests {
    /// A loopback board (relay unreachable; the host check does not need one) for the length of `body`.
    static func withBoard(allowedHosts: [String] = [], _ body: @Sendable (Int) async throws -> Void) async throws {
        var configuration = try BoardConfiguration(hospitalId: "H1", relayURL: "http://127.0.0.1:9")
        try configuration.allowHosts(allowedHosts)
        let routes = BoardRoutes(configuration: configuration, state: BoardState(hospitalId: "H1"), logger: RelayHarness.logger)
        try await LiveServer.run(routes.makeRouter(), server: BoardServer.http1) { port in try await body(port) }
    }

    /// The status line of a raw request for `target` with `hosts` as Host headers.
    static func status(_ port: Int, target: String = "/cases.json", hosts: [String]) async -> String {
        let headers = hosts.map { "Host: \($0)\r\n" }.joined()
        let answer = await RawHTTP.exchange(port: port, "GET \(target) HTTP/1.1\r\n\(headers)Connection: close\r\n\r\n").text
        return answer.components(separatedBy: "\r\n").first ?? ""
    }

    @Test("foreign authorities, duplicate Host headers and foreign absolute-form targets are refused with 421")
    func foreignRefused() async throws {
        try await Self.withBoard { port in
            let foreign = ["127.0.0.1.evil.example", "127.0.0.1.evil.example:\(port)", "127.evil.example", "127.evil.example:\(port)",
                           "127.0.0.1@evil.example", "127.0.0.1:\(port)@evil.example", "127.0.0.1/evil.example",
                           "127.0.0.1:80@evil.example", "evil.example", "localhost.evil.example", "127.1", "127.0.0.01",
                           "127.0.0.1:", "127.0.0.1:80:80", "[::1].evil.example", "::1", "", "localhost:99999"]
            for host in foreign {
                let status = await Self.status(port, hosts: [host])
                #expect(status == "HTTP/1.1 421 Misdirected Request", "Host: \(host) → \(status)")
            }
            // A second Host header, in either order.
            #expect(await Self.status(port, hosts: ["127.0.0.1:\(port)", "evil.example"]).hasPrefix("HTTP/1.1 421"))
            #expect(await Self.status(port, hosts: ["evil.example", "127.0.0.1:\(port)"]).hasPrefix("HTTP/1.1 421"))
            #expect(await Self.status(port, hosts: ["127.0.0.1:\(port)", "127.0.0.1:\(port)"]).hasPrefix("HTTP/1.1 421"))
            // No Host at all.
            #expect(await Self.status(port, hosts: []).hasPrefix("HTTP/1.1 421"))
            // Absolute-form targets naming another host (with a loopback Host header, and without).
            for target in ["http://evil.example/cases.json", "http://127.0.0.1.evil.example/cases.json",
                           "http://127.0.0.1@evil.example/cases.json", "HTTP://evil.example:\(port)/"] {
                #expect(await Self.status(port, target: target, hosts: ["127.0.0.1:\(port)"]).hasPrefix("HTTP/1.1 421"), "\(target)")
            }
            #expect(await Self.status(port, target: "http://evil.example/cases.json", hosts: []).hasPrefix("HTTP/1.1 421"))
            for path in ["/", "/events"] {
                #expect(await Self.status(port, target: path, hosts: ["127.0.0.1.evil.example"]).hasPrefix("HTTP/1.1 421"))
            }
        }
    }

    @Test("loopback names, IPv4 loopback literals, [::1] and operator-listed names are answered")
    func loopbackAnswered() async throws {
        try await Self.withBoard(allowedHosts: ["Board.Stroke.Local"]) { port in
            for host in ["localhost", "localhost:\(port)", "LOCALHOST:\(port)", "127.0.0.1", "127.0.0.1:\(port)", "127.1.2.3:\(port)",
                         "[::1]:\(port)", "[::1]", "[0:0:0:0:0:0:0:1]:\(port)", "board.stroke.local:\(port)", "BOARD.stroke.local"] {
                let status = await Self.status(port, hosts: [host])
                #expect(status == "HTTP/1.1 200 OK", "Host: \(host) → \(status)")
            }
            // An absolute-form target naming this board, with the same Host or none.
            #expect(await Self.status(port, target: "http://127.0.0.1:\(port)/cases.json", hosts: ["127.0.0.1:\(port)"]) == "HTTP/1.1 200 OK")
            #expect(await Self.status(port, target: "http://localhost:\(port)/cases.json", hosts: []) == "HTTP/1.1 200 OK")
            // … but not with a Host that names another authority.
            #expect(await Self.status(port, target: "http://127.0.0.1:\(port)/cases.json", hosts: ["evil.example"]).hasPrefix("HTTP/1.1 421"))
        }
        // Without the option the operator's name is foreign.
        try await Self.withBoard { port in
            #expect(await Self.status(port, hosts: ["board.stroke.local"]).hasPrefix("HTTP/1.1 421"))
        }
    }

    @Test("the authority parser and the loopback literals, exactly")
    func parser() throws {
        #expect(BoardHostCheck.host(ofAuthority: "127.0.0.1:8445") == "127.0.0.1")
        #expect(BoardHostCheck.host(ofAuthority: "[::1]:8445") == "[::1]")
        for bad in ["127.0.0.1@evil.example", "127.0.0.1/x", "a b", "127.0.0.1:", ":80", "[::1", "[]", "a:1:2", "a]:1", "h:123456", "h\u{0}"] {
            #expect(BoardHostCheck.host(ofAuthority: bad) == nil, "\(bad)")
        }
        #expect(BoardHostCheck.isIPv4Loopback("127.255.255.254"))
        for bad in ["127.0.0.1.evil.example", "127.evil.example", "127.1", "127.0.0.256", "128.0.0.1", "127.0.0.01", "0x7f.0.0.1"] {
            #expect(!BoardHostCheck.isIPv4Loopback(bad), "\(bad)")
        }
        #expect(BoardHostCheck.isIPv6Loopback("::1") && !BoardHostCheck.isIPv6Loopback("::2"))
        var configuration = try BoardConfiguration(hospitalId: "H1", relayURL: "http://127.0.0.1:9")
        #expect(throws: BoardError.self) { try configuration.allowHosts(["evil.example/x"]) }
        #expect(configuration.allowedHosts.isEmpty)
    }
}
