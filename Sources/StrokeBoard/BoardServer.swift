import HTTPServerKit
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// The board's HTTP/1.1 server: Hummingbird's, plus one step before a request
/// becomes an `HTTPRequest`, where the request target is still visible.
///
/// Hummingbird keeps only the path of an absolute-form target
/// (`GET http://evil.example/cases.json`) and takes the authority from the
/// first `Host` header, so the board could not tell that the request named
/// another host. Here, any request target that is not origin-form (`/…`) puts
/// its authority first: the target's authority becomes the first `Host`
/// field (the `Host` fields sent along are dropped when they name the same
/// authority and kept after it otherwise, where `BoardRoutes` refuses them
/// as duplicates); a target without an authority (`http:/x`, `*`, `a/b`)
/// gets an empty first `Host`, which no check accepts.
public enum BoardServer {
    /// The server builder for `Application(router:server:…)`.
    public static var http1: HTTPServerBuilder {
        PreparedHTTP1Channel.server { pipeline in
            try pipeline.addHandler(RequestTargetAuthority(), position: .before(try PreparedHTTP1Channel.codec(pipeline)))
        }
    }

    /// The authority of an absolute-form target `scheme://authority[/path][?query]`, nil for any other form.
    static func targetAuthority(_ uri: String) -> String? {
        guard let schemeEnd = uri.range(of: "://") else { return nil }
        let scheme = Array(uri[..<schemeEnd.lowerBound].utf8)
        let letter: (UInt8) -> Bool = { (65...90).contains($0) || (97...122).contains($0) }
        guard let first = scheme.first, letter(first),
              scheme.allSatisfy({ letter($0) || (48...57).contains($0) || $0 == 43 || $0 == 45 || $0 == 46 }) else { return nil }
        let rest = uri[schemeEnd.upperBound...]
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }
}

/// Moves an absolute-form request target's authority into the first `Host` field (see `BoardServer`).
final class RequestTargetAuthority: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.uri.hasPrefix("/") else {
            context.fireChannelRead(data)
            return
        }
        let target = BoardServer.targetAuthority(head.uri)
        let sent = head.headers["Host"]
        head.headers.remove(name: "Host")
        head.headers.add(name: "Host", value: target ?? "")
        if target == nil || !sent.allSatisfy({ $0.lowercased() == target?.lowercased() }) {
            for host in sent { head.headers.add(name: "Host", value: host) }
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
