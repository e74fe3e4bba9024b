import Foundation

/// What a program left when it ended: its exit status, or the signal that ended it, and all
/// it printed.
public struct ProgramRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// A signal ended the program, and `status` is that signal's number.
    public var signalled: Bool
}

/// A program started with its stdout and stderr captured. A test can read what it printed so
/// far while it runs, and await its end, without blocking a thread of the concurrency pool.
public final class ChildProcess: @unchecked Sendable {
    public let process = Process()
    private let exited = Latch()
    private let stdout: PipeDrain
    private let stderr: PipeDrain

    /// `input` becomes the program's stdin; without it the program shares the test process's.
    /// `environment` is added to (or replaces variables of) the test process's.
    public init(_ executable: URL, _ arguments: [String], in folder: URL, input: FileHandle? = nil, environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = folder
        if let input { process.standardInput = input }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // Not `waitUntilExit()`: it spins the run loop of the thread that calls it, and on any
        // thread but the one that started the process that loop has nothing to wait on.
        process.terminationHandler = { [exited] _ in exited.open() }
        try process.run()
        stdout = PipeDrain(out)
        stderr = PipeDrain(err)
    }

    /// Runs a program to its end, waiting for it without holding a thread of the concurrency
    /// pool, which every test of the process shares.
    public static func run(_ executable: URL, _ arguments: [String], in folder: URL, input: FileHandle? = nil,
                           environment: [String: String] = [:]) async throws -> ProgramRun {
        try await ChildProcess(executable, arguments, in: folder, input: input, environment: environment).finish()
    }

    public var pid: Int32 { process.processIdentifier }

    /// What the process printed on stdout so far.
    public var output: String { stdout.text }

    /// What the process printed on stderr so far.
    public var errorOutput: String { stderr.text }

    /// The first whole line the process printed on stdout (nil when stdout closed first),
    /// waited for on a thread of its own.
    public func firstLine() async throws -> String? {
        try await offThePool { [stdout] in stdout.firstLine() }
    }

    /// The process ended and everything it printed has been read.
    public var finished: Bool { exited.isOpen && stdout.end.isOpen && stderr.end.isOpen }

    /// Waits, on a thread of its own, for the process to end and for all it printed.
    public func finish() async throws -> ProgramRun {
        try await offThePool { [self] in
            exited.wait()
            stdout.end.wait()
            stderr.end.wait()
            return ProgramRun(status: process.terminationStatus, stdout: stdout.text, stderr: stderr.text,
                              signalled: process.terminationReason == .uncaughtSignal)
        }
    }
}

/// Everything written to a pipe, read by a thread of its own as it arrives: a full pipe
/// must not block the process that writes it.
///
/// A thread and `read`, not `readabilityHandler`: on Linux the handler can miss the end of
/// the stream when a process prints and exits at once, and a test waiting for the end then
/// waits in vain (seen with `ttsite serve` refusing a folder without a config).
final class PipeDrain: @unchecked Sendable {
    private let changed = NSCondition()
    private var data = Data()
    private var closed = false
    /// Opens when the writer has closed the pipe and all it wrote has been read.
    let end = Latch()

    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            let fd = pipe.fileHandleForReading.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                changed.withLock {
                    data.append(contentsOf: buffer[..<count])
                    changed.broadcast()
                }
            }
            changed.withLock {
                closed = true
                changed.broadcast()
            }
            end.open()
        }
    }

    var text: String { changed.withLock { String(decoding: data, as: UTF8.self) } }

    /// Blocks until a whole line has arrived (or the pipe closed without one).
    func firstLine() -> String? {
        changed.withLock {
            while !data.contains(UInt8(ascii: "\n")), !closed { changed.wait() }
            guard let end = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            return String(decoding: data[..<end], as: UTF8.self)
        }
    }
}

/// A flag that opens once; threads can wait for it.
final class Latch: @unchecked Sendable {
    private let condition = NSCondition()
    private var opened = false

    func open() {
        condition.withLock {
            opened = true
            condition.broadcast()
        }
    }

    var isOpen: Bool { condition.withLock { opened } }

    /// Blocks until the latch opens: call it off the concurrency pool.
    func wait() {
        condition.withLock { while !opened { condition.wait() } }
    }
}
