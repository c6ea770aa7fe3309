import HTTPServerKit
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The local API's HTTP/1.1 server: Hummingbird's, plus two steps its router never sees.
///
/// - **Raw UTF-8 in a request line is accepted.** `curl '…/v1/centers?near=Würzburg'`
///   sends the bytes of `ü` unescaped, which the HTTP/1.1 parser refuses. Every byte
///   0x80–0xFF of a request line is percent-encoded before the parser reads it
///   (`ü` → `%C3%BC`), so the route reads the query exactly as if the client had
///   encoded it. Other bytes are left alone (a space or a control character in a
///   request line stays an error).
/// - **A request the parser refuses is answered in JSON**, like every other error,
///   and the connection is closed: a method the parser does not know is 405
///   `api.methodNotAllowed` with `Allow: GET, POST, OPTIONS` (every method the API
///   serves); anything else 400 `api.malformedRequest`.
///
/// ```swift
/// let app = Application(router: LocalAPIRoutes(configuration: configuration).makeRouter(), server: LocalAPIServer.http1())
/// ```
public enum LocalAPIServer {
    /// The methods the API serves on some route (the `Allow` of a method no route knows).
    public static let methods = "GET, POST, OPTIONS"

    /// The server builder for `Application(router:server:…)`, with Hummingbird's HTTP/1.1 `configuration`.
    public static func http1(configuration: HTTP1Channel.Configuration = .init()) -> HTTPServerBuilder {
        PreparedHTTP1Channel.server(configuration: configuration) { pipeline in
            let state = RequestLineState()
            try pipeline.addHandler(RequestLineEncoding(state: state), position: .before(try PreparedHTTP1Channel.decoder(pipeline)))
            try pipeline.addHandler(MalformedRequestAnswer(state: state), position: .after(try PreparedHTTP1Channel.codec(pipeline)))
        }
    }
}

/// Where a connection's inbound bytes are (shared by the two handlers of one connection, on its event loop).
final class RequestLineState {
    enum Part { case requestLine, headers, body }
    /// The part the next byte belongs to: a request line from the start and after each request's end.
    var part = Part.requestLine
    /// Bytes of the current line so far, CR not counted (an empty line ends the headers; empty lines before a
    /// request line are skipped).
    var lineLength = 0
}

/// Percent-encodes the bytes 0x80–0xFF of request lines before the HTTP/1.1 decoder reads them.
///
/// A read is passed on in up to three pieces: the request line (encoded), the rest of the head, then the
/// rest. The decoder handles each piece at once and reports a request's end (`MalformedRequestAnswer`) before
/// the next piece, so a request without a body followed by another in the same read is handled too. After
/// a body the next request line is only known once the decoder reports the end of that request: a request
/// line in the same read as the end of a body is passed on unencoded.
final class RequestLineEncoding: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let state: RequestLineState

    init(state: RequestLineState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var input = unwrapInboundIn(data)
        while input.readableBytes > 0 {
            switch state.part {
            case .body:
                context.fireChannelRead(wrapInboundOut(input))
                return
            case .requestLine:
                let (length, complete) = scanLine(input)
                let line = input.readSlice(length: length)!
                context.fireChannelRead(wrapInboundOut(encoded(line, context: context)))
                if complete { state.part = .headers }
            case .headers:
                let (length, complete) = scanHead(input)
                context.fireChannelRead(wrapInboundOut(input.readSlice(length: length)!))
                // A request without a body has ended by now (the decoder reported it): its next line is a request line.
                if complete, state.part == .headers { state.part = .body }
            }
        }
    }

    /// The length of the request line's bytes in `buffer` (through its line feed, if there), and whether it ended.
    /// Line feeds before the first other byte (empty lines before a request) do not end it.
    private func scanLine(_ buffer: ByteBuffer) -> (Int, Bool) {
        for (offset, byte) in buffer.readableBytesView.enumerated() {
            if byte == UInt8(ascii: "\n") {
                if state.lineLength > 0 {
                    state.lineLength = 0
                    return (offset + 1, true)
                }
            } else if byte != UInt8(ascii: "\r") {
                state.lineLength += 1
            }
        }
        return (buffer.readableBytes, false)
    }

    /// The length of the head's remaining bytes in `buffer` (through the empty line that ends it, if there),
    /// and whether it ended.
    private func scanHead(_ buffer: ByteBuffer) -> (Int, Bool) {
        for (offset, byte) in buffer.readableBytesView.enumerated() {
            if byte == UInt8(ascii: "\n") {
                if state.lineLength == 0 { return (offset + 1, true) }
                state.lineLength = 0
            } else if byte != UInt8(ascii: "\r") {
                state.lineLength += 1
            }
        }
        return (buffer.readableBytes, false)
    }

    /// `line` with every byte 0x80–0xFF as `%XX` (the same buffer when there is none).
    private func encoded(_ line: ByteBuffer, context: ChannelHandlerContext) -> ByteBuffer {
        guard line.readableBytesView.contains(where: { $0 >= 0x80 }) else { return line }
        let hex = Array("0123456789ABCDEF".utf8)
        var output = context.channel.allocator.buffer(capacity: line.readableBytes * 3)
        for byte in line.readableBytesView {
            if byte >= 0x80 {
                output.writeBytes([UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            } else {
                output.writeInteger(byte)
            }
        }
        return output
    }
}

/// Answers a request the HTTP/1.1 parser refused with the API's JSON error and closes the connection
/// (only while no other request is being answered; else Hummingbird's own 400 stands); marks the end
/// of each request so that the next request line is encoded.
final class MalformedRequestAnswer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let state: RequestLineState
    /// Requests whose head was read and whose answer has not ended.
    private var inFlight = 0
    private var answered = false

    init(state: RequestLineState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: inFlight += 1
        case .body: break
        case .end: state.part = .requestLine
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { inFlight -= 1 }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, inFlight == 0, !answered else {
            context.fireErrorCaught(error)
            return
        }
        answered = true
        let refusal: LocalAPIError = parserError == .invalidMethod ? .methodNotAllowed : .malformedRequest
        var bytes: [UInt8] = []
        refusal.body.write(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        var fields: HTTPFields = [.contentType: "application/json", .contentLength: String(bytes.count), .connection: "close"]
        if refusal == .methodNotAllowed { fields[.allow] = LocalAPIServer.methods }
        context.write(wrapOutboundOut(.head(HTTPResponse(status: refusal.status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: bytes))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
