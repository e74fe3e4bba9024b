import CZlib
import Foundation

/// gzip-compressed data (RFC 1952) made whole again through zlib, as `gunzip` does: several
/// members one after the other are one text. Bounded: more than `limit` bytes of output
/// stops it, so that a small file that inflates to gigabytes (a "gzip bomb") costs nothing.
public enum Gzip {
    /// Whether `data` starts as gzip data does (the bytes 1F 8B).
    public static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The bytes `data` holds compressed; throws when it is not whole gzip data, or when they
    /// come to more than `limit` bytes.
    public static func decompressed(_ data: Data, limit: Int) throws(Failure) -> Data {
        var stream = z_stream()
        guard ttsite_inflate_init_gzip(&stream) == Z_OK else { throw Failure(message: "zlib could not start reading the gzip data") }
        defer { inflateEnd(&stream) }
        var output = Data()
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        let result: Result<Data, Failure> = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: Bytef.self).baseAddress else {
                return .failure(Failure(message: "the file is empty, not gzip data"))
            }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = uInt(raw.count)
            while true {
                let status = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunk)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let made = chunk - Int(stream.avail_out)
                guard output.count + made <= limit else {
                    return .failure(Failure(message: "uncompressed, it is larger than \(limit) bytes (max_bytes)"))
                }
                output.append(contentsOf: buffer[..<made])
                switch status {
                case Z_STREAM_END:
                    // Another member may follow, as `cat a.gz b.gz` makes.
                    guard stream.avail_in > 0 else { return .success(output) }
                    guard inflateReset(&stream) == Z_OK else {
                        return .failure(Failure(message: "zlib could not read on after the first member"))
                    }
                case Z_OK:
                    if stream.avail_in == 0, made == 0 {
                        return .failure(Failure(message: "the gzip data is cut short"))
                    }
                case Z_BUF_ERROR:
                    return .failure(Failure(message: "the gzip data is cut short"))
                default:
                    let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    return .failure(Failure(message: "the gzip data is damaged (\(reason))"))
                }
            }
        }
        return try result.get()
    }
}
