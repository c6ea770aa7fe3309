import Hummingbird
import NIOCore

/// The local API's request context: Hummingbird's basic context plus the peer's
/// address, which the research-access route's rate limit counts per client.
public struct LocalAPIRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's core context storage.
    public var coreContext: CoreRequestContextStorage
    /// The connected peer (nil when the channel has none, as in router tests).
    public let remoteAddress: SocketAddress?

    /// The context of a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client as the rate limit counts it: the peer's IP address, without its port
    /// (`X-Forwarded-For` is not trusted: any client could set it).
    public var clientKey: String {
        remoteAddress?.ipAddress ?? "unknown"
    }
}
