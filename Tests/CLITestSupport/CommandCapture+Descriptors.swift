#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension CommandCapture {
    /// A socket fed with the capture's input and one drained into the capture's stdout (both
    /// closed when `body` returns). Neither is a terminal or a regular file, as with a shell pipeline.
    public func withStandardDescriptors<T>(_ body: (_ input: Int32, _ output: Int32) async throws -> T) async throws -> T {
        let capture = self
        let input = try CapturedInput(capture.takeInput())
        defer { input.close() }
        let output = try CapturedOutput(capture)
        do {
            let result = try await body(input.descriptor, output.descriptor)
            await output.finish()
            return result
        } catch {
            await output.finish()
            throw error
        }
    }
}

/// Closes a descriptor (the classes below have their own `close`).
private func closeDescriptor(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}

/// A connected pair of stream sockets, closed on exec.
private func socketPair() throws -> [Int32] {
    var pair: [Int32] = [-1, -1]
    #if canImport(Glibc)
    let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #else
    let kind = SOCK_STREAM
    #endif
    guard socketpair(AF_UNIX, kind, 0, &pair) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    return pair
}

/// Captured standard input as a socket: a thread sends the bytes and then shuts the
/// socket down (end of input); a reader that stops early ends the sending (no SIGPIPE).
private final class CapturedInput: @unchecked Sendable {
    /// The end the command reads.
    let descriptor: Int32
    private let sender: Int32

    /// Starts sending `bytes`.
    init(_ bytes: [UInt8]) throws {
        let pair = try socketPair()
        descriptor = pair[0]
        sender = pair[1]
        let sender = sender
        Thread.detachNewThread {
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { buffer in
                    #if canImport(Glibc)
                    send(sender, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    #else
                    send(sender, buffer.baseAddress! + offset, buffer.count - offset, 0)
                    #endif
                }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
            _ = closeDescriptor(sender)
        }
    }

    /// Closes the reading end (the sender then stops).
    func close() { _ = closeDescriptor(descriptor) }
}

/// Captured standard output as a socket (a pipe would need `pipe2` for close-on-exec):
/// a thread appends what arrives to the capture until the write end is closed.
private final class CapturedOutput: @unchecked Sendable {
    /// The end the command writes.
    let descriptor: Int32
    private let reader: Int32
    private let done = DispatchSemaphore(value: 0)

    /// Starts draining into `capture`.
    init(_ capture: CommandCapture) throws {
        // Close-on-exec from the start: a child another test starts must not keep the write end open.
        let ends = try socketPair()
        reader = ends[0]
        descriptor = ends[1]
        let reader = reader, done = done
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                capture.append(Array(buffer[0..<n]))
            }
            _ = closeDescriptor(reader)
            done.signal()
        }
    }

    /// Closes the write end and waits (off the cooperative pool) until everything written is in the capture.
    func finish() async {
        _ = closeDescriptor(descriptor)
        let done = done
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                done.wait()
                continuation.resume()
            }
        }
    }
}
