import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 server with handlers of one's own where Hummingbird
/// offers no place for them: before its HTTP/1.1 decoder (where the raw bytes
/// of a request line are still there) or before its conversion to
/// `HTTPRequest` (where the request target is still there).
/// Hummingbird's `additionalChannelHandlers` only come after both.
///
/// ```swift
/// let server = PreparedHTTP1Channel.server { pipeline in
///     try pipeline.addHandler(MyHandler(), position: .before(try PreparedHTTP1Channel.codec(pipeline)))
/// }
/// let app = Application(router: router, server: server)
/// ```
public struct PreparedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    /// The channel type Hummingbird serves.
    public typealias Value = HTTP1Channel.Value
    /// Adds handlers to a new connection's pipeline, on its event loop, once Hummingbird's are in place.
    public typealias Preparation = @Sendable (ChannelPipeline.SynchronousOperations) throws -> Void

    let inner: HTTP1Channel
    let prepare: Preparation

    /// The responder (Hummingbird's).
    public var responder: HTTPChannelHandler.Responder { inner.responder }

    /// A server builder for `Application(router:server:…)`: Hummingbird's HTTP/1.1 channel
    /// (with `configuration`), then `prepare` on every connection.
    public static func server(configuration: HTTP1Channel.Configuration = .init(),
                              prepare: @escaping Preparation) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            PreparedHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: configuration), prepare: prepare)
        }
    }

    /// The handler that turns HTTP/1.1 parts into `HTTPRequest` parts (insert before it to see the request target).
    public static func codec(_ pipeline: ChannelPipeline.SynchronousOperations) throws -> any ChannelHandler {
        try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
    }

    /// The HTTP/1.1 request decoder (insert before it to see the raw bytes).
    public static func decoder(_ pipeline: ChannelPipeline.SynchronousOperations) throws -> any ChannelHandler {
        try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
    }

    /// Sets the connection up as Hummingbird does, then runs the preparation.
    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let prepare = self.prepare
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try prepare(channel.pipeline.syncOperations)
            return value
        }
    }

    /// Serves the connection as Hummingbird does.
    public func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
