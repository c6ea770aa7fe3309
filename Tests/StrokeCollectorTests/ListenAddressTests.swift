import HTTPServerKit
import Testing

/// The one `HOST:PORT` parser of every server command (`--listen`).
@Suite("listen address")
struct ListenAddressTests {
    @Test("hosts, IPv6 in brackets, ports 0–65535")
    func parses() {
        #expect(ListenAddress("127.0.0.1:8080") == ListenAddress(host: "127.0.0.1", port: 8080))
        #expect(ListenAddress("0.0.0.0:0")?.port == 0)
        #expect(ListenAddress("[::1]:8443")?.host == "::1")
        #expect(ListenAddress("localhost:65535")?.port == 65535)
    }

    @Test("no host, no port, a port out of range or not a number: nil, and one message naming the value")
    func refuses() {
        for text in ["8080", ":8080", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1", "127.0.0.1:80x", "", "host"] {
            #expect(ListenAddress(text) == nil, "\(text)")
        }
        #expect(ListenAddress.problem("8080") == "listen: expected HOST:PORT (port 0–65535), got 8080")
    }
}
