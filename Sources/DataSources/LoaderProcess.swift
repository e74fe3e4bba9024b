import CSpawn
import Foundation
import TextFormatting

/// A data loader's program run to its end, bounded: what it printed on stdout (the data), the
/// last lines of its stderr, and how long it took.
///
/// The program is started with `posix_spawn` (no shell) in a process group of its own, in
/// `folder`, with stdin on `/dev/null` and nothing else of ttsite's open. One thread reads its
/// stdout and stderr together with `poll`, so a program that fills one pipe while ttsite
/// waits on the other never stalls, and the same loop keeps the bounds:
///
/// - `seconds`: past it the group is sent SIGTERM, and SIGKILL `graceSeconds` later;
/// - `maxBytes`: stdout past it stops the program the same way (the data would not be read);
///   stdout is kept in memory, or written to a file as it arrives (`Destination`);
/// - stderr keeps only its last `stderrBytes` bytes, however much the program writes there.
///
/// A program that exits while something it started still holds its output open (a
/// background child) is waited for `graceSeconds`, then that group is killed: a nightly
/// build leaves no process behind.
public enum LoaderProcess {
    public struct Limits: Sendable, Equatable {
        public var seconds: Double
        public var maxBytes: Int
        /// How long a program has between SIGTERM and SIGKILL.
        public var graceSeconds = 2.0
        /// The most of stderr kept: its end.
        public var stderrBytes = 65_536

        public init(seconds: Double, maxBytes: Int) {
            self.seconds = seconds
            self.maxBytes = maxBytes
        }
    }

    /// Where the program's stdout goes.
    public enum Destination: Sendable {
        /// Kept in memory, all of it (at most `maxBytes`): `Output.stdout`.
        case memory
        /// Written to this open file as it arrives (at most `maxBytes`), never held whole.
        case file(Int32)
        /// Mixed into stderr, of which only the end is kept: a program whose data is a file it
        /// writes, and whose stdout is its chatter.
        case stderr
    }

    public struct Output: Sendable {
        /// Everything the program printed on stdout, when it was kept in memory.
        public var stdout: Data
        /// How many bytes it printed on stdout (to memory or to the file).
        public var stdoutBytes: Int
        /// The end of what it printed on stderr.
        public var stderr: String
        /// Seconds from start to end.
        public var seconds: Double
    }

    /// Why a run gave no data: the words say what happened, `stderr` is the end of what the
    /// program printed there.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var reason: String
        public var stderr: String
        public var description: String { reason }

        public init(reason: String, stderr: String) {
            self.reason = reason
            self.stderr = stderr
        }
    }

    /// Runs `command` (the program, then its arguments) in `folder` with `environment` as its
    /// whole environment. The program is found as a shell finds it: a name with a `/` is a
    /// path (relative to `folder`), any other is looked up in the `PATH` of `environment`.
    public static func run(
        _ command: [String], in folder: URL, environment: [String: String], limits: Limits, stdout destination: Destination = .memory
    ) throws(Failure) -> Output {
        guard let name = command.first, !name.isEmpty else { throw Failure(reason: "the command is empty", stderr: "") }
        guard let program = executable(name, in: folder, path: environment["PATH"]) else {
            let reason =
                name.contains("/")
                ? "`\(name)` is not an executable file" : "`\(name)` is not a program on the PATH (\(environment["PATH"] ?? "no PATH"))"
            throw Failure(reason: reason, stderr: "")
        }
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard ttsite_pipe(&outPipe) == 0 else { throw Failure(reason: "no pipe: \(String(cString: strerror(errno)))", stderr: "") }
        guard ttsite_pipe(&errPipe) == 0 else {
            for end in outPipe { close(end) }
            throw Failure(reason: "no pipe: \(String(cString: strerror(errno)))", stderr: "")
        }
        let argv = ([program] + command.dropFirst()).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        let started = DispatchTime.now()
        var pid: pid_t = 0
        // A pipe of 1 MiB (Linux's default is 64 KiB): a loader printing 100 MB wakes ttsite
        // a sixteenth as often. Where the system says no, the pipe stays as it is.
        _ = ttsite_pipe_size(outPipe[0], 1 << 20)
        let intoStderr: Bool
        if case .stderr = destination { intoStderr = true } else { intoStderr = false }
        let spawned = ttsite_spawn(&pid, program, argv, envp, folder.path, -1, intoStderr ? errPipe[1] : outPipe[1], errPipe[1])
        close(outPipe[1])
        close(errPipe[1])
        if intoStderr {
            close(outPipe[0])
            outPipe[0] = -1
        }
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw Failure(reason: "`\(name)` cannot be started: \(String(cString: strerror(spawned)))", stderr: "")
        }
        var file: Int32 = -1
        if case .file(let descriptor) = destination { file = descriptor }
        var run = Watch(pid: pid, stdout: outPipe[0], stderr: errPipe[0], file: file, limits: limits, started: started)
        let ending = run.wait()
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        let seconds = run.elapsed
        switch ending {
        case .timedOut:
            throw Failure(reason: "it ran longer than \(limits.seconds.formatted()) seconds and was stopped", stderr: stderr)
        case .overflowed:
            throw Failure(
                reason: "it printed more than \(limits.maxBytes.groupedForMessages) bytes and was stopped", stderr: stderr)
        case .unwritable(let code):
            throw Failure(reason: "its output could not be written: \(String(cString: strerror(code)))", stderr: stderr)
        case .exited(0):
            return Output(stdout: run.stdout, stdoutBytes: run.stdoutBytes, stderr: stderr, seconds: seconds)
        case .exited(let status):
            throw Failure(reason: "it exited with status \(status)", stderr: stderr)
        case .signalled(let signal):
            throw Failure(reason: "it was ended by signal \(signal) (\(String(cString: strsignal(signal))))", stderr: stderr)
        }
    }

    /// The last `count` lines of `text` that hold something.
    public static func lastLines(_ text: String, _ count: Int = 20) -> [String] {
        Array(text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }.suffix(count))
    }

    /// The path of the program `name`, or nil when there is none that may be run.
    static func executable(_ name: String, in folder: URL, path: String?) -> String? {
        if name.contains("/") {
            let file = name.hasPrefix("/") ? name : folder.appendingPathComponent(name).standardizedFileURL.path
            return access(file, X_OK) == 0 && !isFolder(file) ? file : nil
        }
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false) {
            let base = directory.isEmpty ? folder.path : String(directory)
            let file = base.hasSuffix("/") ? base + name : base + "/" + name
            if access(file, X_OK) == 0, !isFolder(file) { return file }
        }
        return nil
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
        case overflowed
        /// Writing stdout to its file failed (errno).
        case unwritable(Int32)
    }

    /// The loop that reads both pipes, reaps the program and keeps the bounds.
    struct Watch {
        let pid: pid_t
        var stdoutFD: Int32
        var stderrFD: Int32
        let limits: Limits
        let started: DispatchTime
        /// Where stdout is written, or -1 to keep it in `stdout`.
        let file: Int32
        var stdout = Data()
        var stdoutBytes = 0
        var stderr = Data()
        private var status: Int32?
        private var writeError: Int32?
        private var buffer = [UInt8](repeating: 0, count: 1 << 20)

        init(pid: pid_t, stdout: Int32, stderr: Int32, file: Int32, limits: Limits, started: DispatchTime) {
            self.pid = pid
            stdoutFD = stdout
            stderrFD = stderr
            self.file = file
            self.limits = limits
            self.started = started
        }

        var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9 }

        /// Reads until the program has ended and its pipes are closed, or a bound is reached.
        mutating func wait() -> Ending {
            defer {
                if stdoutFD >= 0 { close(stdoutFD) }
                if stderrFD >= 0 { close(stderrFD) }
            }
            var exitedAt: Double?
            while true {
                if status == nil { reap(blocking: false) }
                if status != nil, exitedAt == nil { exitedAt = elapsed }
                if stdoutFD < 0, stderrFD < 0, let status { return Self.ending(of: status) }
                let now = elapsed
                if let exitedAt, now - exitedAt > limits.graceSeconds {
                    // The program ended; what it started still holds its output.
                    kill(-pid, SIGKILL)
                    return Self.ending(of: status!)
                }
                if now > limits.seconds {
                    stop()
                    return .timedOut
                }
                if stdoutBytes > limits.maxBytes {
                    stop()
                    return .overflowed
                }
                if let writeError {
                    stop()
                    return .unwritable(writeError)
                }
                let remaining = (exitedAt.map { $0 + limits.graceSeconds } ?? limits.seconds) - now
                // With its pipes closed the program is about to end (or ended): it is reaped
                // by polling, every millisecond.
                let waitMilliseconds = stdoutFD < 0 && stderrFD < 0 ? 1 : 100
                pollPipes(milliseconds: Int32(max(1, min(Double(waitMilliseconds), remaining * 1000))))
            }
        }

        /// Waits up to `milliseconds` for either pipe, and reads what arrived.
        private mutating func pollPipes(milliseconds: Int32) {
            var fds: [pollfd] = []
            if stdoutFD >= 0 { fds.append(pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)) }
            if stderrFD >= 0 { fds.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
            guard !fds.isEmpty else {
                usleep(UInt32(milliseconds) * 1000)
                return
            }
            let ready = poll(&fds, nfds_t(fds.count), milliseconds)
            guard ready > 0 else { return }
            for entry in fds where entry.revents != 0 {
                if entry.fd == stdoutFD {
                    if !drainStdout() {
                        close(stdoutFD)
                        stdoutFD = -1
                    }
                } else if !drainStderr() {
                    close(stderrFD)
                    stderrFD = -1
                }
            }
        }

        /// Reads what stdout has, into memory or its file; false at the end of the stream.
        private mutating func drainStdout() -> Bool {
            guard let count = readChunk(stdoutFD) else { return false }
            stdoutBytes += count
            if file < 0 {
                stdout.append(contentsOf: buffer[..<count])
            } else if writeError == nil {
                writeError = buffer.withUnsafeBytes { Self.writeAll(file, $0.baseAddress!, count) }
            }
            return true
        }

        /// Reads what stderr has, keeping its end; false at the end of the stream.
        private mutating func drainStderr() -> Bool {
            guard let count = readChunk(stderrFD) else { return false }
            stderr.append(contentsOf: buffer[..<count])
            if stderr.count > limits.stderrBytes * 2 { stderr = stderr.suffix(limits.stderrBytes) }
            return true
        }

        /// One read into the buffer: the loop checks the bounds between reads. Nil at the end.
        private mutating func readChunk(_ fd: Int32) -> Int? {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                return count > 0 ? count : nil
            }
        }

        /// Writes all `count` bytes; nil, or the errno that stopped it.
        private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int32? {
            var written = 0
            while written < count {
                let result = write(fd, bytes + written, count - written)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return errno }
                written += result
            }
            return nil
        }

        private mutating func reap(blocking: Bool) {
            var raw: Int32 = 0
            while true {
                let reaped = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
                if reaped == -1, errno == EINTR { continue }
                if reaped == pid { status = raw }
                return
            }
        }

        /// SIGTERM to the whole group, SIGKILL to it after the grace, the program reaped.
        private mutating func stop() {
            kill(-pid, SIGTERM)
            let deadline = elapsed + limits.graceSeconds
            while status == nil, elapsed < deadline {
                reap(blocking: false)
                if status == nil { usleep(10_000) }
            }
            kill(-pid, SIGKILL)
            if status == nil { reap(blocking: true) }
        }

        static func ending(of status: Int32) -> Ending {
            let signal = status & 0x7f
            return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }
    }
}
