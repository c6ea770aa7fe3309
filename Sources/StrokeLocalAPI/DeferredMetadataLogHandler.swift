import Logging

/// A log handler that keeps metadata as given and lets `Base` format it only
/// when a message is actually written.
///
/// Hummingbird gives every request a logger with its own `hb.request.id`
/// metadata. `StreamLogHandler` formats its metadata into text each time the
/// metadata is set, so under load the server spent about 3 % of its time
/// formatting request ids that no message at the configured level ever used
/// (`perf`, `Scripts/bench.d/api`). Wrapped in this handler, the base formats
/// the same metadata at the moment it writes a message, so the lines written
/// are the base's own, byte for byte.
///
/// ```swift
/// LoggingSystem.bootstrap { label in DeferredMetadataLogHandler(StreamLogHandler.standardError(label: label)) }
/// ```
public struct DeferredMetadataLogHandler<Base: LogHandler>: LogHandler {
    private var base: Base

    /// The metadata, kept unformatted until a message is written.
    public var metadata: Logger.Metadata

    /// Wraps `base`, taking over its metadata.
    public init(_ base: Base) {
        self.base = base
        metadata = base.metadata
    }

    /// The base's level.
    public var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    /// The base's metadata provider.
    public var metadataProvider: Logger.MetadataProvider? {
        get { base.metadataProvider }
        set { base.metadataProvider = newValue }
    }

    /// One metadata value.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Hands the metadata to a copy of the base, which formats it and writes the message.
    public func log(event: LogEvent) {
        var writer = base
        writer.metadata = metadata
        writer.log(event: event)
    }
}
