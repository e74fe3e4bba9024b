import CSpawn
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
///
/// Started with `posix_spawn` and reaped with `waitpid` on a thread of its own, not with
/// Foundation's `Process`: on Linux its `terminationHandler` can miss a child's exit, and a
/// test waiting for it then waits forever beside a zombie. Every wait here has a bound: a
/// program still running when it is reached is killed, with its process group, and the wait
/// throws `ChildProcess.Failure` naming the program.
public final class ChildProcess: @unchecked Sendable {
    /// How long `finish()` and `firstLine()` wait unless told otherwise: far longer than any
    /// program of the tests takes on a loaded machine, short of the CI's own limit.
    public static let defaultLimit: Double = 600

    public let pid: pid_t
    private let command: String
    private let exited = Latch()
    private let exit = ExitStatus()
    private let stdout: PipeDrain
    private let stderr: PipeDrain

    /// `input` becomes the program's stdin; without it the program reads an empty stdin
    /// (`/dev/null`). `environment` is added to (or replaces variables of) the test process's.
    /// The program runs in a process group of its own, with no signal blocked or ignored
    /// (a test thread may block some, and a child would inherit that).
    public init(_ executable: URL, _ arguments: [String], in folder: URL, input: FileHandle? = nil, environment: [String: String] = [:])
        throws
    {
        command = ([executable.lastPathComponent] + arguments.prefix(3)).joined(separator: " ")
        // Both ends close on exec: a program started meanwhile from another thread must not
        // hold this one's output open (the child gets its ends by `dup2`, which clears it).
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard ttsite_pipe(&outPipe) == 0 else { throw Failure(message: "\(command): no pipe: errno \(errno)") }
        guard ttsite_pipe(&errPipe) == 0 else {
            for end in outPipe { close(end) }
            throw Failure(message: "\(command): no pipe: errno \(errno)")
        }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let spawned = ttsite_spawn(&child, executable.path, argv, envp, folder.path, input?.fileDescriptor ?? -1, outPipe[1], errPipe[1])
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw Failure(message: "\(command): cannot start: \(String(cString: strerror(spawned)))")
        }
        pid = child
        stdout = PipeDrain(outPipe[0])
        stderr = PipeDrain(errPipe[0])
        Thread.detachNewThread { [exited, exit, pid] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 {
                guard errno == EINTR else { break }
            }
            exit.set(status)
            exited.open()
        }
    }

    /// Runs a program to its end, waiting for it without holding a thread of the concurrency
    /// pool, which every test of the process shares.
    public static func run(
        _ executable: URL, _ arguments: [String], in folder: URL, input: FileHandle? = nil,
        environment: [String: String] = [:], limit: Double = defaultLimit
    ) async throws -> ProgramRun {
        try await ChildProcess(executable, arguments, in: folder, input: input, environment: environment).finish(limit: limit)
    }

    /// What the process printed on stdout so far.
    public var output: String { stdout.text }

    /// What the process printed on stderr so far.
    public var errorOutput: String { stderr.text }

    /// The process has not ended (or has not been reaped yet).
    public var isRunning: Bool { !exited.isOpen }

    /// How the process ended, once it has: its exit status, or the signal that ended it.
    public var ending: (status: Int32, signalled: Bool)? {
        exited.isOpen ? exit.ending : nil
    }

    /// Sends `signal` (SIGTERM unless told) to the process.
    public func terminate(_ signal: Int32 = SIGTERM) {
        if isRunning { kill(pid, signal) }
    }

    /// The first whole line the process printed on stdout (nil when stdout closed first),
    /// waited for on a thread of its own, for `limit` seconds at most.
    public func firstLine(limit: Double = defaultLimit) async throws -> String? {
        try await offThePool { [self] in
            let (line, arrived) = stdout.firstLine(until: Date().addingTimeInterval(limit))
            guard arrived else { throw stop("printed no line on stdout within \(Int(limit)) s") }
            return line
        }
    }

    /// The process ended and everything it printed has been read.
    public var finished: Bool { exited.isOpen && stdout.end.isOpen && stderr.end.isOpen }

    /// Waits, on a thread of its own, for the process to end and for all it printed, for
    /// `limit` seconds at most; then the process and its group are killed and this throws.
    public func finish(limit: Double = defaultLimit) async throws -> ProgramRun {
        try await offThePool { [self] in
            let deadline = Date().addingTimeInterval(limit)
            guard exited.wait(until: deadline) else { throw stop("still running after \(Int(limit)) s") }
            // A program that left a child holding its output open: what it printed so far.
            _ = stdout.end.wait(until: deadline)
            _ = stderr.end.wait(until: deadline)
            let ending = exit.ending
            return ProgramRun(status: ending.status, stdout: stdout.text, stderr: stderr.text, signalled: ending.signalled)
        }
    }

    /// Kills the process's group and says why, with what it printed.
    private func stop(_ reason: String) -> Failure {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        return Failure(message: "\(command) (pid \(pid)) \(reason); killed. stderr: \(stderr.text.suffix(2000))")
    }

    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}

/// A wait status from `waitpid`, set once by the thread that reaped the process.
private final class ExitStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var status: Int32 = 0

    func set(_ status: Int32) { lock.withLock { self.status = status } }

    /// The exit status, or the number of the signal that ended the process.
    var ending: (status: Int32, signalled: Bool) {
        let status = lock.withLock { self.status }
        let signal = status & 0x7f
        if signal == 0 { return ((status >> 8) & 0xff, false) }
        return (signal, true)
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

    /// Reads `fd` to its end, then closes it.
    init(_ fd: Int32) {
        Thread.detachNewThread { [self] in
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
            close(fd)
            changed.withLock {
                closed = true
                changed.broadcast()
            }
            end.open()
        }
    }

    var text: String { changed.withLock { String(decoding: data, as: UTF8.self) } }

    /// Blocks until a whole line has arrived (or the pipe closed without one), or `deadline`
    /// passed: the line, and whether the wait ended before the deadline.
    func firstLine(until deadline: Date) -> (line: String?, arrived: Bool) {
        changed.withLock {
            while !data.contains(UInt8(ascii: "\n")), !closed {
                if !changed.wait(until: deadline) { return (nil, false) }
            }
            guard let end = data.firstIndex(of: UInt8(ascii: "\n")) else { return (nil, true) }
            return (String(decoding: data[..<end], as: UTF8.self), true)
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

    /// Blocks until the latch opens or `deadline` passes: whether it opened. Call it off the
    /// concurrency pool.
    @discardableResult
    func wait(until deadline: Date) -> Bool {
        condition.withLock {
            while !opened {
                if !condition.wait(until: deadline) { return opened }
            }
            return true
        }
    }
}
