import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// How long the collector and the relay wait for a client to send a request,
/// and what they do when they answer before a request was read.
///
/// - A request's head must be complete within `header` of the connection
///   opening or of the previous answer (a slow or idle client is dropped).
/// - Its body must be complete within `body` of its head (a client that
///   trickles its body is dropped, however steadily it trickles).
/// - An answer written before the request's body was read to the end (413
///   for a body over the limit, or any early answer) says `Connection: close`;
///   once it is written the server's side of the connection is shut down (the
///   client reads the answer, then the end of the stream) and the connection
///   is closed `linger` later: what the client still sends meanwhile is
///   discarded, and nothing after that is read. (Closing at once would reset
///   the connection while the client is still sending, which can destroy the
///   answer before the client reads it.)
///
/// Hummingbird's own idle timeout only counts time between request parts,
/// so neither a slow head nor a trickled body would end it.
public struct HTTPReadLimits: Sendable, Hashable {
    /// Longest wait for a complete request head (default 10 s).
    public var header: Duration = .seconds(10)
    /// Longest time from a request's head to the end of its body (default 60 s).
    public var body: Duration = .seconds(60)
    /// How long a connection answered early stays open for the client to read the answer (default 2 s).
    public var linger: Duration = .seconds(2)

    /// The defaults.
    public init() {}

    /// Limits with the given waits.
    public init(header: Duration, body: Duration) {
        self.header = header
        self.body = body
    }

    /// A new connection's handlers that enforce these limits, for a server built elsewhere (the station's):
    /// `HTTP1Channel.Configuration(additionalChannelHandlers: limits.channelHandlers())`.
    public func channelHandlers() -> [any RemovableChannelHandler] { [RequestReadDeadline(limits: self)] }

    /// The HTTP/1.1 server builder that enforces these limits (`Application(router:server:…)`).
    public var server: HTTPServerBuilder {
        let limits = self
        return .http1(configuration: .init(additionalChannelHandlers: [RequestReadDeadline(limits: limits)]))
    }
}

/// Enforces `HTTPReadLimits` on one connection (see there).
final class RequestReadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let limits: HTTPReadLimits
    private var timer: Scheduled<Void>?
    /// A request's head was read but not yet its end.
    private var readingRequest = false
    /// The answer being written was started before the request was read to the end.
    private var closeAfterAnswer = false

    init(limits: HTTPReadLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context, limits.header) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context, limits.header)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingRequest = true
            if !closeAfterAnswer { arm(context, limits.body) }
        case .body:
            break
        case .end:
            readingRequest = false
            if !closeAfterAnswer { disarm() }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var response) where readingRequest:
            closeAfterAnswer = true
            response.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(response)), promise: promise)
        case .end:
            if closeAfterAnswer {
                context.writeAndFlush(data, promise: promise)
                context.close(mode: .output, promise: nil)
                arm(context, limits.linger)
                return
            }
            context.write(data, promise: promise)
            if !readingRequest { arm(context, limits.header) }
        default:
            context.write(data, promise: promise)
        }
    }

    /// Closes the connection after `wait` unless re-armed or disarmed first.
    private func arm(_ context: ChannelHandlerContext, _ wait: Duration) {
        disarm()
        let nanoseconds = Int64(wait.components.seconds) * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(nanoseconds)) {
            context.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
